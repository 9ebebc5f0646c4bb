import BookCatalog
import Postgres
import SQLite

/// What the relation subjects' pages need of either database: one statement with one integer
/// parameter, the id the page starts after, its rows read by column name.
protocol RelationSubjectDatabase: LookupDatabase {
    /// The placeholder of the statement's one parameter (`?` or `$1`).
    static var afterPlaceholder: String { get }
    func rows<T: Sendable>(of sql: String, after id: Int64, _ read: @escaping @Sendable (LookupRow) throws -> T)
        async throws -> [T]
}

extension Database: RelationSubjectDatabase {
    static var afterPlaceholder: String { "?" }
    func rows<T: Sendable>(of sql: String, after id: Int64, _ read: @escaping @Sendable (Row) throws -> T)
        async throws -> [T]
    {
        try await query(sql, [.integer(id)], read)
    }
}

extension PostgresDatabase: RelationSubjectDatabase {
    static var afterPlaceholder: String { "$1" }
    func rows<T: Sendable>(of sql: String, after id: Int64, _ read: @escaping @Sendable (PostgresRow) throws -> T)
        async throws -> [T]
    {
        try await query(sql, [.integer(id)], read)
    }
}

extension SharedLookups where Lookups: RelationSubjectDatabase {
    /// The columns the relation rules read.
    private static var relationSubjectColumns: String {
        "id, authors, series, series_name, series_number, tags, ratings_count, source_url"
    }

    /// ``BookStore/relationSubjects()``: one `SELECT` of the columns the relation rules read,
    /// the same SQL on either database.
    func everyRelationSubject() async throws -> [RelationSubject] {
        try await storeWork {
            try await database.rows(of: "SELECT \(Self.relationSubjectColumns) FROM books ORDER BY id") {
                try Self.relationSubject(from: $0)
            }
        }
    }

    /// ``RelationSubjectPaging/relationSubjects(after:limit:)``: the next page by the primary
    /// key, so each page is an index range scan and neither database holds more than a page of
    /// rows (PostgreSQL's whole result set of a million books, held by libpq and copied again
    /// into rows, made its rebuild's peak more than twice SQLite's).
    func relationSubjectPage(after id: Int64, limit: Int) async throws -> [RelationSubject] {
        // The limit is a number, never text from outside.
        let sql = """
            SELECT \(Self.relationSubjectColumns) FROM books
            WHERE id > \(Lookups.afterPlaceholder) ORDER BY id LIMIT \(max(limit, 0))
            """
        return try await storeWork {
            try await database.rows(of: sql, after: id) { try Self.relationSubject(from: $0) }
        }
    }

    /// The subject in a row of ``relationSubjectColumns``. A book's series come from `series`,
    /// or from `series_name` and `series_number` when that holds none, as ``Book`` reads them.
    private static func relationSubject(from row: some StoredRow) throws -> RelationSubject {
        var series = JSONSeriesList.decode(try row.string(named: "series")) ?? []
        if series.isEmpty, let name = try row.optionalString(named: "series_name") {
            series = [SeriesMembership(name: name, number: try row.optionalDouble(named: "series_number"))]
        }
        return RelationSubject(
            id: try row.int64(named: "id"), firstAuthor: strings(try row.string(named: "authors")).first,
            series: series, tags: strings(try row.string(named: "tags")),
            ratingsCount: try row.optionalInt(named: "ratings_count"),
            sourceURL: url(try row.optionalString(named: "source_url")))
    }
}
