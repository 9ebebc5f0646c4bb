import Postgres
import Synchronization

/// A ``BookStore`` in a PostgreSQL database, for several `scout serve` instances sharing one
/// catalog; it behaves exactly as ``SQLiteBookStore`` does (one contract test suite runs against
/// both).
///
/// Search uses a `tsvector` of the words ``SearchText`` folds in Swift (title words weighted A,
/// author words B), so PostgreSQL and SQLite see the same words whatever the server's locale,
/// found through an index in search order for common words and a GIN index for rare ones (see
/// ``RankedSearch``). Every statement is prepared once per connection, and large writes vacuum
/// and analyze what they changed (see ``MaintenanceSchedule``). Writers (``apply(_:)``,
/// ``replaceRelations(for:from:with:)``) take one transaction-scoped advisory lock, so concurrent
/// imports from several processes queue up as they would on SQLite's single writer instead of
/// failing on each other's new rows.
///
/// ```swift
/// let store = try await PostgresBookStore(url: "postgres://scout@db.internal/books")
/// try await store.upsert([Book(source: "manual", sourceID: "dune", title: "Dune")])
/// let hits = try await store.search("dun", limit: 10)
/// ```
public final class PostgresBookStore: BookStore {
    /// The database the store reads and writes.
    public let database: PostgresDatabase
    /// Typo-tolerant search over this store, with its dictionary of indexed words.
    let typoTolerance = TypoTolerance()
    /// What this store wrote since it last vacuumed and analyzed each table.
    let maintenance = Mutex(MaintenanceSchedule())

    /// The session settings the store's connection should have:
    /// - JIT compilation off. PostgreSQL compiles a plan once its estimated cost passes
    ///   `jit_above_cost`, and a search's estimate grows with every row a common word matches
    ///   (34,000 at a million books) although the statement stops after a few dozen; compiling
    ///   takes tens of milliseconds, more than any of the store's reads runs.
    /// - Generic plans for every prepared statement. Each statement's shape already fixes its
    ///   plan (``RankedSearch`` decides between its steps as it runs), so planning again for each
    ///   call's values buys nothing, and PostgreSQL would: it estimates the generic plan of a
    ///   search dearer than a custom one and so re-plans every call, 0.3 ms of a 0.6 ms search.
    ///
    /// ``init(url:)`` applies these; pass them when making the database yourself.
    ///
    /// ```swift
    /// let database = try await PostgresDatabase(url: url, settings: PostgresBookStore.sessionSettings)
    /// let store = try await PostgresBookStore(database: database)
    /// ```
    public static let sessionSettings = ["jit": "off", "plan_cache_mode": "force_generic_plan"]

    /// Uses `database`, bringing its schema up to date with ``migrations`` and its search entries
    /// with ``SearchIndex`` (see ``reindexIfStale()``). Throws ``Postgres/PostgresError``.
    ///
    /// ```swift
    /// let store = try await PostgresBookStore(database: try await PostgresDatabase(url: url))
    /// ```
    public init(database: PostgresDatabase) async throws {
        try await database.migrate(Self.migrations)
        self.database = database
        try await reindexIfStale()
    }

    /// Connects to the `postgres://` URL `url` with ``sessionSettings`` and migrates the database. Throws
    /// ``Postgres/PostgresError``, whose description never shows the password.
    ///
    /// ```swift
    /// let store = try await PostgresBookStore(url: "postgres://scout:secret@127.0.0.1:5432/books")
    /// ```
    public convenience init(url: String) async throws {
        let url = try PostgresURL(url)
        try await self.init(database: try await PostgresDatabase(url: url, settings: Self.sessionSettings))
    }

    /// The book with store id `id`, or `nil`: `try await store.book(id: 1)`.
    public func book(id: Int64) async throws -> Book? {
        try await database.query(
            "SELECT \(Self.selectColumns) FROM books WHERE id = $1", [.integer(id)], Self.book(from:)
        ).first
    }

    /// The book with the natural key `key`, or `nil`: `try await store.book(key: key)`.
    public func book(key: BookKey) async throws -> Book? {
        try await database.query(
            "SELECT \(Self.selectColumns) FROM books WHERE source = $1 AND source_id = $2",
            [.text(key.source.withoutNUL), .text(key.sourceID.withoutNUL)], Self.book(from:)
        ).first
    }

    /// How many books the store holds: `try await store.count()`.
    public func count() async throws -> Int {
        try await database.query("SELECT count(*) FROM books") { row in try row.int(0) }.first ?? 0
    }

    /// Every book in the store, by id: `let books = try await store.allBooks()`.
    public func allBooks() async throws -> [Book] {
        try await database.query("SELECT \(Self.selectColumns) FROM books ORDER BY id", [], Self.book(from:))
    }

    /// Bumped by every write that changes books: `try await store.generation()`.
    public func generation() async throws -> Int64 {
        try await database.query("SELECT generation FROM catalog_state") { row in try row.int64(0) }.first ?? 0
    }

    /// The saved checkpoint of the import `name`, or `nil`.
    ///
    /// ```swift
    /// let resumeAt = try await store.checkpoint(named: name)?.position ?? 0
    /// ```
    public func checkpoint(named name: String) async throws -> ImportCheckpoint? {
        try await database.query("SELECT position FROM import_checkpoints WHERE name = $1", [.text(name.withoutNUL)]) {
            row in ImportCheckpoint(name: name, position: try row.int(0))
        }.first
    }
}
