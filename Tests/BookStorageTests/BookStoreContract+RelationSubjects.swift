import BookCatalog
import ScoutTestSupport
import Testing

extension BookStoreContract {
    @Test(
        "relationSubjects() reads of every book, by id, what the relation rules read of it whole",
        arguments: StoreKind.available)
    func relationSubjectsAreWhatTheRulesReadOfEachBook(kind: StoreKind) async throws {
        try await kind.withShelf { store, ids in
            let subjects = try await store.relationSubjects()
            #expect(subjects.map(\.id) == ids.sorted())
            #expect(subjects == (try await store.allBooks()).map(RelationSubject.init))
            #expect(subjects.contains { !$0.series.isEmpty } && subjects.contains { !$0.tags.isEmpty })
        }
    }

    @Test(
        "relationSubjects(after:limit:) pages through every subject by id, each page after the last",
        arguments: StoreKind.available)
    func relationSubjectPagesAreTheSubjectsInOrder(kind: StoreKind) async throws {
        try await kind.withShelf { store, ids in
            let paging = try #require(store as? any RelationSubjectPaging)
            let whole = try await store.relationSubjects()
            #expect(whole.count >= 3)
            var pages: [[RelationSubject]] = []
            var after = Int64.min
            // A bound the test cannot pass by looping: one page per book at most, and one empty.
            for _ in 0...whole.count {
                let page = try await paging.relationSubjects(after: after, limit: 2)
                guard let last = page.last else { break }
                pages.append(page)
                after = last.id
            }
            #expect(pages.map(\.count).allSatisfy { $0 <= 2 } && pages.count == (whole.count + 1) / 2)
            #expect(pages.flatMap(\.self) == whole)
            #expect(try await paging.relationSubjects(after: ids.max() ?? 0, limit: 10).isEmpty)
            #expect(try await paging.relationSubjects(after: ids.sorted()[0], limit: 1).map(\.id) == [ids.sorted()[1]])
            #expect(try await paging.relationSubjects(after: .min, limit: 0).isEmpty)
        }
    }

    @Test(
        "A rebuild writing more relations than one INSERT holds stores every one",
        arguments: StoreKind.available)
    func relationsPastOneStatementAreAllStored(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let books = (1...55).map {
                Book(source: "test", sourceID: "\($0)", title: "Book \($0)", authors: ["Author \($0)"])
            }
            let ids = try await store.upsert(books).ids
            // Every ordered pair of 55 books, 2,970 relations: a full statement and a shorter one.
            let pairs = ids.flatMap { from in ids.filter { $0 != from }.map { (from, $0) } }
            let relations = pairs.enumerated().map { index, pair in
                Relation(
                    kind: .alsoEnjoyed, from: pair.0, to: pair.1, score: Double(index % 100) / 100,
                    reason: "\(index)")
            }
            try await store.replaceRelations(for: Set(Relation.Kind.allCases), with: relations)
            let stored = try await store.contents().relations
            #expect(stored.count == relations.count)
            #expect(
                Set(stored.map { "\($0.kind)-\($0.from)-\($0.to)-\($0.reason)" })
                    == Set(relations.map { "\($0.kind)-\($0.from)-\($0.to)-\($0.reason)" }))
        }
    }
}
