import BookCatalog
import BookStorage
import ScoutTestSupport
import Testing

extension BookStoreContract {
    /// A full streamed replacement (what `rebuildRelations()` writes, and what PostgreSQL swaps a
    /// fresh table in for) keeps the kinds it does not replace, leaves a catalog whose deletes
    /// still cascade both ways, and can be done again over its own result.
    @Test(arguments: StoreKind.available)
    func aFullStreamedReplacementKeepsOtherKindsAndItsCascades(kind: StoreKind) async throws {
        try await kind.withShelf { store, ids in
            let series = Self.relation(.sameSeries, 0, 1, ids: ids)
            try await store.replaceRelations(for: [.sameSeries], with: [series])
            try await store.replaceRelations(for: [.sameAuthor], with: [Self.relation(.sameAuthor, 2, 3, ids: ids)])
            let toTwo = Self.relation(.sameAuthor, 0, 2, ids: ids)
            let written = [
                [toTwo], [Self.relation(.sameAuthor, 1, 2, ids: ids), Self.relation(.sameAuthor, 3, 0, ids: ids)],
            ]
            #expect(try await Self.replace(store, kinds: [.sameAuthor], chunks: written) == 3)
            #expect(try await store.related(to: ids[0]).map(\.relation) == [series, toTwo])
            #expect(try await store.related(to: ids[2]).isEmpty)
            #expect(try await store.integrityProblems().isEmpty)

            try await kind.execute("DELETE FROM books WHERE id = \(ids[2])", in: store)
            #expect(try await store.related(to: ids[0]).map(\.relation) == [series])
            #expect(try await store.related(to: ids[1]).isEmpty)
            try await kind.execute("DELETE FROM books WHERE id = \(ids[3])", in: store)
            #expect(try await store.contents().relations == [series])

            let again = Self.relation(.sameAuthor, 1, 0, ids: ids)
            #expect(try await Self.replace(store, kinds: [.sameAuthor], chunks: [[again]]) == 1)
            #expect(try await store.contents().relations == [series, again])
            #expect(try await store.integrityProblems().isEmpty)
        }
    }

    /// A full streamed replacement naming a book that is not stored fails as a store error and
    /// leaves the old relations, and the next replacement goes through.
    @Test(arguments: StoreKind.available)
    func aFullStreamedReplacementToAMissingBookFailsAndKeepsTheOldSet(kind: StoreKind) async throws {
        try await kind.withShelf { store, ids in
            let old = Self.relation(.sameSeries, 0, 1, ids: ids)
            try await store.replaceRelations(for: [.sameSeries], with: [old])
            let missing = Relation(
                kind: .sameSeries, from: ids[2], to: (ids.max() ?? 0) + 1_000, score: 1, reason: "gone")
            await #expect(throws: BookStoreError.self) {
                try await Self.replace(
                    store, kinds: [.sameSeries], chunks: [[Self.relation(.sameSeries, 1, 0, ids: ids)], [missing]])
            }
            #expect(try await store.contents().relations == [old])
            let new = Self.relation(.sameSeries, 1, 0, ids: ids)
            #expect(try await Self.replace(store, kinds: [.sameSeries], chunks: [[new]]) == 1)
            #expect(try await store.contents().relations == [new])
            #expect(try await store.integrityProblems().isEmpty)
        }
    }

    /// A relation of a kind this version does not know (a newer version wrote it) stays through
    /// a replacement of some kinds, streamed or not, and goes with a full replacement of every
    /// kind — alike on both stores.
    @Test(arguments: StoreKind.available)
    func kindsThisVersionDoesNotKnowGoOnlyWithAReplacementOfEveryKind(kind: StoreKind) async throws {
        try await kind.withShelf { store, ids in
            try await kind.execute(
                """
                INSERT INTO relations (from_id, to_id, kind, score, reason)
                VALUES (\(ids[0]), \(ids[1]), 'fromANewerVersion', 1, 'newer')
                """, in: store)
            let kinds = "SELECT kind FROM relations ORDER BY kind"
            let author = Self.relation(.sameAuthor, 0, 2, ids: ids)
            #expect(try await Self.replace(store, kinds: [.sameAuthor], chunks: [[author]]) == 1)
            #expect(try await kind.strings(kinds, in: store) == ["fromANewerVersion", "sameAuthor"])
            try await store.replaceRelations(for: [.sameSeries], with: [Self.relation(.sameSeries, 0, 1, ids: ids)])
            #expect(try await kind.strings(kinds, in: store) == ["fromANewerVersion", "sameAuthor", "sameSeries"])
            #expect(try await Self.replace(store, kinds: RelationBuilder.kinds, chunks: [[author]]) == 1)
            #expect(try await kind.strings(kinds, in: store) == ["sameAuthor"])
            #expect(try await store.integrityProblems().isEmpty)
        }
    }
}
