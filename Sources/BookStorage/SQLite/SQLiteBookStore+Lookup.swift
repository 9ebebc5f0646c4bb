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

    /// The saved checkpoint of the import `name`, or `nil`.
    public func checkpoint(named name: String) async throws -> ImportCheckpoint? {
        try await storeWork {
            try await database.query("SELECT position FROM import_checkpoints WHERE name = ?", [.text(name)]) { row in
                ImportCheckpoint(name: name, position: try row.int(0))
            }.first
        }
    }
}
