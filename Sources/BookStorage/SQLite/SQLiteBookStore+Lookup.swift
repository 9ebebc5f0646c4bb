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

    /// The books with store ids `ids` that exist, in any order: `try await store.books(ids: [1, 2])`.
    /// The ids are bound as one JSON array, so every list runs the same statement.
    public func books(ids: [Int64]) async throws -> [Book] {
        guard !ids.isEmpty else { return [] }
        return try await storeWork {
            try await database.query(
                "SELECT \(Self.selectColumns) FROM books WHERE id IN (SELECT value FROM json_each(?))",
                [.text("[" + ids.map(String.init).joined(separator: ",") + "]")], Self.book(from:))
        }
    }

    /// The book known by `key` (its own or a merged record's), or `nil`: `try await store.book(key: key)`.
    public func book(key: BookKey) async throws -> Book? {
        try await storeWork {
            try await database.query(
                """
                SELECT \(Self.selectColumns) FROM book_keys JOIN books ON books.id = book_keys.book_id
                WHERE book_keys.source = ? AND book_keys.source_id = ?
                """,
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
