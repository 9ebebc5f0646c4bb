import BookCatalog
import SQLite

extension SQLiteBookStore {
    /// Merges the books held more than once (see ``BookStore/mergeDuplicates()``), in one
    /// transaction. Throws ``BookStoreError``.
    ///
    /// ```swift
    /// let groups = try await store.mergeDuplicates()  // empty the second time
    /// ```
    public func mergeDuplicates() async throws -> [DuplicateGroup] {
        try await storeWork {
            let groups = try await database.transaction { tx in
                let books = try tx.query("SELECT \(Self.selectColumns) FROM books ORDER BY id", [], Self.book(from:))
                var keys: [Int64: [BookKey]] = [:]
                let rows = try tx.query("SELECT book_id, source, source_id FROM book_keys") { row in
                    (try row.int64(0), BookKey(source: try row.string(1), sourceID: try row.string(2)))
                }
                for (id, key) in rows { keys[id, default: []].append(key) }
                let groups = DuplicateGroup.groups(among: books, keys: keys)
                let update =
                    "UPDATE books SET \(Self.dataColumns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?"
                for group in groups {
                    let survivor = group.book.id
                    for duplicate in group.duplicates {
                        for sql in Self.moves {
                            try tx.execute(sql, [.integer(survivor), .integer(duplicate)])
                        }
                        try tx.execute("DELETE FROM books WHERE id = ?", [.integer(duplicate)])
                    }
                    try tx.execute(update, Self.parameters(of: group.book) + [.integer(survivor)])
                    try Self.insert(keys: group.keys, of: survivor, in: tx)
                }
                if !groups.isEmpty { try tx.execute("UPDATE catalog_state SET generation = generation + 1") }
                return groups
            }
            typoTolerance.catalogChanged()
            return groups
        }
    }

    /// What moves from a duplicate (`?2`) to its survivor (`?1`) before the duplicate is
    /// deleted: its keys; its readings (where the reader read both, the survivor's rating stays
    /// unless it has none, and wanting to read either counts); its listed links; its relations
    /// both ways, but never one between the two, and where the survivor already has the same
    /// relation, the survivor's.
    static let moves = [
        "UPDATE book_keys SET book_id = ?1 WHERE book_id = ?2",
        """
        INSERT INTO readings (reader, book_id, rating, wants_to_read)
        SELECT reader, ?1, rating, wants_to_read FROM readings WHERE book_id = ?2 AND true
        ON CONFLICT (reader, book_id) DO UPDATE SET
            rating = coalesce(readings.rating, excluded.rating),
            wants_to_read = max(readings.wants_to_read, excluded.wants_to_read)
        """,
        "INSERT OR IGNORE INTO listed_links (from_id, to_url) SELECT ?1, to_url FROM listed_links WHERE from_id = ?2",
        """
        INSERT OR IGNORE INTO relations (from_id, to_id, kind, score, reason)
        SELECT ?1, to_id, kind, score, reason FROM relations WHERE from_id = ?2 AND to_id <> ?1
        """,
        """
        INSERT OR IGNORE INTO relations (from_id, to_id, kind, score, reason)
        SELECT from_id, ?1, kind, score, reason FROM relations WHERE to_id = ?2 AND from_id <> ?1
        """,
    ]
}
