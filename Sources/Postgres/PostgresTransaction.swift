/// The connection inside ``PostgresDatabase/transaction(_:)``: synchronous statements that all
/// commit together or not at all.
///
/// Deliberately neither `Copyable` nor `Sendable`: the transaction closure only borrows it, so it
/// can be neither stored nor captured by an escaping closure and cannot be used after
/// `COMMIT`/`ROLLBACK` or from another thread. A failed statement aborts the whole transaction
/// in PostgreSQL, so let its error propagate; the transaction then rolls back.
///
/// ```swift
/// try await db.transaction { tx in
///     try tx.execute("INSERT INTO books (title) SELECT * FROM unnest($1)", [.textArray(titles)])
///     try tx.execute("UPDATE catalog SET generation = generation + 1")
/// }
/// ```
public struct PostgresTransaction: ~Copyable {
    let connection: Connection

    /// Runs one statement with bound parameters and returns how many rows it changed. Throws
    /// ``PostgresError``. `planning` as for ``PostgresDatabase/query(_:_:planning:_:)``.
    ///
    /// ```swift
    /// let updated = try tx.execute("UPDATE books SET title = $1 WHERE id = $2", ["Dune", 1])
    /// ```
    @discardableResult
    public func execute(_ sql: String, _ parameters: [PostgresValue] = [], planning: PostgresPlanning = .prepared)
        throws -> Int
    {
        try connection.run(sql, parameters, planning: planning).affectedRows
    }

    /// Runs a query and returns its rows. Throws ``PostgresError``.
    ///
    /// ```swift
    /// let rows = try tx.query("SELECT id FROM books WHERE title = $1", ["Dune"])
    /// ```
    public func query(_ sql: String, _ parameters: [PostgresValue] = []) throws -> [PostgresRow] {
        try connection.run(sql, parameters).rows
    }

    /// Runs a query and returns `transform` of each row. Throws ``PostgresError`` or whatever
    /// `transform` throws. `planning` as for ``PostgresDatabase/query(_:_:planning:_:)``.
    ///
    /// ```swift
    /// let ids = try tx.query("SELECT id FROM books") { row in try row.int64("id") }
    /// ```
    public func query<T>(
        _ sql: String, _ parameters: [PostgresValue] = [], planning: PostgresPlanning = .prepared,
        _ transform: (PostgresRow) throws -> T
    ) throws -> [T] {
        try connection.run(sql, parameters, planning: planning).rows.map(transform)
    }

    /// Runs `sql`, a `COPY … FROM STDIN` (text format, PostgreSQL's default), with `columns` as
    /// its rows (one array value per column, all of one length; `nil` elements are `NULL`), and
    /// returns how many rows were stored. The fastest way in for many rows: no statement to parse
    /// or plan per batch, no array literals, a megabyte per round trip. Text is sent escaped, so
    /// tabs, newlines, backslashes and `\.` lines arrive as they are. Throws ``PostgresError``:
    /// the server's error (its context names the failing row), or a misuse for ragged or scalar
    /// columns, NUL in text, or SQL that is not such a `COPY`; the transaction is aborted then.
    ///
    /// ```swift
    /// let stored = try tx.copy(
    ///     "COPY items (id, name) FROM STDIN", columns: [.integerArray([1, 2]), .textArray(["Dune", nil])])
    /// ```
    @discardableResult
    public func copy(_ sql: String, columns: [PostgresValue]) throws -> Int {
        try connection.copy(sql, columns: columns)
    }

    /// Runs `sql` as ``copy(_:columns:)`` does, for `rowCount` rows whose columns `part` makes
    /// `partSize` rows at a time (the range of rows it is given; the last may be shorter), and
    /// returns how many rows were stored. Each part goes to the server as soon as it is encoded,
    /// so the server stores one part while `part` makes the next: for rows whose values cost
    /// the client as much as storing them costs the server. Throws as ``copy(_:columns:)``, and
    /// a misuse for a part whose columns do not hold its rows.
    ///
    /// ```swift
    /// let names = ["Dune", "Emma", "Kim"]
    /// let stored = try tx.copy("COPY items (id, name) FROM STDIN", rowCount: names.count, partSize: 2) { rows in
    ///     [.integerArray(rows.map(Int64.init)), .textArray(Array(names[rows]))]
    /// }
    /// ```
    @discardableResult
    public func copy(
        _ sql: String, rowCount: Int, partSize: Int, columns part: (Range<Int>) -> [PostgresValue]
    ) throws -> Int {
        try connection.copy(sql, rowCount: rowCount, partSize: partSize, columns: part)
    }
}

@available(*, unavailable, message: "A PostgresTransaction is used only inside its transaction closure")
extension PostgresTransaction: Sendable {}
