import BookCatalog
import Postgres

extension PostgresBookStore {
    /// Merges the books held more than once (see ``BookStore/mergeDuplicates()``), in one writer
    /// transaction. Throws ``BookStoreError``.
    ///
    /// ```swift
    /// let groups = try await store.mergeDuplicates()  // empty the second time
    /// ```
    public func mergeDuplicates() async throws -> [DuplicateGroup] {
        try await storeWork {
            let groups = try await database.transaction { tx in
                try Self.lockCatalog(tx)
                let books = try tx.query("SELECT \(Self.selectColumns) FROM books ORDER BY id", [], Self.book(from:))
                var keys: [Int64: [BookKey]] = [:]
                let rows = try tx.query("SELECT book_id, source, source_id FROM book_keys") { row in
                    (try row.int64(0), BookKey(source: try row.string(1), sourceID: try row.string(2)))
                }
                for (id, key) in rows { keys[id, default: []].append(key) }
                let groups = DuplicateGroup.groups(among: books, keys: keys)
                guard !groups.isEmpty else { return groups }
                for group in groups {
                    for duplicate in group.duplicates {
                        for sql in Self.moves {
                            _ = try tx.execute(sql, [.integer(group.book.id), .integer(duplicate)])
                        }
                        _ = try tx.execute("DELETE FROM books WHERE id = $1", [.integer(duplicate)])
                    }
                }
                try Self.update(groups.map(\.book), in: tx)
                try Self.insert(keys: groups.map { ($0.book.id, $0.keys) }, in: tx)
                _ = try tx.execute("UPDATE catalog_state SET generation = generation + 1")
                return groups
            }
            typoTolerance.catalogChanged()
            let merged = groups.reduce(0) { $0 + $1.duplicates.count }
            await maintain(after: ["books": merged + groups.count, "readings": merged])
            return groups
        }
    }

    /// What moves from a duplicate (`$2`) to its survivor (`$1`) before the duplicate is
    /// deleted, as in ``SQLiteBookStore``: keys, readings (the survivor's rating unless it has
    /// none; wanting to read either counts), listed links, and relations both ways, never one
    /// between the two, the survivor's where it has the same one.
    static let moves = [
        "UPDATE book_keys SET book_id = $1 WHERE book_id = $2",
        """
        INSERT INTO readings (reader, book_id, rating, wants_to_read)
        SELECT reader, $1, rating, wants_to_read FROM readings WHERE book_id = $2
        ON CONFLICT (reader, book_id) DO UPDATE SET
            rating = coalesce(readings.rating, excluded.rating),
            wants_to_read = readings.wants_to_read OR excluded.wants_to_read
        """,
        """
        INSERT INTO listed_links (from_id, to_url) SELECT $1, to_url FROM listed_links WHERE from_id = $2
        ON CONFLICT DO NOTHING
        """,
        """
        INSERT INTO relations (from_id, to_id, kind, score, reason)
        SELECT $1, to_id, kind, score, reason FROM relations WHERE from_id = $2 AND to_id <> $1
        ON CONFLICT DO NOTHING
        """,
        """
        INSERT INTO relations (from_id, to_id, kind, score, reason)
        SELECT from_id, $1, kind, score, reason FROM relations WHERE to_id = $2 AND from_id <> $1
        ON CONFLICT DO NOTHING
        """,
    ]
}
