import BookCatalog
import Postgres
import ScoutTestSupport
import Testing

/// One set of behaviours every ``BookStore`` must show, run against each implementation: each
/// test takes a ``StoreKind`` and gets a fresh, empty store of that kind. Tests live in
/// extensions of this suite, one file per area.
@Suite("Book store contract", .timeLimit(.minutes(10)))
struct BookStoreContract {
    @Test(
        "PostgreSQL store is tested",
        .enabled(if: Requirement.postgres.mayRun, Comment(rawValue: Requirement.postgres.skipReason)))
    func postgresIsTested() async throws {
        #expect(StoreKind.available.contains(.postgres))
        let server = try PostgresURL(try #require(TestPostgresServer.url))
        let version = try await PostgresDatabase(url: server).query("SHOW server_version_num") { try $0.int(0) }
        #expect(try #require(version.first) >= 150_000)
    }

    @Test(arguments: StoreKind.available)
    func storedBooksReadBackWithEveryField(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            let result = try await store.upsert([SampleBooks.hungerGames])
            #expect(result == UpsertResult(inserted: 1, ids: result.ids, touched: Set(result.ids)))
            #expect(result.ids.count == 1)
            let id = result.ids[0]
            let expected = SampleBooks.stored(SampleBooks.hungerGames, id: id)
            #expect(try await store.book(id: id) == expected)
            #expect(try await store.book(key: BookKey(SampleBooks.hungerGames)) == expected)
            #expect(try await store.book(id: id + 100) == nil)
            #expect(try await store.book(key: BookKey(source: "test", sourceID: "404")) == nil)
            #expect(try await store.count() == 1)
        }
    }

    @Test(arguments: StoreKind.available)
    func upsertCountsInsertsUpdatesAndUnchangedOnTheNaturalKey(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            let first = try await store.upsert(SampleBooks.all)
            #expect(first.inserted == SampleBooks.all.count && first.updated == 0 && first.unchanged == 0)
            #expect(Set(first.ids).count == SampleBooks.all.count)
            let second = try await store.upsert(SampleBooks.all)
            #expect(second == UpsertResult(unchanged: SampleBooks.all.count, ids: first.ids))

            var renamed = SampleBooks.miserables
            renamed.title = "Les Miserables (abridged)"
            renamed.id = 999  // ignored: the natural key decides
            let third = try await store.upsert([SampleBooks.catchingFire, renamed])
            #expect(
                third
                    == UpsertResult(
                        updated: 1, unchanged: 1, ids: [first.ids[1], first.ids[2]], touched: [first.ids[2]]))
            #expect(try await store.count() == SampleBooks.all.count)
            #expect(try await store.book(id: first.ids[2])?.title == "Les Miserables (abridged)")
            #expect(try await store.search("abridged", limit: 5).map(\.sourceID) == ["3"])
            // A field set back to nil is a change too.
            var bare = SampleBooks.hungerGames
            bare.coverURL = nil
            #expect(try await store.upsert([bare]).updated == 1)
            #expect(try await store.book(id: first.ids[0])?.coverURL == nil)
        }
    }

    @Test(arguments: StoreKind.available)
    func aBookRepeatedInOneBatchIsInsertedThenUpdated(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            var second = SampleBooks.catchingFire
            second.ratingsCount = 5
            let result = try await store.upsert([SampleBooks.catchingFire, SampleBooks.miserables, second, second])
            #expect(result.inserted == 2 && result.updated == 1 && result.unchanged == 1)
            #expect(result.ids[0] == result.ids[2] && result.ids[2] == result.ids[3] && result.ids[0] != result.ids[1])
            #expect(try await store.book(id: result.ids[0])?.ratingsCount == 5)
        }
    }

    @Test(arguments: StoreKind.available)
    func allBooksListsEveryBookByIdInInsertionOrder(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            #expect(try await store.allBooks().isEmpty)
            #expect(try await store.count() == 0)
            let ids = try await store.upsert(SampleBooks.all).ids
            #expect(ids == ids.sorted())
            let books = try await store.allBooks()
            #expect(books == zip(SampleBooks.all, ids).map { SampleBooks.stored($0, id: $1) })
        }
    }

    @Test(arguments: StoreKind.available)
    func generationChangesOnBookWritesOnly(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            let start = try await store.generation()
            let ids = try await store.upsert(SampleBooks.all).ids
            let afterInsert = try await store.generation()
            #expect(afterInsert != start)
            _ = try await store.upsert(SampleBooks.all)  // unchanged
            #expect(try await store.generation() == afterInsert)
            let key = BookKey(SampleBooks.miserables)
            _ = try await store.apply(ImportBatch(readings: [Reading(reader: "r", book: key, rating: 5)]))
            _ = try await store.apply(ImportBatch(checkpoint: ImportCheckpoint(name: "n", position: 1)))
            try await store.replaceRelations(
                for: [.alsoEnjoyed],
                with: [Relation(kind: .alsoEnjoyed, from: ids[0], to: ids[1], score: 1, reason: "r")])
            #expect(try await store.generation() == afterInsert)
            _ = try await store.apply(ImportBatch(tags: [BookTags(book: key, tags: ["classic"])]))
            let afterTags = try await store.generation()
            #expect(afterTags != afterInsert)
            var renamed = SampleBooks.miserables
            renamed.title = "Les Mis"
            _ = try await store.upsert([renamed])
            #expect(try await store.generation() != afterTags)
        }
    }
}
