import BookCatalog
import BookStorage
import Foundation
import Postgres
import SQLite
import ScoutTestSupport
import Testing

/// The book store implementations the contract runs against.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    /// The kinds that can run here: PostgreSQL only when a test server is configured (the
    /// suite's `postgresIsTested` test is skipped visibly otherwise).
    static let available: [StoreKind] = TestPostgresServer.isConfigured ? allCases : [.sqlite]

    var testDescription: String {
        switch self {
        case .sqlite: "SQLite"
        case .postgres: "PostgreSQL"
        }
    }

    /// Runs `body` with a new, empty store of this kind, removed afterwards.
    @discardableResult
    func withStore<T>(_ body: (any BookStore) async throws -> T) async throws -> T {
        switch self {
        case .sqlite:
            try await withTemporaryDirectory(prefix: "scout-contract") { directory in
                try await body(try await BookStores.open(directory.appendingPathComponent("books.sqlite").path))
            }
        case .postgres:
            try await TestPostgresServer.withTemporaryDatabase { url in try await body(try await BookStores.open(url)) }
        }
    }

    /// Runs `sql` on `store`'s database around the store, as a catalog written by an earlier
    /// version or by hand would be.
    func execute(_ sql: String, in store: any BookStore) async throws {
        switch self {
        case .sqlite: try await #require(store as? SQLiteBookStore).database.execute(sql)
        case .postgres: _ = try await #require(store as? PostgresBookStore).database.execute(sql)
        }
    }

    /// The first column of every row `sql` gives on `store`'s database, as text.
    func strings(_ sql: String, in store: any BookStore) async throws -> [String] {
        switch self {
        case .sqlite: try await #require(store as? SQLiteBookStore).database.query(sql) { try $0.string(0) }
        case .postgres: try await #require(store as? PostgresBookStore).database.query(sql) { try $0.string(0) }
        }
    }

    /// Runs `body` with a new store of this kind holding ``SampleBooks/all``, and their ids in order.
    @discardableResult
    func withShelf<T>(_ body: (any BookStore, [Int64]) async throws -> T) async throws -> T {
        try await withStore { store in
            let ids = try await store.upsert(SampleBooks.all).ids
            return try await body(store, ids)
        }
    }
}
