internal import CSQLite

/// What a bulk writer needs besides statements: rows one at a time, and whether anyone else
/// wrote since it last looked.
extension Transaction {
    /// Runs a query and calls `body` with each row as SQLite steps to it, holding no more than
    /// that row: for a query over a whole table, which ``query(_:_:)`` would hold in memory at
    /// once. `body` may run other statements of this transaction (not this query's text again:
    /// that one is in use until the last row). Throws ``SQLiteError`` or whatever `body` throws.
    ///
    /// ```swift
    /// try tx.forEachRow("SELECT id, title FROM books ORDER BY id") { row in
    ///     try tx.execute("INSERT INTO titles (id, title) VALUES (?, ?)", [row.value(0), row.value(1)])
    /// }
    /// ```
    public func forEachRow(_ sql: String, _ parameters: [SQLiteValue] = [], _ body: (Row) throws -> Void) throws {
        try connection.run(sql, parameters, onRow: body)
    }

    /// The rows this connection has inserted, updated or deleted since it opened, rolled-back
    /// statements included (`sqlite3_total_changes64`): unchanged between two reads, nothing
    /// on this connection wrote in between.
    ///
    /// ```swift
    /// let before = tx.totalChanges
    /// ```
    public var totalChanges: Int64 { sqlite3_total_changes64(connection.handle) }

    /// `PRAGMA data_version`: unchanged between two reads on this connection, no other
    /// connection (in any process) committed in between. Throws ``SQLiteError``.
    ///
    /// ```swift
    /// let version = try tx.dataVersion()
    /// ```
    public func dataVersion() throws -> Int64 {
        try query("PRAGMA data_version") { try $0.int64(0) }.first ?? 0
    }
}
