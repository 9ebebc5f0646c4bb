import BookCatalog
import BookStorage
import Foundation
import ScoutTestSupport
import Testing

/// `scout serve` on a PostgreSQL catalog whose large import died before building the search
/// indexes it deferred: the server builds them as it starts, rather than leaving every search
/// to scan `books` until the next write.
extension ServeCommandTests {
    @Test(
        "builds the search indexes a killed PostgreSQL import left unbuilt as it starts",
        .enabled(if: Requirement.postgres.mayRun, Comment(rawValue: Requirement.postgres.skipReason)))
    func buildsTheSearchIndexesOfAKilledImport() async throws {
        try await withTemporaryDirectory { directory in
            try await TestPostgresServer.withTemporaryDatabase { url in
                try await Self.leaveADeadImport(in: url)
                let store = try await PostgresBookStore(url: url)
                let released = await eventually(within: .seconds(60), pollingEvery: .milliseconds(1)) {
                    (try? await store.isBulkImportLive()) == false
                }
                try #require(released, "the importer's session still holds the import lock")
                #expect(try await store.areSearchIndexesDeferred())

                let process = try ScoutProcess(
                    ["serve", "--listen", "127.0.0.1:0", "--database", url],
                    environment: ["SCOUT_CACHE_DIR": directory.appending(path: "cache").path])
                _ = try await process.waitForOutput(matching: #"http://127\.0\.0\.1:[0-9]+/"#)
                let built = await eventually(within: .seconds(60), pollingEvery: .milliseconds(5)) {
                    (try? await store.areSearchIndexesDeferred()) == false
                }
                process.signal(SIGTERM)
                let result = try await process.waitForExit()
                #expect(built, "the server did not build them: \(result.standardError)")
                #expect(result.exitCode == 0)
                #expect(try await store.search("harbour", limit: 5).map(\.title) == ["Quiet Harbour"])
                #expect(try await store.integrityProblems().isEmpty)
            }
        }
    }

    /// The first batch of a large import, by a store let go at once: its connection, and so its
    /// session's import lock, closes as a killed importer's does.
    static func leaveADeadImport(in url: String) async throws {
        let importer = try await PostgresBookStore(url: url)
        _ = try await importer.apply(
            ImportBatch(
                books: [Book(source: "bulk", sourceID: "1", title: "Quiet Harbour", authors: ["Ann Lee"])],
                recordsToFollow: 50_000))
        #expect(try await importer.isBulkImportLive())
    }
}
