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
    /// Typo-tolerant search over this store, with its dictionary of indexed words.
    let typoTolerance = TypoTolerance()

    /// Uses `database`, bringing its schema up to date with ``migrations`` after defining the
    /// function its search index is built with (``indexWordsFunction``), and its books' match
    /// keys with ``BookIdentity`` (see ``refreshIdentity()``). Throws
    /// ``BookStoreError``.
    ///
    /// ```swift
    /// let store = try await SQLiteBookStore(database: try await Database(path: ":memory:"))
    /// ```
    public init(database: Database) async throws {
        try await storeWork {
            try await database.defineFunction(Self.indexWordsFunction) { text in
                SearchText.indexWords(in: text).joined(separator: " ")
            }
            try await database.migrate(Self.migrations)
        }
        self.database = database
        try await storeWork { try await refreshIdentity() }
    }

    /// Opens (or creates) the database at `path` and migrates it. Throws ``BookStoreError``.
    ///
    /// ```swift
    /// let store = try await SQLiteBookStore(path: directory.appendingPathComponent("books.sqlite").path)
    /// ```
    public convenience init(path: String) async throws {
        try await self.init(database: try await storeWork { try await Database(path: path) })
    }
}
