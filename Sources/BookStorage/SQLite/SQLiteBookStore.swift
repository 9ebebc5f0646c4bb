import BookCatalog
import SQLite

/// A ``BookStore`` in a SQLite file, with FTS5 prefix search over titles and authors.
///
/// The store is a `final class` of `let`s: the ``SQLite/Database`` already serializes every call
/// on its own queue, and each upsert is one transaction, so a batch is never half-applied.
///
/// ```swift
/// let store = try await SQLiteBookStore(path: "/var/lib/scout/books.sqlite")
/// try await store.upsert([Book(source: "manual", sourceID: "dune", title: "Dune")])
/// let hits = try await store.search("dun", limit: 10)
/// ```
public final class SQLiteBookStore: BookStore {
    /// The database the store reads and writes.
    public let database: Database
    /// Typo-tolerant search over this store, with its dictionary of indexed words and its
    /// candidate index kept in the file beside the database (``BookCatalog/SearchIndexFile``).
    let typoTolerance: TypoTolerance
    /// What reads the Japanese texts of the books it writes, if anything (``Book/addTextReadings(using:)``).
    let readingAnalyzer: (any ReadingAnalyzer)?
    /// The match keys an import into an empty catalog has written, between its batches
    /// (SQLiteBookStore+ImportMatchKeys.swift).
    let importMatchKeys = ImportMatchKeys()

    /// Uses `database`, bringing its schema up to date with ``migrations`` after defining the
    /// function its search index is built with (``indexWordsFunction``), and its books' match
    /// keys with ``BookIdentity`` (see ``refreshIdentity()``). Throws
    /// ``BookStoreError``.
    ///
    /// ```swift
    /// let store = try await SQLiteBookStore(database: try await Database(path: ":memory:"))
    /// ```
    public init(database: Database, readingAnalyzer: (any ReadingAnalyzer)? = nil) async throws {
        try await storeWork {
            try await Self.requireScoutSchema(in: database)
            try await database.defineFunction(Self.indexWordsFunction, Self.indexWords(of:))
            try await database.migrate(Self.migrations)
        }
        self.database = database
        self.readingAnalyzer = readingAnalyzer
        typoTolerance = TypoTolerance(indexFile: SearchIndexFile(besideDatabase: database.path))
        try await storeWork { try await refreshIdentity() }
    }

    /// Opens the database at `path` (creating the file unless `creating` is false) and migrates
    /// it. Throws ``BookStoreError``.
    ///
    /// ```swift
    /// let store = try await SQLiteBookStore(path: directory.appendingPathComponent("books.sqlite").path)
    /// ```
    public convenience init(
        path: String, creating: Bool = true, readingAnalyzer: (any ReadingAnalyzer)? = nil
    ) async throws {
        try await self.init(
            database: try await storeWork { try await Database(path: path, creating: creating) },
            readingAnalyzer: readingAnalyzer)
    }

    /// Throws unless `database` is new (no tables) or has a Scout schema version: migrations
    /// must never add Scout's tables to another application's database.
    private static func requireScoutSchema(in database: Database) async throws {
        // One statement, so one snapshot: read apart, another process could commit its first
        // migration (tables and version together) in between.
        let found = try await database.query(
            "SELECT (SELECT user_version FROM pragma_user_version), (SELECT count(*) FROM sqlite_master)"
        ) { row in (version: try row.int(0), tables: try row.int(1)) }
        guard let schema = found.first, schema.version == 0, schema.tables > 0 else { return }
        throw BookStoreError(
            kind: .notACatalog, database: .sqlite,
            description: "It is a SQLite database of something else (it has tables but no Scout schema version).")
    }
}
