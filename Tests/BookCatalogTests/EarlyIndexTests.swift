import BookStorage
import Foundation
import ScoutTestSupport
import Testing

@testable import BookCatalog

/// A server starting on a catalog whose index file is current answers from the mapped file at
/// once, while the typo dictionary is still being built from its vocabulary (seconds at ten
/// million books), instead of sending those first searches to the store's own search.
@Suite("Index mapped before the dictionary")
struct EarlyIndexTests {
    /// The first catalog build's lookup for `store` once the build has run but is not yet
    /// recorded as finished, as a search sees it while the dictionary is still being built.
    private func lookupWhileBuilding(
        _ store: SQLiteBookStore, file: SearchIndexFile?
    ) async throws -> TypoTolerance.CatalogCache.Lookup? {
        let generation = try await store.generation()
        var cache = TypoTolerance.CatalogCache()
        let first = cache.catalogOrBuild(at: generation, from: store, indexesBooks: true, indexFile: file)
        guard case .building(let task, _) = first.lookup, first.started != nil else {
            Issue.record("a fresh cache starts the first build")
            return nil
        }
        _ = try await task.value
        let during = cache.catalogOrBuild(at: generation, from: store, indexesBooks: true, indexFile: file)
        guard case .building = during.lookup, during.started == nil else {
            Issue.record("the build stays in flight until it is recorded as finished")
            return nil
        }
        return during.lookup
    }

    /// A store of the sample books in `directory`, and the file beside it.
    private func catalog(in directory: URL) async throws -> (SQLiteBookStore, SearchIndexFile) {
        let path = directory.appending(path: "books.sqlite").path
        let store = try await SQLiteBookStore(path: path)
        _ = try await store.upsert(SampleBooks.all)
        return (store, SearchIndexFile(path: path + ".search-index"))
    }

    @Test func aCurrentFileAnswersBeforeTheDictionaryIsBuilt() async throws {
        try await withTemporaryDirectory(prefix: "scout-early-index") { directory in
            let (store, file) = try await catalog(in: directory)
            let generation = try await store.generation()
            // The file as an import leaves it.
            _ = file.store(try CandidateIndex(try await store.searchEntries(), generation: generation))

            let lookup = try await lookupWhileBuilding(store, file: file)
            let index = try #require(lookup?.currentIndex, "the mapped file answers while the build is in flight")
            #expect(index.isMapped && index.generation == generation)
            #expect(
                index.search(SearchText.exactQuery("hunger ga")!, limit: 5).map(\.title).contains("The Hunger Games"))
        }
    }

    @Test func withoutACurrentFileTheStoreAnswersUntilTheBuildEnds() async throws {
        try await withTemporaryDirectory(prefix: "scout-early-index") { directory in
            let (store, _) = try await catalog(in: directory)
            // Each case its own file: a build with no current file writes one in the background.
            func file(_ name: String) -> SearchIndexFile {
                SearchIndexFile(path: directory.appending(path: name).path)
            }
            // No file at all: the index is built from the store, after the dictionary.
            #expect(try await lookupWhileBuilding(store, file: file("none.search-index"))?.currentIndex == nil)
            // A file of an older generation is never used early.
            let older = file("older.search-index")
            _ = older.store(
                try CandidateIndex(try await store.searchEntries(), generation: try await store.generation()))
            _ = try await store.upsert([Book(source: "manual", sourceID: "zx", title: "Zyxomancy")])
            #expect(try await lookupWhileBuilding(store, file: older)?.currentIndex == nil)
            // A file of this generation but of another catalog (one book fewer) is withdrawn
            // once the count shows it.
            let other = file("other.search-index")
            let now = try await store.generation()
            _ = other.store(try CandidateIndex(Array(try await store.searchEntries().dropLast()), generation: now))
            #expect(try await lookupWhileBuilding(store, file: other)?.currentIndex == nil)
        }
    }

    @Test func aFileAnotherProcessWroteAnswersWhileTheNewDictionaryIsBuilt() async throws {
        try await withTemporaryDirectory(prefix: "scout-early-index") { directory in
            let (store, file) = try await catalog(in: directory)
            var cache = TypoTolerance.CatalogCache()
            let first = try await store.generation()
            guard case (.building(let build, _), _) = cache.catalogOrBuild(at: first, from: store, indexesBooks: true)
            else {
                Issue.record("a fresh cache starts the first build")
                return
            }
            cache.finish(build, at: first, with: try await build.value)
            // Another process imports a book and writes the file of the new generation.
            _ = try await store.upsert([Book(source: "manual", sourceID: "zx", title: "Zyxomancy")])
            let second = try await store.generation()
            _ = file.store(try CandidateIndex(try await store.searchEntries(), generation: second))

            guard
                case (.stale(_, let early?), let started?) = cache.catalogOrBuild(
                    at: second, from: store, indexesBooks: true, indexFile: file)
            else {
                Issue.record("the old catalog serves while the new generation's builds")
                return
            }
            _ = try await started.task.value
            guard
                case (.stale, nil) = cache.catalogOrBuild(at: second, from: store, indexesBooks: true, indexFile: file)
            else {
                Issue.record("the build stays in flight until it is recorded as finished")
                return
            }
            let index = try #require(early.index, "the new file is mapped before the new dictionary is in use")
            #expect(index.generation == second)
            #expect(index.search(SearchText.exactQuery("zyxo")!, limit: 5).map(\.title) == ["Zyxomancy"])
            // A search sees it as the current index.
            let lookup = cache.catalogOrBuild(at: second, from: store, indexesBooks: true, indexFile: file).lookup
            #expect(lookup.currentIndex?.generation == second)
        }
    }
}
