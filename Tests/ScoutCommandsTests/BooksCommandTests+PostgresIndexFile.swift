import BookCatalog
import BookStorage
import Foundation
import ScoutTestSupport
import Testing

/// `scout books import` into a PostgreSQL catalog writes its search index file in the cache
/// folder, named after the catalog's identity, for the next `scout serve` to map.
extension BooksCommandTests {
    @Test(.enabled(if: Requirement.postgres.mayRun, Comment(rawValue: Requirement.postgres.skipReason)))
    func importIntoPostgreSQLWritesTheIndexFileInTheCacheFolder() async throws {
        try await withTemporaryDirectory { directory in
            try await TestPostgresServer.withTemporaryDatabase { url in
                let file = directory.appending(path: "books.csv")
                try Self.csv.write(to: file, atomically: true, encoding: .utf8)
                let cache = directory.appending(path: "cache")
                let imported = try await ScoutExecutable.run(
                    ["books", "import", "goodbooks", file.path, "--database", url],
                    environment: ["SCOUT_CACHE_DIR": cache.path])
                #expect(imported.exitCode == 0, "\(imported.standardError)")
                let store = try #require(try await BookStores.open(try CatalogLocation(url)) as? PostgresBookStore)
                let identity = try #require(store.catalogIdentity)
                let expected = SearchIndexFile(
                    directory: cache.appending(path: "search-index").path, catalogIdentity: identity)
                let index = try expected.load(generation: try await store.generation()).get()
                #expect(index.count == 3 && index.catalogIdentity == identity)
            }
        }
    }
}
