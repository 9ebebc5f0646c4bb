import BookCatalog
import Foundation
import SQLite
import ScoutTestSupport
import Testing

/// What only the SQLite store does; what every store does is in the "Book store contract" suite
/// (Tests/BookStoreContractTests), which runs against SQLite and PostgreSQL alike.
@Suite struct SQLiteBookStoreTests {
    @Test func aReopenedFileKeepsItsBooksInWALModeAtTheLatestSchema() async throws {
        try await withTemporaryDirectory(prefix: "scout-books") { directory in
            let path = directory.appendingPathComponent("books.sqlite").path
            let ids = try await SQLiteBookStore(path: path).upsert(SampleBooks.all).ids
            let reopened = try await SQLiteBookStore(path: path)
            #expect(try await reopened.allBooks().map(\.id) == ids)
            #expect(try await reopened.database.journalMode() == "wal")
            #expect(try await reopened.database.schemaVersion() == SQLiteBookStore.migrations.count)
        }
    }
}
