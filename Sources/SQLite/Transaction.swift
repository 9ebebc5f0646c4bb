internal import CSQLite

/// The connection inside ``Database/transaction(_:)``: synchronous statements that all commit
/// together or not at all.
///
/// Deliberately neither `Copyable` nor `Sendable` (the one public type of the module that is not
/// `Sendable`): the transaction closure only borrows it, so it can be neither stored nor captured
/// by an escaping closure and cannot be used after `COMMIT`/`ROLLBACK` or from another thread.
///
/// Statements are prepared once per SQL text and cached, so running the same SQL in a loop
/// reuses one prepared statement:
///
/// ```swift
/// try await db.transaction { tx in
///     for title in titles {
///         try tx.execute("INSERT INTO books (title) VALUES (?)", [.text(title)])
///     }
/// }
/// ```
public struct Transaction: ~Copyable {
    let connection: Connection

    init(connection: Connection) {
        self.connection = connection
    }

    /// Runs one statement with bound parameters. Throws ``SQLiteError``.
    ///
    /// ```swift
    /// try tx.execute("UPDATE books SET title = ? WHERE id = ?", ["Dune", 1])
    /// ```
    public func execute(_ sql: String, _ parameters: [SQLiteValue] = []) throws {
        try connection.run(sql, parameters) { _ in }
    }

    /// Runs a query and returns its rows. Throws ``SQLiteError``.
    ///
    /// ```swift
    /// let rows = try tx.query("SELECT id FROM books WHERE title = ?", ["Dune"])
    /// ```
    public func query(_ sql: String, _ parameters: [SQLiteValue] = []) throws -> [Row] {
        try query(sql, parameters) { $0 }
    }

    /// Runs a query and returns `transform` of each row. Throws ``SQLiteError`` or whatever
    /// `transform` throws.
    ///
    /// ```swift
    /// let ids = try tx.query("SELECT id FROM books") { row in try row.int("id") }
    /// ```
    public func query<T>(_ sql: String, _ parameters: [SQLiteValue] = [], _ transform: (Row) throws -> T) throws -> [T]
    {
        var results: [T] = []
        try connection.run(sql, parameters) { row in results.append(try transform(row)) }
        return results
    }

    /// The rowid of the most recent successful `INSERT` on this connection.
    ///
    /// ```swift
    /// try tx.execute("INSERT INTO books (title) VALUES (?)", ["Dune"])
    /// let id = tx.lastInsertRowID
    /// ```
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(connection.handle) }

    /// The number of rows the most recent `INSERT`, `UPDATE` or `DELETE` changed.
    ///
    /// ```swift
    /// try tx.execute("DELETE FROM books WHERE year < ?", [1900])
    /// print(tx.changes)
    /// ```
    public var changes: Int { Int(sqlite3_changes64(connection.handle)) }
}

@available(*, unavailable, message: "A Transaction is used only inside its transaction closure")
extension Transaction: Sendable {}
