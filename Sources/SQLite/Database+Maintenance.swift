extension Database {
    /// Whether `PRAGMA integrity_check` finds the file sound. Throws ``SQLiteError``.
    ///
    /// ```swift
    /// guard try await db.integrityCheck() else { /* restore from backup */ }
    /// ```
    public func integrityCheck() async throws -> Bool {
        let results = try await query("PRAGMA integrity_check") { row in try row.string(0) }
        return results == ["ok"]
    }

    /// The journal mode in effect: `"wal"` for files, `"memory"` for `":memory:"`.
    ///
    /// ```swift
    /// let mode = try await db.journalMode()  // "wal"
    /// ```
    public func journalMode() async throws -> String {
        try await query("PRAGMA journal_mode") { row in try row.string(0) }.first ?? ""
    }

    /// Whether this SQLite has the FTS5 full-text extension, probed by creating (and dropping) a
    /// virtual table in the connection's private `temp` schema.
    ///
    /// ```swift
    /// guard try await db.isFTS5Available() else { /* fall back to LIKE */ }
    /// ```
    public func isFTS5Available() async throws -> Bool {
        try await perform { connection in
            do {
                try connection.executeScript("CREATE VIRTUAL TABLE temp.scout_fts5_probe USING fts5(text)")
            } catch let error as SQLiteError where error.kind == .other {
                return false
            }
            try connection.executeScript("DROP TABLE temp.scout_fts5_probe")
            return true
        }
    }
}
