import BookCatalog
import Foundation
import ScoutTestSupport
import Testing

extension BookStoreContract {
    /// A retired key leaves its book; a book no source names any more goes, with its readings,
    /// and one another source names stays; retiring again, or an unknown key, changes nothing.
    @Test(arguments: StoreKind.available)
    func retiredKeysTakeTheirBooksWithThem(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            let ids = try await store.upsert(SampleBooks.all).ids
            let other = Book(source: "other", sourceID: "x", title: "Les Misérables", authors: ["Victor Hugo"])
            #expect(try await store.upsert([other]).ids == [ids[2]])  // the same book, by title and author
            _ = try await store.apply(
                ImportBatch(readings: [Reading(reader: "ann", book: BookKey(SampleBooks.catchingFire), rating: 5)]))
            let generation = try await store.generation()

            let keys = [
                BookKey(SampleBooks.hungerGames),  // its Goodreads alias left alone does not keep it
                BookKey(SampleBooks.catchingFire), BookKey(SampleBooks.miserables),
                BookKey(source: "test", sourceID: "nobody"),
            ]
            #expect(Set(try await store.retire(keys: keys)) == [ids[0], ids[1]])
            #expect(try await store.count() == 3)
            #expect(try await store.book(key: BookKey(SampleBooks.miserables)) == nil)
            #expect(try await store.book(key: BookKey(other))?.id == ids[2])
            #expect(try await store.generation() > generation)
            #expect(try await store.contents().readings.isEmpty)
            #expect(try await store.integrityProblems() == [])
            #expect(try await store.search("hunger", limit: 5).isEmpty)

            #expect(try await store.retire(keys: keys) == [])
            #expect(try await store.retire(keys: []) == [])
            #expect(try await store.count() == 3)
        }
    }
}
