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
    /// function its search index is built with (``indexWordsFunction``). Throws
    /// ``SQLite/SQLiteError``.
    ///
    /// ```swift
    /// let store = try await SQLiteBookStore(database: try await Database(path: ":memory:"))
    /// ```
    public init(database: Database) async throws {
        try await database.defineFunction(Self.indexWordsFunction) { text in
            SearchText.indexWords(in: text).joined(separator: " ")
        }
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

    /// Writes `batch` in one transaction (see ``BookStore/apply(_:)``): books matched on
    /// (``Book/source``, ``Book/sourceID``), then tags, readings, links and the checkpoint.
    /// Throws ``SQLite/SQLiteError``; nothing of the batch is written then.
    ///
    /// ```swift
    /// let result = try await store.apply(ImportBatch(books: books))
    /// ```
    public func apply(_ batch: ImportBatch) async throws -> UpsertResult {
        guard !batch.isEmpty else { return UpsertResult() }
        return try await database.transaction { tx in
            var result = try Self.upsert(batch.books, in: tx)
            try Self.write(tags: batch.tags, in: tx, into: &result)
            try Self.write(readings: batch.readings, in: tx, into: &result)
            try Self.write(links: batch.links, in: tx, into: &result)
            if let checkpoint = batch.checkpoint { try Self.save(checkpoint, in: tx) }
            if result.inserted + result.updated > 0 || !batch.tags.isEmpty {
                try tx.execute("UPDATE catalog_state SET generation = generation + 1")
            }
            return result
        }
    }

    /// Inserts or updates `books`; ``Book/id`` of the input is ignored.
    private static func upsert(_ books: [Book], in tx: borrowing Transaction) throws -> UpsertResult {
        let select = "SELECT \(selectColumns) FROM books WHERE source = ? AND source_id = ?"
        let insert = """
            INSERT INTO books (\(dataColumns.joined(separator: ", "))) \
            VALUES (\(dataColumns.map { _ in "?" }.joined(separator: ", ")))
            """
        let update = "UPDATE books SET \(dataColumns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?"
        var result = UpsertResult()
        for book in books {
            let existing = try tx.query(select, [.text(book.source), .text(book.sourceID)], Self.book(from:))
            if var stored = existing.first {
                let id = stored.id
                stored.id = 0
                var incoming = book
                incoming.id = 0
                if incoming.tags.isEmpty { incoming.tags = stored.tags }
                if stored == incoming {
                    result.unchanged += 1
                } else {
                    try tx.execute(update, parameters(of: incoming) + [.integer(id)])
                    result.updated += 1
                    result.touched.insert(id)
                }
                result.ids.append(id)
            } else {
                try tx.execute(insert, parameters(of: book))
                result.inserted += 1
                result.ids.append(tx.lastInsertRowID)
                result.touched.insert(tx.lastInsertRowID)
            }
        }
        return result
    }

    /// The book with store id `id`, or `nil`: `try await store.book(id: 1)`.
    public func book(id: Int64) async throws -> Book? {
        try await database.query(
            "SELECT \(Self.selectColumns) FROM books WHERE id = ?", [.integer(id)], Self.book(from:)
        ).first
    }

    /// The book with the natural key `key`, or `nil`: `try await store.book(key: key)`.
    public func book(key: BookKey) async throws -> Book? {
        try await database.query(
            "SELECT \(Self.selectColumns) FROM books WHERE source = ? AND source_id = ?",
            [.text(key.source), .text(key.sourceID)], Self.book(from:)
        ).first
    }

    /// How many books the store holds: `try await store.count()`.
    public func count() async throws -> Int {
        try await database.query("SELECT count(*) FROM books") { row in try row.int(0) }.first ?? 0
    }

    /// Bumped by every write that changes books: `try await store.generation()`.
    public func generation() async throws -> Int64 {
        try await database.query("SELECT generation FROM catalog_state") { row in try row.int64(0) }.first ?? 0
    }

    /// `PRAGMA integrity_check` and `PRAGMA foreign_key_check`, as sentences; empty when sound.
    public func integrityProblems() async throws -> [String] {
        let integrity = try await database.query("PRAGMA integrity_check") { row in try row.string(0) }
        let foreignKeys = try await database.query("PRAGMA foreign_key_check") { row in
            "a row of \(try row.string(0)) refers to a missing row of \(try row.string(2))"
        }
        return integrity.filter { $0 != "ok" } + foreignKeys
    }
}
