import BookCatalog
import Postgres

extension PostgresBookStore {
    /// Inserts `books` (their keys all new and distinct) with `COPY`, in their order, so ids grow
    /// as in SQLite; returns their ids, in the same order. The ids are taken from the table's
    /// sequence in one statement first, so the rows go straight into `books` with no statement
    /// to parse, plan or return per batch; the `search_terms` triggers see them as they see any
    /// insert. `matchKeys`, when given, are the books' ``BookIdentity/matchKey(of:)`` (see
    /// ``columnValues(of:matchKeys:)``). The rows go in parts (``copyPartSize``).
    static func copy(newBooks books: [Book], matchKeys: [String?]? = nil, in tx: borrowing PostgresTransaction)
        throws -> [Int64]
    {
        guard !books.isEmpty else { return [] }
        let ids = try reserveIDs(books.count, in: tx)
        try copy(copyBooksSQL, ids: ids, books: books, matchKeys: matchKeys, in: tx)
        return ids
    }

    /// Books a part of a `COPY` of book rows. Making a book's row (its JSON columns and search
    /// entry) cost the client about as long as storing it costs the server: sent whole, the
    /// server waited for the batch's rows and then the client for the server (a batch of 1,000
    /// took a 53 ms gap on the client before its `COPY` and 42–55 ms of `COPY` at 200,000 books,
    /// `log_min_duration_statement`). Sent in parts, the server stores each while the next is
    /// made. Large enough that a part's overhead (a libpq flush) is nothing beside its rows.
    static let copyPartSize = 128

    /// `COPY`s `books` with their `ids` into `sql`'s table (`id` first, then ``columns``), a part
    /// of ``copyPartSize`` rows at a time, each part's values made just before it is sent.
    private static func copy(
        _ sql: String, ids: [Int64], books: [Book], matchKeys: [String?]?, in tx: borrowing PostgresTransaction
    ) throws {
        let matchKeys = matchKeys.flatMap { $0.count == books.count ? $0 : nil }
        try tx.copy(sql, rowCount: books.count, partSize: copyPartSize) { rows in
            [.integerArray(Array(ids[rows]))]
                + columnValues(of: Array(books[rows]), matchKeys: matchKeys.map { Array($0[rows]) })
        }
    }

    /// `count` consecutive ids from the `books` sequence, in one step: `nextval` once, then
    /// `setval` past the block. A `nextval` per id cost 13.5 ms a batch of 1,000 (4 s of 300,000
    /// books, `pg_stat_statements`, under load). Under the writer lock no other transaction takes
    /// ids meanwhile, and like `nextval`'s, a block is not given back when the batch rolls back.
    static func reserveIDs(_ count: Int, in tx: borrowing PostgresTransaction) throws -> [Int64] {
        let last = try tx.query(
            """
            SELECT setval(sequence, nextval(sequence) + $1::int8 - 1)
            FROM (SELECT pg_get_serial_sequence('books', 'id')) AS books (sequence)
            """,
            [.integer(Int64(count))]
        ) { try $0.int64(0) }.first
        guard let last, last >= Int64(count) else {
            throw BookStoreError(
                kind: .other, database: .postgres,
                description:
                    "The books id sequence gave no block of \(count) ids (last \(last.map(String.init) ?? "none")); "
                    + "nothing was written. Check that the sequence of books.id exists and has not reached its end.")
        }
        return Array((last - Int64(count) + 1)...last)
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
    /// in one `UPDATE … FROM` it. `matchKeys` as for ``copy(newBooks:matchKeys:in:)``.
    static func update(_ books: [Book], matchKeys: [String?]? = nil, in tx: borrowing PostgresTransaction) throws {
        guard !books.isEmpty else { return }
        try tx.execute(createBookRowsSQL)
        // Empty already unless an earlier update of this transaction filled it.
        try tx.execute("DELETE FROM book_rows")
        try copy(
            "COPY book_rows (id, \(columnNames)) FROM STDIN", ids: books.map(\.id), books: books, matchKeys: matchKeys,
            in: tx)
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

    /// The value of each of ``columns`` for `books`, but `match_key`'s taken from `matchKeys`
    /// when they are given for every book: the matcher holds each book's
    /// ``BookIdentity/matchKey(of:)`` already, and folding every title again cost the writer,
    /// which the import waits on.
    static func columnValues(of books: [Book], matchKeys: [String?]?) -> [PostgresValue] {
        columns.map { column in
            guard column.name == "match_key", let matchKeys, matchKeys.count == books.count else {
                return column.values(books)
            }
            return .textArray(matchKeys)
        }
    }

    /// The written ``columns``, comma-separated.
    private static let columnNames = columns.map(\.name).joined(separator: ", ")
}
