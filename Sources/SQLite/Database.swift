import Dispatch

/// A SQLite database file (or `":memory:"`), safe to share between tasks.
///
/// One ``Database`` owns one connection, closed when the last reference goes away. It runs in
/// WAL mode with `foreign_keys=ON`, `synchronous=NORMAL` and a busy timeout.
///
/// Every blocking SQLite call runs on the database's own serial `DispatchQueue`, never on the
/// Swift concurrency pool: async methods enqueue a block and suspend on a continuation until it
/// finishes. The queue serializes callers, so statements and transactions never interleave.
/// (A plain queue rather than an actor, so a transaction body runs start to finish as one
/// synchronous block, with no suspension point where another caller could slip in.)
///
/// ```swift
/// let db = try await Database(path: "/var/lib/scout/catalog.sqlite")
/// try await db.migrate([Migration(version: 1, sql: "CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT)")])
/// try await db.execute("INSERT INTO books (title) VALUES (?)", ["Dune"])
/// let titles = try await db.query("SELECT title FROM books") { row in try row.string("title") }
/// ```
public final class Database: Sendable {
    /// The path the database was opened with, or `":memory:"`.
    public let path: String
    /// The file the database lives in, as SQLite resolved `path`; `nil` for an in-memory
    /// database, which no other connection can open.
    public var file: String? { connection.file }

    private let connection: Connection
    private let queue: DispatchQueue

    /// Opens the database at `path`, creating the file if needed (unless `creating` is false:
    /// then a missing file is an error of kind `.cannotOpen`); `":memory:"` opens a private
    /// in-memory database. Throws a ``SQLiteError`` whose description says what to do.
    ///
    /// ```swift
    /// let db = try await Database(path: directory.appendingPathComponent("catalog.sqlite").path)
    /// ```
    ///
    /// - Parameter busyTimeout: How long a statement waits for another process's lock.
    /// - Parameter creating: Whether a missing file is created.
    public init(path: String, busyTimeout: Duration = .seconds(5), creating: Bool = true) async throws {
        let queue = DispatchQueue(label: "scout.sqlite")
        let (seconds, attoseconds) = busyTimeout.components
        let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        self.connection = try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(
                    with: Result {
                        try Connection(path: path, busyTimeoutMilliseconds: milliseconds, creating: creating)
                    })
            }
        }
        self.path = path
        self.queue = queue
    }

    /// Runs one statement with bound parameters. Throws ``SQLiteError``.
    ///
    /// ```swift
    /// try await db.execute("DELETE FROM books WHERE id = ?", [SQLiteValue(id)])
    /// ```
    public func execute(_ sql: String, _ parameters: [SQLiteValue] = []) async throws {
        try await perform { connection in try connection.run(sql, parameters) { _ in } }
    }

    /// Runs a query and returns its rows. Throws ``SQLiteError``.
    ///
    /// ```swift
    /// let rows = try await db.query("SELECT id, title FROM books WHERE year > ?", [1960])
    /// ```
    public func query(_ sql: String, _ parameters: [SQLiteValue] = []) async throws -> [Row] {
        try await query(sql, parameters) { $0 }
    }

    /// Runs a query and returns `transform` of each row, on the database's queue. Throws
    /// ``SQLiteError`` or whatever `transform` throws.
    ///
    /// ```swift
    /// let titles = try await db.query("SELECT title FROM books") { row in try row.string("title") }
    /// ```
    public func query<T: Sendable>(
        _ sql: String, _ parameters: [SQLiteValue] = [], _ transform: @escaping @Sendable (Row) throws -> T
    ) async throws -> [T] {
        try await perform { connection in
            var results: [T] = []
            try connection.run(sql, parameters) { row in results.append(try transform(row)) }
            return results
        }
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` … `COMMIT` transaction on the database's queue. Any
    /// error thrown inside (by SQLite or by `body`) rolls everything back and is rethrown, so
    /// nothing is half-applied.
    ///
    /// `body` is synchronous and gets a borrowed, non-copyable ``Transaction``: it cannot be
    /// stored or captured by an escaping closure, so it cannot outlive the transaction.
    ///
    /// ```swift
    /// let id = try await db.transaction { tx in
    ///     try tx.execute("INSERT INTO authors (name) VALUES (?)", ["Frank Herbert"])
    ///     let author = tx.lastInsertRowID
    ///     try tx.execute("INSERT INTO books (title, author) VALUES (?, ?)", ["Dune", .integer(author)])
    ///     return tx.lastInsertRowID
    /// }
    /// ```
    public func transaction<T: Sendable>(_ body: @escaping @Sendable (borrowing Transaction) throws -> T) async throws
        -> T
    {
        try await perform { connection in
            try connection.inTransaction { try body(Transaction(connection: connection)) }
        }
    }

    /// ``transaction(_:)`` with this connection's foreign-key checks off for its length, for a
    /// writer that checks its rows against their parents itself, set-wise: SQLite checks each
    /// child row with a look-up of its parent, which for millions of rows naming parents all
    /// over a large table costs more than writing them. The checks are on again afterwards,
    /// whatever happens; no other caller runs between (the queue is serial). Other constraints
    /// still hold, but `ON DELETE` and `ON UPDATE` actions do not run while the checks are off,
    /// so `body` should write child rows only, never delete or renumber a parent. Throws
    /// ``SQLiteError`` or whatever `body` throws.
    ///
    /// ```swift
    /// try await db.transactionWithoutForeignKeyChecks { tx in
    ///     try tx.execute("INSERT INTO relations (from_id, to_id) VALUES (?, ?)", [1, 2])
    /// }
    /// ```
    public func transactionWithoutForeignKeyChecks<T: Sendable>(
        _ body: @escaping @Sendable (borrowing Transaction) throws -> T
    ) async throws -> T {
        try await perform { connection in
            // Outside a transaction, where SQLite honours the pragma (inside one it is a no-op).
            try connection.executeScript("PRAGMA foreign_keys = OFF")
            let result = Result { try connection.inTransaction { try body(Transaction(connection: connection)) } }
            try connection.executeScript("PRAGMA foreign_keys = ON")
            return try result.get()
        }
    }

    /// Runs `body` in one deferred transaction on the database's queue: every statement of it
    /// reads the same snapshot, so what one statement read still holds for the next, whatever
    /// other processes commit meanwhile. It takes no write lock; meant for reads. Throws
    /// ``SQLiteError`` or whatever `body` throws.
    ///
    /// ```swift
    /// let (books, authors) = try await db.read { tx in
    ///     (try tx.query("SELECT count(*) FROM books") { try $0.int(0) },
    ///      try tx.query("SELECT count(*) FROM authors") { try $0.int(0) })
    /// }
    /// ```
    public func read<T: Sendable>(_ body: @escaping @Sendable (borrowing Transaction) throws -> T) async throws -> T {
        try await perform { connection in
            try connection.inReadTransaction { try body(Transaction(connection: connection)) }
        }
    }

    /// Defines the SQL function `name(text)` on this database's connection as `body`, which must
    /// not touch the database and must give the same result for the same text (SQLite may call
    /// it from triggers and may skip calls). `NULL` gives `NULL`. Throws ``SQLiteError``.
    ///
    /// ```swift
    /// try await db.defineFunction("reversed") { String($0.reversed()) }
    /// let rows = try await db.query("SELECT reversed('abc')") { try $0.string(0) }  // ["cba"]
    /// ```
    public func defineFunction(_ name: String, _ body: @escaping @Sendable (String) -> String) async throws {
        try await perform { connection in try connection.defineFunction(name, body) }
    }

    /// Runs `work` on the database's queue and resumes the caller with its result.
    func perform<T: Sendable>(_ work: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        let connection = connection
        return try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work(connection) }) }
        }
    }
}
