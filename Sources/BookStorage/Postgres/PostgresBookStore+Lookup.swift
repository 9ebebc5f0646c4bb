import BookCatalog
import Postgres

extension PostgresBookStore {
    /// The book with store id `id`, or `nil`: `try await store.book(id: 1)`.
    public func book(id: Int64) async throws -> Book? {
        try await storeWork {
            try await database.query(
                "SELECT \(Self.selectColumns) FROM books WHERE id = $1", [.integer(id)], Self.book(from:)
            ).first
        }
    }

    /// The books with store ids `ids` that exist, in any order: `try await store.books(ids: [1, 2])`.
    /// The ids are bound as one array, so every list runs the same prepared statement.
    public func books(ids: [Int64]) async throws -> [Book] {
        guard !ids.isEmpty else { return [] }
        return try await storeWork {
            try await database.query(
                "SELECT \(Self.selectColumns) FROM books WHERE books.id = ANY($1)", [.integerArray(ids)],
                Self.book(from:))
        }
    }

    /// The book known by `key` (its own or a merged record's), or `nil`: `try await store.book(key: key)`.
    public func book(key: BookKey) async throws -> Book? {
        try await storeWork {
            try await database.query(
                """
                SELECT \(Self.selectColumns) FROM book_keys JOIN books ON books.id = book_keys.book_id
                WHERE book_keys.source = $1 AND book_keys.source_id = $2
                """,
                [.text(key.source.withoutNUL), .text(key.sourceID.withoutNUL)], Self.book(from:)
            ).first
        }
    }

    /// The saved checkpoint of the import `name`, or `nil`.
    ///
    /// ```swift
    /// let resumeAt = try await store.checkpoint(named: name)?.position ?? 0
    /// ```
    public func checkpoint(named name: String) async throws -> ImportCheckpoint? {
        try await storeWork {
            try await database.query(
                "SELECT position FROM import_checkpoints WHERE name = $1", [.text(name.withoutNUL)]
            ) {
                row in ImportCheckpoint(name: name, position: try row.int(0))
            }.first
        }
    }
}
