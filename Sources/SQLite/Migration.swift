/// One step of a database schema: SQL applied once, recorded as `PRAGMA user_version`.
///
/// ```swift
/// let migrations = [
///     Migration(version: 1, sql: "CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT NOT NULL)"),
///     Migration(version: 2, sql: "CREATE INDEX books_title ON books (title)"),
/// ]
/// try await db.migrate(migrations)
/// ```
public struct Migration: Sendable, Equatable {
    /// The schema version this migration brings the database to; positive and unique.
    public let version: Int
    /// The SQL to run; may hold several statements separated by `;`, but no parameters.
    public let sql: String

    /// Makes a migration to `version`: `Migration(version: 1, sql: "CREATE TABLE …")`.
    public init(version: Int, sql: String) {
        self.version = version
        self.sql = sql
    }
}

extension Database {
    /// Applies, in version order, every migration newer than the database's `user_version`,
    /// each in its own transaction together with the new `user_version`. Re-running is a no-op;
    /// a failing migration rolls back and leaves the previous version intact. Returns the
    /// version the database is at afterwards. Throws ``SQLiteError``.
    ///
    /// Safe when several processes open one new file at once: each migration's transaction
    /// begins `IMMEDIATE` (the write lock, waited for up to the busy timeout) and reads
    /// `user_version` again inside it, so a migration another process applied while this one
    /// waited is skipped rather than run twice ("table books already exists").
    ///
    /// ```swift
    /// let version = try await db.migrate(migrations)  // 2
    /// ```
    @discardableResult
    public func migrate(_ migrations: [Migration]) async throws -> Int {
        let sorted = migrations.sorted { $0.version < $1.version }
        guard sorted.allSatisfy({ $0.version > 0 }) else {
            throw SQLiteError.misuse("Migration versions must be positive.")
        }
        guard Set(sorted.map(\.version)).count == sorted.count else {
            throw SQLiteError.misuse("Migration versions must be unique.")
        }
        return try await perform { connection in
            // Read outside a lock first, so an up-to-date database takes no write lock at all.
            var version = try Self.userVersion(connection)
            for migration in sorted where migration.version > version {
                version = try connection.inTransaction {
                    let current = try Self.userVersion(connection)
                    guard current < migration.version else { return current }
                    try connection.executeScript(migration.sql)
                    try connection.executeScript("PRAGMA user_version = \(migration.version)")
                    return migration.version
                }
            }
            return version
        }
    }

    /// The schema version recorded in `PRAGMA user_version` (0 for a new database).
    ///
    /// ```swift
    /// let version = try await db.schemaVersion()
    /// ```
    public func schemaVersion() async throws -> Int {
        try await perform { connection in try Self.userVersion(connection) }
    }

    private static func userVersion(_ connection: Connection) throws -> Int {
        var version = 0
        try connection.run("PRAGMA user_version", []) { row in version = try row.int(0) }
        return version
    }
}
