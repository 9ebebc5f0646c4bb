import BookCatalog
import Foundation
import ScoutTestSupport
import Testing

extension BookStoreContract {
    @Test(arguments: StoreKind.available)
    func applyWritesTagsReadingsAndLinksAndCountsTheUnmatched(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            let (hunger, fire, missing) = (
                BookKey(SampleBooks.hungerGames), BookKey(SampleBooks.catchingFire),
                BookKey(source: "test", sourceID: "404")
            )
            let similar = try #require(URL(string: "https://example.org/book/similar"))
            let result = try await store.apply(
                ImportBatch(
                    books: [SampleBooks.hungerGames, SampleBooks.catchingFire],
                    tags: [
                        BookTags(book: hunger, tags: ["first"]), BookTags(book: missing, tags: ["x"]),
                        BookTags(book: hunger, tags: ["dystopia", "classic"]),
                    ],
                    readings: [
                        Reading(reader: "ann", book: hunger, rating: 5), Reading(reader: "bob", book: fire, rating: 3),
                        Reading(reader: "ann", book: missing, rating: 5),
                        Reading(reader: "cy", book: fire, wantsToRead: true),
                    ],
                    links: [
                        ListedLink(from: hunger, to: similar), ListedLink(from: hunger, to: similar),
                        ListedLink(from: missing, to: similar),
                    ]))
            #expect(result.inserted == 2 && result.unmatched == 3)
            let ids = result.ids
            // The last tags of a book named twice win.
            #expect(try await store.book(id: ids[0])?.tags == ["dystopia", "classic"])
            #expect(
                try await store.readerPicks(minimumRating: 3) == [
                    ReaderPick(reader: "ann", book: ids[0]), ReaderPick(reader: "bob", book: ids[1]),
                ])
            #expect(try await store.readerPicks(minimumRating: 4) == [ReaderPick(reader: "ann", book: ids[0])])
            #expect(try await store.outgoingLinks() == [OutgoingLink(from: ids[0], to: similar)])
        }
    }

    @Test(arguments: StoreKind.available)
    func readingsMergeARatingWithAnEarlierOneAndKeepWantsToRead(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            let ids = try await store.upsert(SampleBooks.all).ids
            let key = BookKey(SampleBooks.miserables)
            _ = try await store.apply(
                ImportBatch(readings: [Reading(reader: "ann", book: key, rating: 2, wantsToRead: true)]))
            // No rating keeps the old one; wantsToRead once set stays set.
            _ = try await store.apply(ImportBatch(readings: [Reading(reader: "ann", book: key)]))
            #expect(try await store.readerPicks(minimumRating: 2) == [ReaderPick(reader: "ann", book: ids[2])])
            // A new rating replaces it, also when the same reading repeats in one batch.
            _ = try await store.apply(
                ImportBatch(readings: [
                    Reading(reader: "ann", book: key, rating: 5), Reading(reader: "ann", book: key, rating: 1),
                ]))
            #expect(try await store.readerPicks(minimumRating: 2).isEmpty)
            #expect(try await store.readerPicks(minimumRating: 1) == [ReaderPick(reader: "ann", book: ids[2])])
        }
    }

    @Test(arguments: StoreKind.available)
    func checkpointsAreSavedReplacedAndRemoved(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            #expect(try await store.checkpoint(named: "import a") == nil)
            _ = try await store.apply(
                ImportBatch(
                    books: [SampleBooks.hungerGames], checkpoint: ImportCheckpoint(name: "import a", position: 10)))
            _ = try await store.apply(ImportBatch(checkpoint: ImportCheckpoint(name: "import b", position: 1)))
            #expect(try await store.checkpoint(named: "import a") == ImportCheckpoint(name: "import a", position: 10))
            _ = try await store.apply(ImportBatch(checkpoint: ImportCheckpoint(name: "import a", position: 20)))
            #expect(try await store.checkpoint(named: "import a")?.position == 20)
            _ = try await store.apply(ImportBatch(checkpoint: ImportCheckpoint(name: "import a", position: nil)))
            #expect(try await store.checkpoint(named: "import a") == nil)
            #expect(try await store.checkpoint(named: "import b")?.position == 1)
        }
    }

    /// A batch that fails midway (here on the rating CHECK constraint, after its books and tags)
    /// writes nothing: not its books, tags, readings, links or checkpoint, nor a new generation.
    @Test(arguments: StoreKind.available)
    func aFailingBatchWritesNothing(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            let ids = try await store.upsert([SampleBooks.hungerGames]).ids
            let generation = try await store.generation()
            var renamed = SampleBooks.hungerGames
            renamed.title = "Renamed"
            let link = try #require(URL(string: "https://example.org/x"))
            let hunger = BookKey(SampleBooks.hungerGames)
            let poisoned = ImportBatch(
                books: [renamed, SampleBooks.miserables], tags: [BookTags(book: hunger, tags: ["new"])],
                readings: [
                    Reading(reader: "ann", book: hunger, rating: 4), Reading(reader: "bob", book: hunger, rating: 9),
                ],
                links: [ListedLink(from: hunger, to: link)], checkpoint: ImportCheckpoint(name: "import", position: 2))
            await #expect(throws: (any Error).self) { try await store.apply(poisoned) }
            #expect(try await store.allBooks() == [SampleBooks.stored(SampleBooks.hungerGames, id: ids[0])])
            #expect(try await store.readerPicks(minimumRating: 1).isEmpty)
            #expect(try await store.outgoingLinks().isEmpty)
            #expect(try await store.checkpoint(named: "import") == nil)
            #expect(try await store.generation() == generation)
            #expect(try await store.integrityProblems().isEmpty)
            // The store still works after the rollback.
            #expect(try await store.upsert([SampleBooks.miserables]).inserted == 1)
        }
    }

    @Test(arguments: StoreKind.available)
    func anEmptyBatchChangesNothing(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            let generation = try await store.generation()
            #expect(try await store.apply(ImportBatch()) == UpsertResult())
            #expect(try await store.generation() == generation)
        }
    }
}
