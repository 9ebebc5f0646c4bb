import BookCatalog
import SQLite

extension SQLiteBookStore {
    /// The book with store id `id`, or `nil`: `try await store.book(id: 1)`.
    public func book(id: Int64) async throws -> Book? {
        try await storeWork {
            try await database.query(
                "SELECT \(Self.selectColumns) FROM books WHERE id = ?", [.integer(id)], Self.book(from:)
            ).first
        }
    }

    /// The book with the natural key `key`, or `nil`: `try await store.book(key: key)`.
    public func book(key: BookKey) async throws -> Book? {
        try await storeWork {
            try await database.query(
                "SELECT \(Self.selectColumns) FROM books WHERE source = ? AND source_id = ?",
                [.text(key.source), .text(key.sourceID)], Self.book(from:)
            ).first
        }
    }

    /// How many books the store holds: `try await store.count()`.
    public func count() async throws -> Int {
        try await storeWork {
            try await database.query("SELECT count(*) FROM books") { row in try row.int(0) }.first ?? 0
        }
    }

    /// Every book in the store, by id: `let books = try await store.allBooks()`.
    public func allBooks() async throws -> [Book] {
        try await storeWork {
            try await database.query("SELECT \(Self.selectColumns) FROM books ORDER BY id", [], Self.book(from:))
        }
    }

    /// Bumped by every write that changes books: `try await store.generation()`.
    public func generation() async throws -> Int64 {
        try await storeWork {
            try await database.query("SELECT generation FROM catalog_state") { row in try row.int64(0) }.first ?? 0
        }
    }

    /// The saved checkpoint of the import `name`, or `nil`.
    public func checkpoint(named name: String) async throws -> ImportCheckpoint? {
        try await storeWork {
            try await database.query("SELECT position FROM import_checkpoints WHERE name = ?", [.text(name)]) { row in
                ImportCheckpoint(name: name, position: try row.int(0))
            }.first
        }
    }
}
