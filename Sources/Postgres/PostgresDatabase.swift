import Dispatch

/// A connection to a PostgreSQL database, safe to share between tasks.
///
/// One ``PostgresDatabase`` owns one libpq connection, closed when the last reference goes away,
/// and reopened before the next call if the server dropped it. Every blocking libpq call runs on
/// the database's own serial `DispatchQueue`, never on the Swift concurrency pool: async methods
/// enqueue a block and suspend on a continuation until it finishes. The queue serializes callers,
/// so statements and transactions never interleave on the connection. (A plain queue rather than
/// an actor, so a transaction body runs start to finish as one synchronous block.) For more
/// throughput, open several.
///
/// Parameters are always bound (`$1`, `$2`, …), never spliced into SQL text. Queries and data
/// changes are prepared on their first run and then run by name on that connection (see
/// ``PostgresPlanning``), so a statement that runs again costs PostgreSQL neither parsing nor,
/// usually, planning.
///
/// ```swift
/// let db = try await PostgresDatabase(url: try PostgresURL("postgres://scout@127.0.0.1/books"))
/// try await db.migrate([PostgresMigration(version: 1, sql: "CREATE TABLE books (id bigserial PRIMARY KEY, title text)")])
/// try await db.execute("INSERT INTO books (title) VALUES ($1)", ["Dune"])
/// let titles = try await db.query("SELECT title FROM books") { row in try row.string("title") }
/// ```
public final class PostgresDatabase: Sendable {
    /// The server and database, with the password replaced by `***`.
    public let url: PostgresURL

    private let connection: Connection
    private let queue: DispatchQueue

    /// Connects to `url`. Throws a ``PostgresError`` whose description says what to do and never
    /// shows the password.
    ///
    /// ```swift
    /// let db = try await PostgresDatabase(url: try PostgresURL("postgres://scout@db.internal:5432/books"))
    /// ```
    ///
    /// ```swift
    /// let db = try await PostgresDatabase(url: url, settings: ["jit": "off"])
    /// ```
    ///
    /// - Parameters:
    ///   - connectTimeout: How long to wait for the server, unless the URL sets `connect_timeout`;
    ///     whole seconds, at least 2 (libpq's minimum).
    ///   - settings: Run-time parameters for the session (`SET name = value`), applied again
    ///     after a reconnect; a bad name or value throws here.
    public init(url: PostgresURL, connectTimeout: Duration = .seconds(10), settings: [String: String] = [:])
        async throws
    {
        let queue = DispatchQueue(label: "scout.postgres")
        let seconds = max(2, Int(connectTimeout.components.seconds))
        self.connection = try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(
                    with: Result { try Connection(url: url, connectTimeoutSeconds: seconds, settings: settings) })
            }
        }
        self.url = url
        self.queue = queue
    }

    /// Runs one statement with bound parameters and returns how many rows it changed. Throws
    /// ``PostgresError``.
    ///
    /// ```swift
    /// let removed = try await db.execute("DELETE FROM books WHERE id = $1", [.integer(id)])
    /// ```
    @discardableResult
    public func execute(_ sql: String, _ parameters: [PostgresValue] = []) async throws -> Int {
        try await perform { connection in try connection.run(sql, parameters).affectedRows }
    }

    /// Runs a query and returns its rows. Throws ``PostgresError``.
    ///
    /// ```swift
    /// let rows = try await db.query("SELECT id, title FROM books WHERE year > $1", [1960])
    /// ```
    public func query(_ sql: String, _ parameters: [PostgresValue] = []) async throws -> [PostgresRow] {
        try await perform { connection in try connection.run(sql, parameters).rows }
    }

    /// Runs a query and returns `transform` of each row. Throws ``PostgresError`` or whatever
    /// `transform` throws. `planning` says whether the statement is prepared once per connection
    /// (the default) or planned for each call's values; see ``PostgresPlanning``.
    ///
    /// ```swift
    /// let titles = try await db.query("SELECT title FROM books") { row in try row.string("title") }
    /// ```
    public func query<T: Sendable>(
        _ sql: String, _ parameters: [PostgresValue] = [], planning: PostgresPlanning = .prepared,
        _ transform: @escaping @Sendable (PostgresRow) throws -> T
    ) async throws -> [T] {
        try await perform { connection in try connection.run(sql, parameters, planning: planning).rows.map(transform) }
    }

    /// Runs `body` in one `BEGIN` … `COMMIT` transaction on the database's queue. Any error thrown
    /// inside (by PostgreSQL or by `body`) rolls everything back and is rethrown, so nothing is
    /// half-applied.
    ///
    /// `body` is synchronous and gets a borrowed, non-copyable ``PostgresTransaction``: it cannot
    /// be stored or captured by an escaping closure, so it cannot outlive the transaction.
    ///
    /// ```swift
    /// let id = try await db.transaction { tx in
    ///     let id = try tx.query("INSERT INTO authors (name) VALUES ($1) RETURNING id", ["Frank Herbert"]) {
    ///         try $0.int64(0)
    ///     }[0]
    ///     try tx.execute("INSERT INTO books (title, author_id) VALUES ($1, $2)", ["Dune", .integer(id)])
    ///     return id
    /// }
    /// ```
    public func transaction<T: Sendable>(
        _ body: @escaping @Sendable (borrowing PostgresTransaction) throws -> T
    ) async throws -> T {
        try await perform { connection in
            try connection.inTransaction { try body(PostgresTransaction(connection: connection)) }
        }
    }

    /// Runs `work` on the database's queue, reconnecting first if the connection broke, and
    /// resumes the caller with its result.
    func perform<T: Sendable>(_ work: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        let connection = connection
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(
                    with: Result {
                        try connection.reconnectIfBroken()
                        return try work(connection)
                    })
            }
        }
    }
}
