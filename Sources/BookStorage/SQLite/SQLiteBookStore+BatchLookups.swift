import BookCatalog
import SQLite

/// The lookups an import batch matches its books with (``matchCandidates(for:matchKeys:in:)``),
/// one statement per kind of key for the whole batch instead of one per book and key: the values
/// go in as one JSON array (`json_each`), which SQLite walks through the same indexes a lookup
/// of one value uses. Each statement's text is fixed, so the connection prepares it once per
/// import, whatever the batch holds.
extension SQLiteBookStore {
    /// Values bound to one statement at most: a batch of 1,000 books needs one statement a kind;
    /// a batch of `--batch-size 100000` a few, none of them larger than this.
    static let valuesPerLookup = 5_000

    /// The store id of the book holding each of `keys` that a book holds.
    static func owners(of keys: some Sequence<BookKey>, in tx: borrowing Transaction) throws -> [BookKey: Int64] {
        let sql = """
            SELECT source, source_id, book_id FROM book_keys
            WHERE (source, source_id) IN (SELECT value ->> 0, value ->> 1 FROM json_each(?))
            """
        var owners: [BookKey: Int64] = [:]
        let (plain, withNUL) = partitioned(Set(keys)) { $0.source.contains("\u{0}") || $0.sourceID.contains("\u{0}") }
        for key in withNUL {
            let sql = "SELECT book_id FROM book_keys WHERE source = ? AND source_id = ?"
            owners[key] = try tx.query(sql, [.text(key.source), .text(key.sourceID)]) { try $0.int64(0) }.first
        }
        for chunk in chunked(plain) {
            let json =
                "[" + chunk.map { JSONStringArray.encode([$0.source, $0.sourceID]) }.joined(separator: ",") + "]"
            let rows = try tx.query(sql, [.text(json)]) { row in
                (BookKey(source: try row.string(0), sourceID: try row.string(1)), try row.int64(2))
            }
            for (key, id) in rows { owners[key] = id }
        }
        return owners
    }

    /// The ids of the books whose `column` (an indexed `books` column) is one of `values`.
    static func ids(where column: String, in values: Set<String>, tx: borrowing Transaction) throws -> [Int64] {
        let sql = "SELECT id FROM books WHERE \(column) IN (SELECT value FROM json_each(?))"
        var ids: [Int64] = []
        let (plain, withNUL) = partitioned(values) { $0.contains("\u{0}") }
        for value in withNUL {
            ids += try tx.query("SELECT id FROM books WHERE \(column) = ?", [.text(value)]) { try $0.int64(0) }
        }
        for chunk in chunked(plain) {
            ids += try tx.query(sql, [.text(JSONStringArray.encode(Array(chunk)))]) { row in try row.int64(0) }
        }
        return ids
    }

    /// The books `ids` names, each with every key it holds.
    static func storedBooksWithKeys(_ ids: Set<Int64>, in tx: borrowing Transaction) throws -> [(
        book: Book, keys: [BookKey]
    )] {
        var books: [Book] = []
        var keys: [Int64: [BookKey]] = [:]
        for chunk in chunked(Array(ids)) {
            let list = "[" + chunk.map(String.init).joined(separator: ",") + "]"
            books += try tx.query(
                "SELECT \(selectColumns) FROM books WHERE id IN (SELECT value FROM json_each(?))", [.text(list)],
                Self.book(from:))
            let rows = try tx.query(
                "SELECT book_id, source, source_id FROM book_keys WHERE book_id IN (SELECT value FROM json_each(?))",
                [.text(list)]
            ) { row in (try row.int64(0), BookKey(source: try row.string(1), sourceID: try row.string(2))) }
            for (id, key) in rows { keys[id, default: []].append(key) }
        }
        return books.map { ($0, keys[$0.id] ?? []) }
    }

    /// `values` split by `hasNUL`: SQLite's JSON functions end a string at an escaped NUL
    /// (3.40), so a value holding one is looked up alone, bound as it is (hostile input only).
    private static func partitioned<T>(_ values: Set<T>, hasNUL: (T) -> Bool) -> (plain: [T], withNUL: [T]) {
        var plain: [T] = []
        var withNUL: [T] = []
        for value in values {
            if hasNUL(value) { withNUL.append(value) } else { plain.append(value) }
        }
        return (plain, withNUL)
    }

    private static func chunked<T>(_ values: [T]) -> [ArraySlice<T>] {
        stride(from: 0, to: values.count, by: valuesPerLookup).map {
            values[$0..<min($0 + valuesPerLookup, values.count)]
        }
    }
}
