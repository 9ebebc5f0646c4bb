import BookCatalog
import Foundation
import Postgres
import SQLite
import ScoutTestSupport
import Testing

@testable import BookStorage

/// What a store's caller sees of a database failure: one ``BookStoreError`` whichever database,
/// whose description never holds a bound value or a password (the databases' own messages,
/// which may, stay in `debugDescription`).
@Suite("Book store errors", .timeLimit(.minutes(10)))
struct BookStoreErrorTests {
    /// A value only a bound parameter holds.
    private static let secret = "secret7Qx"

    @Test func aSQLiteFailureQuotingABoundValueDescribesItWithoutTheValue() async throws {
        let store = try await SQLiteBookStore(database: try await Database(path: ":memory:"))
        // SQLite names the column a MATCH text asks for, and so quotes the bound value.
        let error = await #expect(throws: BookStoreError.self) {
            try await storeWork {
                _ = try await store.database.query(
                    "SELECT rowid FROM books_fts WHERE books_fts MATCH ?", [.text("\(Self.secret):x")])
            }
        }
        let described = try #require(error)
        #expect(described.database == .sqlite)
        #expect(!described.description.contains(Self.secret))
        #expect(described.description.contains("books_fts MATCH ?"))
        #expect(described.debugDescription.contains(Self.secret))
    }

    @Test func aSQLiteFileThatCannotBeOpenedIsUnavailable() async throws {
        try await withTemporaryDirectory(prefix: "scout-store-error") { directory in
            // A folder where the file should be: SQLite cannot open it.
            let path = directory.appending(path: "books.sqlite").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            let error = await #expect(throws: BookStoreError.self) { _ = try await BookStores.open(path) }
            #expect(error?.kind == .unavailable && error?.database == .sqlite)
            // A missing folder is named as missing, and not created.
            let missing = directory.appending(path: "missing/folder/books.sqlite").path
            let absent = await #expect(throws: BookStoreError.self) { _ = try await BookStores.open(missing) }
            #expect(absent?.kind == .missing && absent?.database == .sqlite)
        }
    }

    @Test func aPostgreSQLServerThatDoesNotAnswerIsUnavailableAndItsPasswordIsNotShown() async throws {
        // Nothing listens on port 1 of the loopback address.
        let url = "postgres://scout:\(Self.secret)@127.0.0.1:1/books?password=\(Self.secret)"
        let error = await #expect(throws: BookStoreError.self) { _ = try await BookStores.open(url) }
        let described = try #require(error)
        #expect(described.kind == .unavailable && described.database == .postgres)
        #expect(!described.description.contains(Self.secret))
        #expect(!described.debugDescription.contains(Self.secret))
        #expect(described.description.contains("postgres://scout:***@127.0.0.1:1/books"))
    }

    @Test(.enabled(if: Requirement.postgres.mayRun, Comment(rawValue: Requirement.postgres.skipReason)))
    func aPostgreSQLFailureQuotingABoundValueDescribesItWithoutTheValue() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let store = try await PostgresBookStore(url: url)
            // PostgreSQL's message for a value of the wrong type quotes the value.
            let error = await #expect(throws: BookStoreError.self) {
                try await storeWork { _ = try await store.database.query("SELECT $1::bigint", [.text(Self.secret)]) }
            }
            let described = try #require(error)
            #expect(described.kind == .invalidValue && described.database == .postgres)
            #expect(!described.description.contains(Self.secret))
            #expect(described.description.contains("SELECT $1::bigint"))
            #expect(described.debugDescription.contains(Self.secret))
        }
    }

    @Test func otherErrorsPassThroughAsTheyAre() async throws {
        await #expect(throws: CancellationError.self) { try await storeWork { throw CancellationError() } }
        let error = BookStoreError(SQLiteError(extendedCode: 5, message: "database is locked", sql: "COMMIT"))
        #expect(error.kind == .busy)
        #expect(BookStoreError.translating(error) is BookStoreError)
    }
}
