import BookCatalog
import ScoutTestSupport
import Testing

extension BookStoreContract {
    /// Alternate titles are stored and read back in order, whatever their script or quoting,
    /// through every way a store reads a book.
    @Test(arguments: StoreKind.available)
    func alternateTitlesReadBackWhole(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            let alternates = ["Le Petit Prince", "Der kleine Prinz", "星の王子さま", "\"Quoted\" \\ back\tslash"]
            let prince = Book(
                source: "test", sourceID: "prince", title: "The Little Prince", alternateTitles: alternates,
                authors: ["Antoine de Saint-Exupéry"])
            let plain = Book(source: "test", sourceID: "plain", title: "No Others")
            let ids = try await store.upsert([prince, plain]).ids
            #expect(try await store.book(id: ids[0])?.alternateTitles == alternates)
            #expect(try await store.book(key: BookKey(prince))?.alternateTitles == alternates)
            #expect(try await store.book(id: ids[1])?.alternateTitles == [])
            #expect(try await store.allBooks().map(\.alternateTitles) == [alternates, []])
            #expect(try await store.upsert([prince, plain]).unchanged == 2)
        }
    }

    /// A write that changes nothing but the alternate titles is an update: counted, touched,
    /// and a new generation, so caches of the catalog see it.
    @Test(arguments: StoreKind.available)
    func changingOnlyAlternateTitlesIsAnUpdate(kind: StoreKind) async throws {
        try await kind.withShelf { store, ids throws in
            let before = try await store.generation()
            var miserables = SampleBooks.miserables
            miserables.alternateTitles = ["Les Mis"]
            let added = try await store.upsert([miserables])
            #expect(added == UpsertResult(updated: 1, ids: [ids[2]], touched: [ids[2]]))
            let afterAdding = try await store.generation()
            #expect(afterAdding != before)
            #expect(try await store.book(id: ids[2])?.alternateTitles == ["Les Mis"])

            miserables.alternateTitles = ["Les Mis", "Los Miserables"]
            #expect(try await store.upsert([miserables]).updated == 1)
            miserables.alternateTitles = []
            #expect(try await store.upsert([miserables]).updated == 1)
            #expect(try await store.book(id: ids[2])?.alternateTitles == [])
            #expect(try await store.generation() != afterAdding)
        }
    }
}
