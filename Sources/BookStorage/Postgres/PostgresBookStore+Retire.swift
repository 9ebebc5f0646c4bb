import BookCatalog
import Postgres

extension PostgresBookStore {
    /// Takes `keys` from their books and deletes the books left with no key but aliases (see
    /// ``BookStore/retire(keys:)``), in one writer transaction. Throws ``BookStoreError``.
    ///
    /// ```swift
    /// let deleted = try await store.retire(keys: [BookKey(source: "openlibrary", sourceID: "/works/OL14W")])
    /// ```
    public func retire(keys: [BookKey]) async throws -> [Int64] {
        guard !keys.isEmpty else { return [] }
        return try await storeWork {
            let aliases = BookIdentity.aliasSources.sorted()
            let deleted = try await database.transaction { tx in
                try Self.lockCatalog(tx)
                // Every key's holder, the keys taken, then the books no source names any more.
                let holders = try tx.query(
                    """
                    DELETE FROM book_keys k USING unnest($1::text[], $2::text[]) AS r(source, source_id)
                    WHERE k.source = r.source AND k.source_id = r.source_id RETURNING k.book_id
                    """, [.textArray(keys.map(\.source)), .textArray(keys.map(\.sourceID))]
                ) { try $0.int64(0) }
                guard !holders.isEmpty else { return [Int64]() }
                let deleted = try tx.query(
                    """
                    DELETE FROM books b WHERE b.id = ANY ($1::int8[]) AND NOT EXISTS (
                        SELECT 1 FROM book_keys k WHERE k.book_id = b.id AND k.source <> ALL ($2::text[]))
                    RETURNING b.id
                    """, [.integerArray(Array(Set(holders))), .textArray(aliases)]
                ) { try $0.int64(0) }
                if !deleted.isEmpty { _ = try tx.execute("UPDATE catalog_state SET generation = generation + 1") }
                return deleted.sorted()
            }
            if !deleted.isEmpty {
                typoTolerance.catalogChanged()
                await maintain(after: ["books": deleted.count])
            }
            return deleted
        }
    }
}
