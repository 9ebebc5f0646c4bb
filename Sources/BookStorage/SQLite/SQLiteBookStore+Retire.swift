import BookCatalog
import SQLite

extension SQLiteBookStore {
    /// Takes `keys` from their books and deletes the books left with no key but aliases (see
    /// ``BookStore/retire(keys:)``), in one transaction. Throws ``BookStoreError``.
    ///
    /// ```swift
    /// let deleted = try await store.retire(keys: [BookKey(source: "openlibrary", sourceID: "/works/OL14W")])
    /// ```
    public func retire(keys: [BookKey]) async throws -> [Int64] {
        guard !keys.isEmpty else { return [] }
        return try await storeWork {
            let aliases = BookIdentity.aliasSources.sorted().map { "'\($0)'" }.joined(separator: ", ")
            let deleted = try await database.transaction { tx in
                var deleted: [Int64] = []
                for key in keys {
                    let parameters: [SQLiteValue] = [.text(key.source), .text(key.sourceID)]
                    let holders = try tx.query(
                        "SELECT book_id FROM book_keys WHERE source = ? AND source_id = ?", parameters
                    ) { try $0.int64(0) }
                    guard let book = holders.first else { continue }
                    try tx.execute("DELETE FROM book_keys WHERE source = ? AND source_id = ?", parameters)
                    // Alias sources are the store's own names for a book, never a source that gave it.
                    let named = try tx.query(
                        "SELECT count(*) FROM book_keys WHERE book_id = ? AND source NOT IN (\(aliases))",
                        [.integer(book)]
                    ) { try $0.int64(0) }
                    guard named.first == 0 else { continue }
                    try tx.execute("DELETE FROM books WHERE id = ?", [.integer(book)])
                    deleted.append(book)
                }
                if !deleted.isEmpty { try tx.execute("UPDATE catalog_state SET generation = generation + 1") }
                return deleted
            }
            if !deleted.isEmpty { typoTolerance.catalogChanged() }
            return deleted
        }
    }
}
