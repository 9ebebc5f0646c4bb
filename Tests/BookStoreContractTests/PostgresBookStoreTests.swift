import BookCatalog
import Postgres
import ScoutTestSupport
import Testing

/// What only the PostgreSQL store does: its integrity check and batch size.
@Suite("PostgreSQL book store", .enabled(if: TestPostgresServer.isConfigured, TestPostgresServer.skipReason))
struct PostgresBookStoreTests {
    @Test func integrityProblemsFindASearchEntryWrittenAroundTheStore() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let store = try await PostgresBookStore(url: url)
            let ids = try await store.upsert(SampleBooks.all).ids
            #expect(try await store.integrityProblems().isEmpty)
            try await store.database.execute("UPDATE books SET title = 'Dune' WHERE id = $1", [.integer(ids[2])])
            #expect(try await store.integrityProblems().count == 1)
            #expect(try await store.integrityProblems().first?.contains("book \(ids[2])") == true)
            _ = try await store.upsert([SampleBooks.miserables])  // applying the book again repairs it
            #expect(try await store.integrityProblems().isEmpty)
        }
    }

    /// Ten thousand books are a handful of statements, not ten thousand round trips.
    @Test func tenThousandBooksApplyInOneQuickBatch() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let store = try await PostgresBookStore(url: url)
            let books = (0..<10_000).map { index in
                Book(
                    source: "bulk", sourceID: "\(index)", title: "Volume \(index) of Everything",
                    authors: ["Writer \(index % 97)"], ratingsCount: index)
            }
            let clock = ContinuousClock()
            let start = clock.now
            let inserted = try await store.upsert(books)
            let again = try await store.upsert(books)
            let elapsed = clock.now - start
            #expect(inserted.inserted == 10_000 && again.unchanged == 10_000 && again.ids == inserted.ids)
            #expect(elapsed < .seconds(20), "two 10k-book batches took \(elapsed)")
            #expect(try await store.search("volume 9999", limit: 5).map(\.sourceID) == ["9999"])
        }
    }
}
