import BookCatalog
import Postgres
import SQLite

/// What the lookups both stores answer with the same SQL need of either database: a statement
/// without parameters, its rows read by column name.
protocol LookupDatabase: Sendable {
    associatedtype LookupRow: StoredRow
    func rows<T: Sendable>(of sql: String, _ read: @escaping @Sendable (LookupRow) throws -> T) async throws -> [T]
}

extension Database: LookupDatabase {
    func rows<T: Sendable>(of sql: String, _ read: @escaping @Sendable (Row) throws -> T) async throws -> [T] {
        try await query(sql, [], read)
    }
}

extension PostgresDatabase: LookupDatabase {
    func rows<T: Sendable>(of sql: String, _ read: @escaping @Sendable (PostgresRow) throws -> T) async throws -> [T] {
        try await query(sql, [], read)
    }
}

/// A store whose `count`, `allBooks` and `generation` are the same SQL on either database,
/// written once here; each store's ``BookStore`` witness (below) is a one-line call.
protocol SharedLookups: StoredColumns, SendableMetatype {
    associatedtype Lookups: LookupDatabase
    var database: Lookups { get }
    /// The store's `SELECT` list of every `books` column, under its own name.
    static var selectColumns: String { get }
}

extension SharedLookups {
    /// ``BookStore/count()``.
    func countBooks() async throws -> Int {
        try await storeWork {
            try await database.rows(of: "SELECT count(*) AS books FROM books") { row in
                Int(try row.int64(named: "books"))
            }.first ?? 0
        }
    }

    /// ``BookStore/allBooks()``.
    func everyBook() async throws -> [Book] {
        try await storeWork {
            try await database.rows(of: "SELECT \(Self.selectColumns) FROM books ORDER BY id") { row in
                try Self.storedBook(from: row)
            }
        }
    }

    /// ``BookStore/searchEntries()``.
    func everySearchEntry() async throws -> [SearchEntry] {
        try await storeWork {
            try await database.rows(
                of: "SELECT id, title, alternate_titles, series, authors, ratings_count, text_readings FROM books"
            ) { row in
                SearchEntry(
                    id: try row.int64(named: "id"), title: try row.string(named: "title"),
                    alternateTitles: Self.strings(try row.string(named: "alternate_titles")),
                    series: (JSONSeriesList.decode(try row.string(named: "series")) ?? []).map(\.name),
                    authors: Self.strings(try row.string(named: "authors")),
                    ratingsCount: try row.optionalInt(named: "ratings_count"),
                    textReadings: Self.readings(try row.string(named: "text_readings")))
            }
        }
    }

    /// ``BookStore/generation()``.
    func catalogGeneration() async throws -> Int64 {
        try await storeWork {
            try await database.rows(of: "SELECT generation FROM catalog_state") { row in
                try row.int64(named: "generation")
            }.first ?? 0
        }
    }
}

// The witnesses' documentation is BookStore's.
extension SQLiteBookStore: SharedLookups {
    public func count() async throws -> Int { try await countBooks() }
    public func searchEntries() async throws -> [SearchEntry] { try await everySearchEntry() }
    public func allBooks() async throws -> [Book] { try await everyBook() }
    public func generation() async throws -> Int64 { try await catalogGeneration() }
}

extension PostgresBookStore: SharedLookups {
    public func count() async throws -> Int { try await countBooks() }
    public func searchEntries() async throws -> [SearchEntry] { try await everySearchEntry() }
    public func allBooks() async throws -> [Book] { try await everyBook() }
    public func generation() async throws -> Int64 { try await catalogGeneration() }
}
