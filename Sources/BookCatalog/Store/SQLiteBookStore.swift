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

    /// Uses `database`, bringing its schema up to date with ``migrations``. Throws
    /// ``SQLite/SQLiteError``.
    ///
    /// ```swift
    /// let store = try await SQLiteBookStore(database: try await Database(path: ":memory:"))
    /// ```
    public init(database: Database) async throws {
        try await database.migrate(Self.migrations)
        self.database = database
    }

    /// Opens (or creates) the database at `path` and migrates it. Throws ``SQLite/SQLiteError``.
    ///
    /// ```swift
    /// let store = try await SQLiteBookStore(path: directory.appendingPathComponent("books.sqlite").path)
    /// ```
    public convenience init(path: String) async throws {
        try await self.init(database: try await Database(path: path))
    }

    /// Inserts new books and updates changed ones in one transaction, matching on
    /// (``Book/source``, ``Book/sourceID``); ``Book/id`` of the input is ignored.
    ///
    /// ```swift
    /// let result = try await store.upsert(books)
    /// ```
    public func upsert(_ books: [Book]) async throws -> UpsertResult {
        let columns = Self.dataColumns
        let select = "SELECT \(Self.selectColumns) FROM books WHERE source = ? AND source_id = ?"
        let insert = """
            INSERT INTO books (\(columns.joined(separator: ", "))) \
            VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))
            """
        let update = "UPDATE books SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?"
        return try await database.transaction { tx in
            var result = UpsertResult()
            for book in books {
                let existing = try tx.query(select, [.text(book.source), .text(book.sourceID)], Self.book(from:))
                if var stored = existing.first {
                    let id = stored.id
                    stored.id = 0
                    var incoming = book
                    incoming.id = 0
                    if stored == incoming {
                        result.unchanged += 1
                    } else {
                        try tx.execute(update, Self.parameters(of: book) + [.integer(id)])
                        result.updated += 1
                    }
                    result.ids.append(id)
                } else {
                    try tx.execute(insert, Self.parameters(of: book))
                    result.inserted += 1
                    result.ids.append(tx.lastInsertRowID)
                }
            }
            return result
        }
    }

    /// The book with store id `id`, or `nil`: `try await store.book(id: 1)`.
    public func book(id: Int64) async throws -> Book? {
        try await database.query(
            "SELECT \(Self.selectColumns) FROM books WHERE id = ?", [.integer(id)], Self.book(from:)
        ).first
    }

    /// How many books the store holds: `try await store.count()`.
    public func count() async throws -> Int {
        try await database.query("SELECT count(*) FROM books") { row in try row.int(0) }.first ?? 0
    }
}
