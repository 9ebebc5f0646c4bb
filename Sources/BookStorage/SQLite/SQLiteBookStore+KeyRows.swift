import BookCatalog
import SQLite

extension SQLiteBookStore {
    /// Keys a statement when a batch's new keys are written together: a batch of 1,000 new books
    /// has 1,000 or more, so this is one or two statements where it was one per key.
    static let keysPerInsert = 500

    /// Gives each book its keys no book holds yet, `rows` in order (of two rows with one key, the
    /// first wins, as when they were inserted one at a time). Every full chunk runs the same SQL
    /// text, so the connection's cache prepares it once; only the last, shorter chunk its own.
    static func insert(keyRows rows: [(key: BookKey, id: Int64)], in tx: borrowing Transaction) throws {
        let insert = "INSERT OR IGNORE INTO book_keys (source, source_id, book_id) VALUES "
        let full = insert + keyPlaceholders(keysPerInsert)
        for start in stride(from: 0, to: rows.count, by: keysPerInsert) {
            let chunk = rows[start..<min(start + keysPerInsert, rows.count)]
            var values: [SQLiteValue] = []
            values.reserveCapacity(chunk.count * 3)
            for row in chunk { values += [.text(row.key.source), .text(row.key.sourceID), .integer(row.id)] }
            try tx.execute(chunk.count == keysPerInsert ? full : insert + keyPlaceholders(chunk.count), values)
        }
    }

    private static func keyPlaceholders(_ rows: Int) -> String {
        Array(repeating: "(?, ?, ?)", count: rows).joined(separator: ", ")
    }
}
