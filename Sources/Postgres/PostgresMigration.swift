/// One step of a database schema, applied once and recorded in the `schema_versions` table.
///
/// ```swift
/// let migrations = [
///     PostgresMigration(version: 1, sql: "CREATE TABLE books (id bigserial PRIMARY KEY, title text NOT NULL)"),
///     PostgresMigration(version: 2, sql: "CREATE INDEX books_title ON books (title)"),
/// ]
/// try await db.migrate(migrations)
/// ```
public struct PostgresMigration: Sendable, Equatable {
    /// The schema version this migration brings the database to; positive and unique.
    public let version: Int
    /// The SQL to run; may hold several statements separated by `;`, but no parameters.
    public let sql: String

    /// Makes a migration to `version`: `PostgresMigration(version: 1, sql: "CREATE TABLE …")`.
    public init(version: Int, sql: String) {
        self.version = version
        self.sql = sql
    }
}

extension PostgresDatabase {
    /// Applies, in version order, every migration newer than the database's schema version, each
    /// in its own transaction together with its row in `schema_versions`. Re-running is a no-op; a
    /// failing migration rolls back and leaves the previous version intact. Processes opening the
    /// same database at once take turns on an advisory lock, so each migration runs once. Returns
    /// the version the database is at afterwards. Throws ``PostgresError``.
    ///
    /// With a `patience`, each migration's SQL runs as
    /// ``PostgresTransaction/tryPatiently(_:noticeWhenWaiting:_:)`` runs a change: an `ALTER
    /// TABLE` beside a long reader of the table waits in short attempts, so the table's other
    /// readers never queue behind it for long. A migration that never gets its tables throws
    /// ``PostgresError/Kind-swift.enum/lockNotAvailable``, the database left at the version
    /// before it. `onWait` is told once, whichever migrations wait: `waitNotice`, or else a
    /// sentence naming the version that waits. Without a patience, a migration waits for its
    /// tables as long as they are held.
    ///
    /// ```swift
    /// let version = try await db.migrate(migrations)  // 2
    /// try await db.migrate(migrations, patience: .standard, waitNotice: "Waiting for the report to end.")
    /// ```
    @discardableResult
    public func migrate(
        _ migrations: [PostgresMigration], patience: SchemaLockPatience? = nil, waitNotice: String? = nil
    ) async throws -> Int {
        let sorted = migrations.sorted { $0.version < $1.version }
        guard sorted.allSatisfy({ $0.version > 0 }) else {
            throw PostgresError.misuse("Migration versions must be positive.")
        }
        guard Set(sorted.map(\.version)).count == sorted.count else {
            throw PostgresError.misuse("Migration versions must be unique.")
        }
        // Several migrations may each wait for the same reader: the caller hears it once.
        let patience = patience?.tellingOnce()
        return try await perform { connection in
            while true {
                let applied = try connection.inTransaction { () throws -> Int? in
                    _ = try connection.run("SELECT pg_advisory_xact_lock($1)", [.integer(Self.migrationLock)])
                    try connection.executeScript(
                        "CREATE TABLE IF NOT EXISTS schema_versions (version integer PRIMARY KEY, "
                            + "applied_at timestamptz NOT NULL DEFAULT now())")
                    let current = try Self.version(connection)
                    guard let next = sorted.first(where: { $0.version > current }) else { return nil }
                    try Self.apply(next, from: current, patience: patience, waitNotice: waitNotice, on: connection)
                    _ = try connection.run(
                        "INSERT INTO schema_versions (version) VALUES ($1)", [.integer(Int64(next.version))])
                    return next.version
                }
                if applied == nil { return try Self.version(connection) }
            }
        }
    }

    /// Runs `migration`'s SQL in the open transaction, patiently when there is a `patience`.
    private static func apply(
        _ migration: PostgresMigration, from current: Int, patience: SchemaLockPatience?, waitNotice: String?,
        on connection: Connection
    ) throws {
        guard let patience else {
            try connection.executeScript(migration.sql)
            return
        }
        let applied = try connection.tryPatiently(
            patience,
            notice: {
                waitNotice
                    ?? "Another session is reading a table that schema version \(migration.version) changes: waiting "
                    + "up to \(patience.longestWait) for it (its other readers go on meanwhile). A long query holds "
                    + "it (see pg_stat_activity)."
            }, { try connection.executeScript(migration.sql) })
        guard applied else {
            throw PostgresError(
                kind: .lockNotAvailable, sqlState: "55P03",
                message: "Another session held a table that schema version \(migration.version) changes for "
                    + "\(patience.longestWait); the schema stays at version \(current).")
        }
    }

    /// The newest version in `schema_versions`, 0 for a database never migrated.
    ///
    /// ```swift
    /// let version = try await db.schemaVersion()
    /// ```
    public func schemaVersion() async throws -> Int {
        try await perform { connection in
            guard try connection.run("SELECT to_regclass('schema_versions') IS NOT NULL", []).rows[0].bool(0) else {
                return 0
            }
            return try Self.version(connection)
        }
    }

    private static func version(_ connection: Connection) throws -> Int {
        try connection.run("SELECT coalesce(max(version), 0) FROM schema_versions", []).rows[0].int(0)
    }

    /// The advisory lock key migrations take: "scout.migrate" as eight ASCII bytes.
    static let migrationLock: Int64 = 0x7363_6F75_742E_6D69
}
