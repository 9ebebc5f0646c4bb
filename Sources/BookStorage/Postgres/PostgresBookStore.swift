import BookCatalog
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
    /// Typo-tolerant search over this store, with its dictionary of indexed words and, given a
    /// folder for it, the search index file named after the catalog's identity.
    let typoTolerance: TypoTolerance
    /// The identity of the catalog in the database (``catalogIdentity(of:)``), which names its
    /// search index file; nil when the schema does not record it.
    public let catalogIdentity: Int64?
    /// What this store wrote since it last vacuumed and analyzed each table.
    let maintenance = Mutex(MaintenanceSchedule())
    /// What reads the Japanese texts of the books it writes, if anything (``Book/addTextReadings(using:)``).
    let readingAnalyzer: (any ReadingAnalyzer)?
    /// How its schema changes wait for tables they must hold alone (``SchemaLockPatience``).
    let schemaLockPatience: SchemaLockPatience

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

    /// Uses `database`, bringing its schema up to date with ``migrations`` (see
    /// ``migrate(_:patience:)``), its search entries with ``SearchIndex`` (see
    /// ``reindexIfStale()``) and its match keys with ``BookIdentity`` (see
    /// ``refreshIdentity()``). With a `searchIndexDirectory` (which must exist), search
    /// keeps its index in a file there named after the catalog's identity
    /// (``catalogIdentity(of:)``), mapped at start as a SQLite catalog's is. `schemaLockPatience`
    /// says how its schema changes wait for readers. Throws ``BookStoreError``.
    ///
    /// ```swift
    /// let store = try await PostgresBookStore(database: try await PostgresDatabase(url: url))
    /// ```
    public init(
        database: PostgresDatabase, readingAnalyzer: (any ReadingAnalyzer)? = nil, searchIndexDirectory: String? = nil,
        schemaLockPatience: SchemaLockPatience = .standard
    ) async throws {
        try await storeWork { try await Self.migrate(database, patience: schemaLockPatience) }
        self.database = database
        self.readingAnalyzer = readingAnalyzer
        self.schemaLockPatience = schemaLockPatience
        let identity = try await storeWork { try await Self.catalogIdentity(of: database) }
        catalogIdentity = identity
        typoTolerance = TypoTolerance(
            indexFile: searchIndexDirectory.flatMap { directory in
                identity.map { SearchIndexFile(directory: directory, catalogIdentity: $0) }
            })
        try await storeWork { try await reindexIfStale() }
        try await storeWork { try await refreshIdentity() }
    }

    /// Connects to the `postgres://` URL `url` with ``sessionSettings`` and migrates the database. Throws
    /// ``BookStoreError``, whose description never shows the password.
    ///
    /// ```swift
    /// let store = try await PostgresBookStore(url: "postgres://scout:secret@127.0.0.1:5432/books")
    /// ```
    public convenience init(url: String, readingAnalyzer: (any ReadingAnalyzer)? = nil) async throws {
        try await self.init(url: try await storeWork { try PostgresURL(url) }, readingAnalyzer: readingAnalyzer)
    }

    /// Connects to `url` (with its password given apart, if any) like ``init(url:)-(String)``.
    ///
    /// ```swift
    /// let store = try await PostgresBookStore(url: try PostgresURL("postgres://scout@db/books", password: secret))
    /// ```
    public convenience init(
        url: PostgresURL, readingAnalyzer: (any ReadingAnalyzer)? = nil, searchIndexDirectory: String? = nil,
        schemaLockPatience: SchemaLockPatience = .standard
    ) async throws {
        let database = try await storeWork { try await PostgresDatabase(url: url, settings: Self.sessionSettings) }
        try await self.init(
            database: database, readingAnalyzer: readingAnalyzer, searchIndexDirectory: searchIndexDirectory,
            schemaLockPatience: schemaLockPatience)
    }
}
