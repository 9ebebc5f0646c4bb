import BookCatalog
import Postgres

extension PostgresBookStore {
    /// Inserts `books` (their keys all new and distinct) with `COPY`, in their order, so ids grow
    /// as in SQLite; returns their ids, in the same order. The ids are taken from the table's
    /// sequence in one statement first, so the rows go straight into `books` with no statement
    /// to parse, plan or return per batch; the `search_terms` triggers see them as they see any
    /// insert.
    static func copy(newBooks books: [Book], in tx: borrowing PostgresTransaction) throws -> [Int64] {
        guard !books.isEmpty else { return [] }
        // Under the writer lock no other transaction takes ids meanwhile; sorting keeps them in
        // batch order however the server returns the rows.
        let ids = try tx.query(
            "SELECT nextval(pg_get_serial_sequence('books', 'id')) FROM generate_series(1, $1::int8)",
            [.integer(Int64(books.count))]
        ) { try $0.int64(0) }.sorted()
        guard ids.count == books.count else {
            throw BookStoreError(
                kind: .other, database: .postgres,
                description:
                    "The books id sequence gave \(ids.count) ids for \(books.count) new books; nothing was written.")
        }
        try tx.copy(copyBooksSQL, columns: [.integerArray(ids)] + columns.map { $0.values(books) })
        return ids
    }

    /// `COPY books (id, …) FROM STDIN` with the written ``columns``.
    private static let copyBooksSQL = "COPY books (id, \(columnNames)) FROM STDIN"

    /// Gives each book the keys of its list with `COPY`: keys that no book holds, as ``BookMatcher``
    /// hands them out (it is given every stored book holding a key of the batch, and never gives
    /// a key twice), so no conflict can arise; a key stored meanwhile would fail the batch, not
    /// be dropped.
    static func copy(newKeys keys: [(id: Int64, keys: [BookKey])], in tx: borrowing PostgresTransaction) throws {
        let rows = keys.flatMap { entry in entry.keys.map { (entry.id, $0) } }
        guard !rows.isEmpty else { return }
        try tx.copy(
            "COPY book_keys (book_id, source, source_id) FROM STDIN",
            columns: [
                .integerArray(rows.map(\.0)), .textArray(rows.map(\.1.source)), .textArray(rows.map(\.1.sourceID)),
            ])
    }

    /// Rewrites every column of the stored `books` (ids set, distinct): their rows go by `COPY`
    /// into `book_rows`, a staging table of this session emptied at commit, then into `books`
    /// in one `UPDATE … FROM` it.
    static func update(_ books: [Book], in tx: borrowing PostgresTransaction) throws {
        guard !books.isEmpty else { return }
        try tx.execute(createBookRowsSQL)
        // Empty already unless an earlier update of this transaction filled it.
        try tx.execute("DELETE FROM book_rows")
        try tx.copy(
            "COPY book_rows (id, \(columnNames)) FROM STDIN",
            columns: [.integerArray(books.map(\.id))] + columns.map { $0.values(books) })
        try tx.execute(
            """
            UPDATE books SET \(columns.map { "\($0.name) = book_rows.\($0.name)" }.joined(separator: ", "))
            FROM book_rows WHERE books.id = book_rows.id
            """)
    }

    /// Makes `book_rows` once per session (a reconnect makes it again), with the columns of
    /// `books` the store writes, typed as there.
    private static let createBookRowsSQL = """
        CREATE TEMPORARY TABLE IF NOT EXISTS book_rows
            (id bigint, \(columns.map { "\($0.name) \($0.type)" }.joined(separator: ", "))) ON COMMIT DELETE ROWS
        """

    /// The written ``columns``, comma-separated.
    private static let columnNames = columns.map(\.name).joined(separator: ", ")
}
