import BookCatalog
import BookStorage
import Foundation
import ScoutTestSupport
import Testing

/// A store's ranked search with its index kept in a file: a second process on the catalog maps
/// the file the first wrote and never lists the books; a catalog written since is rebuilt.
@Suite("Search index file of a store")
struct SearchIndexFileStoreTests {
    /// Runs `body` with a store in a fresh SQLite file and that file's path.
    private func withStore(_ body: (SQLiteBookStore, String) async throws -> Void) async throws {
        try await withTemporaryDirectory(prefix: "scout-index-file") { directory in
            let path = directory.appendingPathComponent("books.sqlite").path
            try await body(try await SQLiteBookStore(path: path), path)
        }
    }

    @Test func aSecondStoreSearchesTheMappedIndexWithoutListingTheBooks() async throws {
        try await withStore { base, path in
            _ = try await base.upsert(SampleBooks.all)
            let file = SearchIndexFile(path: path + ".observed-index")
            let first = ObservedStore(base: base, indexFile: file)
            try await first.prepareSearch()
            #expect(first.searchEntriesReadCount == 1)
            let expected = try await first.rankedPage("hunger gmaes", offset: 0, limit: 10)

            // Another process starting on the same catalog: its own cache, the same file.
            let second = ObservedStore(base: base, indexFile: file)
            try await second.prepareSearch()
            _ = second.takeQueries()
            let page = try await second.rankedPage("hunger gmaes", offset: 0, limit: 10)
            #expect(second.searchEntriesReadCount == 0)
            // Its typo dictionary ("gmaes") comes from the file's vocabulary, not the store's words.
            #expect(first.searchTermsReadCount == 1 && second.searchTermsReadCount == 0)
            #expect(second.takeQueries().isEmpty, "candidates come from the mapped index, not the store")
            #expect(page.matches.map(\.book.id) == expected.matches.map(\.book.id) && !page.matches.isEmpty)
            #expect(page.total == expected.total)
        }
    }

    @Test func aCatalogWrittenSinceTheFileIsIndexedAgainAndTheFileRewritten() async throws {
        try await withStore { base, path in
            _ = try await base.upsert(SampleBooks.all)
            let file = SearchIndexFile(path: path + ".observed-index")
            try await ObservedStore(base: base, indexFile: file).prepareSearch()
            _ = try await base.upsert([Book(source: "manual", sourceID: "zx", title: "Zyxomancy")])
            let generation = try await base.generation()
            #expect(file.load(generation: generation).failure == .stale(file: generation - 1, catalog: generation))

            let restarted = ObservedStore(base: base, indexFile: file)
            try await restarted.prepareSearch()
            #expect(restarted.searchEntriesReadCount == 1)
            #expect(
                try await restarted.rankedPage("zyxo", offset: 0, limit: 5).matches.map(\.book.title) == ["Zyxomancy"])
            #expect(try file.load(generation: generation).get().isMapped)
        }
    }

    @Test func theSQLiteStoreKeepsItsIndexBesideTheDatabase() async throws {
        try await withStore { store, path in
            _ = try await store.upsert(SampleBooks.all)
            try await store.prepareSearch()
            let file = try #require(SearchIndexFile(besideDatabase: path))
            let index = try file.load(generation: try await store.generation()).get()
            #expect(index.count == (try await store.count()))
        }
    }
}
