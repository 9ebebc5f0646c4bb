import BookCatalog
import Foundation
import ScoutTestSupport
import Testing

extension BookStoreContract {
    /// `touched` names the books whose relations may change: inserted or updated books, books
    /// whose tags changed, books given readings, and books given a new link.
    @Test(arguments: StoreKind.available)
    func touchedNamesTheBooksABatchChanged(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            let ids = try await store.upsert(SampleBooks.all).ids
            let link = try #require(URL(string: "https://example.org/similar"))
            let (hunger, fire, hugo) = (
                BookKey(SampleBooks.hungerGames), BookKey(SampleBooks.catchingFire), BookKey(SampleBooks.hugoCabret)
            )
            var renamed = SampleBooks.gameOfThrones
            renamed.title = "A Clash of Kings"
            let first = try await store.apply(
                ImportBatch(
                    books: [SampleBooks.miserables, renamed],
                    tags: [BookTags(book: hunger, tags: SampleBooks.hungerGames.tags)],
                    readings: [Reading(reader: "ann", book: fire, rating: 4)], links: [ListedLink(from: hugo, to: link)]
                ))
            #expect(first.touched == [ids[4], ids[1], ids[3]])  // unchanged book and tags: not touched
            let second = try await store.apply(
                ImportBatch(
                    tags: [BookTags(book: hunger, tags: ["new"])],
                    readings: [Reading(reader: "ann", book: fire, rating: 4)],
                    links: [ListedLink(from: hugo, to: link)]))
            #expect(second.touched == [ids[0], ids[1]])  // the link was already stored
        }
    }

    /// A book imported without tags keeps the tags a tags file gave it.
    @Test(arguments: StoreKind.available)
    func aBookWithoutTagsKeepsItsStoredTags(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            let id = try await store.upsert([SampleBooks.hungerGames]).ids[0]
            var untagged = SampleBooks.hungerGames
            untagged.tags = []
            #expect(try await store.upsert([untagged]).unchanged == 1)
            untagged.year = 2009
            #expect(try await store.upsert([untagged]).updated == 1)
            #expect(try await store.book(id: id)?.tags == SampleBooks.hungerGames.tags)
            #expect(try await store.book(id: id)?.year == 2009)
        }
    }
}
