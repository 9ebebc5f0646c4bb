import BookCatalog
import ScoutTestSupport
import Testing

extension BookStoreContract {
    /// Relations between ``SampleBooks`` books by index, with a reason naming both ends.
    static func relation(_ kind: Relation.Kind, _ from: Int, _ to: Int, score: Double = 1, ids: [Int64]) -> Relation {
        Relation(kind: kind, from: ids[from], to: ids[to], score: score, reason: "\(kind.phrase) \(from)>\(to)")
    }

    @Test(arguments: StoreKind.available)
    func relatedOrdersByKindThenScoreThenIDOneRowPerBookAndHonoursKindAndLimit(kind: StoreKind) async throws {
        try await kind.withShelf { store, ids in
            let relations = [
                Self.relation(.alsoEnjoyed, 0, 2, score: 0.9, ids: ids),
                Self.relation(.sameAuthor, 0, 4, score: 0.5, ids: ids),
                Self.relation(.sameAuthor, 0, 3, score: 0.5, ids: ids),
                Self.relation(.sameSeries, 0, 1, score: 0.1, ids: ids),
                Self.relation(.sameAuthor, 0, 2, score: 0.8, ids: ids),
                Self.relation(.sameSeries, 1, 0, ids: ids),
            ]
            try await store.replaceRelations(for: Set(Relation.Kind.allCases), with: relations)
            let related = try await store.related(to: ids[0], kind: nil, limit: 50)
            // Book 2 is related in two ways: one row, at its strongest relation's place, both reasons.
            var both = relations[4]
            both.reason = "same author 0>2; readers also enjoyed 0>2"
            #expect(related.map(\.relation) == [relations[3], both, relations[2], relations[1]])
            #expect(
                related.allSatisfy {
                    $0.book == SampleBooks.stored(SampleBooks.all[ids.firstIndex(of: $0.book.id)!], id: $0.book.id)
                })
            #expect(
                try await store.related(to: ids[0], kind: .sameAuthor, limit: 2).map(\.book.id) == [ids[2], ids[3]])
            #expect(try await store.related(to: ids[0], kind: .listedSimilar, limit: 5).isEmpty)
            #expect(try await store.related(to: ids[0], kind: nil, limit: 0).count == 1)
            #expect(try await store.related(to: ids[1]).map(\.book.id) == [ids[0]])
            #expect(try await store.related(to: 999_999).isEmpty)
        }
    }

    @Test(arguments: StoreKind.available)
    func replacingRelationsKeepsOtherKindsAndTheLastOfARepeat(kind: StoreKind) async throws {
        try await kind.withShelf { store, ids in
            let enjoyed = Self.relation(.alsoEnjoyed, 2, 3, score: 0.7, ids: ids)
            let series = Self.relation(.sameSeries, 0, 1, ids: ids)
            try await store.replaceRelations(for: [.alsoEnjoyed, .sameSeries], with: [enjoyed, series])
            var repeated = series
            repeated.score = 0.25
            // Kinds outside the replaced set are ignored; a repeat keeps its last value.
            try await store.replaceRelations(for: [.sameSeries], with: [series, enjoyed, repeated])
            #expect(try await store.related(to: ids[0]).map(\.relation) == [repeated])
            #expect(try await store.related(to: ids[2]).map(\.relation) == [enjoyed])
            try await store.replaceRelations(for: [.sameSeries], with: [])
            #expect(try await store.related(to: ids[0]).isEmpty)
            #expect(try await store.related(to: ids[2]).map(\.relation) == [enjoyed])
            try await store.replaceRelations(for: [], with: [series])
            #expect(try await store.related(to: ids[0]).isEmpty)
        }
    }

    @Test(arguments: StoreKind.available)
    func replacingRelationsFromSomeSourcesLeavesTheOthers(kind: StoreKind) async throws {
        try await kind.withShelf { store, ids in
            let fromHunger = Self.relation(.sameAuthor, 0, 1, ids: ids)
            let fromFire = Self.relation(.sameAuthor, 1, 0, ids: ids)
            let fromHugo = Self.relation(.sameAuthor, 3, 2, ids: ids)
            try await store.replaceRelations(for: [.sameAuthor], with: [fromHunger, fromFire, fromHugo])
            var newer = fromFire
            newer.reason = "rebuilt"
            try await store.replaceRelations(for: [.sameAuthor], from: [ids[1], ids[3]], with: [newer])
            #expect(try await store.related(to: ids[0]).map(\.relation) == [fromHunger])
            #expect(try await store.related(to: ids[1]).map(\.relation) == [newer])
            #expect(try await store.related(to: ids[3]).isEmpty)
            try await store.replaceRelations(for: [.sameAuthor], from: [], with: [])
            #expect(try await store.related(to: ids[0]).map(\.relation) == [fromHunger])
        }
    }

    /// A relation to a book that does not exist fails the whole replacement, which keeps the old rows.
    @Test(arguments: StoreKind.available)
    func aDanglingRelationFailsTheWholeReplacement(kind: StoreKind) async throws {
        try await kind.withShelf { store, ids in
            let enjoyed = Self.relation(.alsoEnjoyed, 2, 3, ids: ids)
            try await store.replaceRelations(for: [.alsoEnjoyed], with: [enjoyed])
            let dangling = Relation(kind: .alsoEnjoyed, from: ids[0], to: 999_999, score: 1, reason: "x")
            await #expect(throws: (any Error).self) {
                try await store.replaceRelations(
                    for: [.alsoEnjoyed], with: [Self.relation(.alsoEnjoyed, 0, 1, ids: ids), dangling])
            }
            #expect(try await store.related(to: ids[2]).map(\.relation) == [enjoyed])
            #expect(try await store.related(to: ids[0]).isEmpty)
        }
    }

    @Test(arguments: StoreKind.available)
    func aSoundStoreHasNoIntegrityProblems(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            #expect(try await store.integrityProblems().isEmpty)
            let ids = try await store.upsert(SampleBooks.all).ids
            try await store.replaceRelations(for: [.sameSeries], with: [Self.relation(.sameSeries, 0, 1, ids: ids)])
            _ = try await store.apply(
                ImportBatch(readings: [Reading(reader: "ann", book: BookKey(SampleBooks.hugoCabret), rating: 4)]))
            #expect(try await store.integrityProblems().isEmpty)
        }
    }
}
