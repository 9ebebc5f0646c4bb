import BookCatalog
import Postgres
import SQLite

/// What the lookups read a page at a time need of either database: one statement whose
/// parameters are integers (the ids a page starts after and ends at), its rows read by column
/// name.
protocol PagedLookupDatabase: LookupDatabase {
    /// The placeholder of the statement's `position`th parameter, from 1 (`?` or `$1`).
    static func placeholder(_ position: Int) -> String
    func rows<T: Sendable>(
        of sql: String, integers: [Int64], _ read: @escaping @Sendable (LookupRow) throws -> T
    ) async throws -> [T]
}

extension Database: PagedLookupDatabase {
    static func placeholder(_ position: Int) -> String { "?" }
    func rows<T: Sendable>(of sql: String, integers: [Int64], _ read: @escaping @Sendable (Row) throws -> T)
        async throws -> [T]
    {
        try await query(sql, integers.map { .integer($0) }, read)
    }
}

extension PostgresDatabase: PagedLookupDatabase {
    static func placeholder(_ position: Int) -> String { "$\(position)" }
    func rows<T: Sendable>(
        of sql: String, integers: [Int64], _ read: @escaping @Sendable (PostgresRow) throws -> T
    ) async throws -> [T] {
        try await query(sql, integers.map { .integer($0) }, read)
    }
}

extension SharedLookups where Lookups: PagedLookupDatabase {
    /// `columns` of up to `limit` books with ids above `id`, by id ascending, each row read by
    /// `read`: the next page by the primary key, an index range scan.
    func pageOfBooks<T: Sendable>(
        _ columns: String, after id: Int64, limit: Int, _ read: @escaping @Sendable (Lookups.LookupRow) throws -> T
    ) async throws -> [T] {
        // The limit is a number, never text from outside.
        let sql = """
            SELECT \(columns) FROM books
            WHERE id > \(Lookups.placeholder(1)) ORDER BY id LIMIT \(max(limit, 0))
            """
        return try await storeWork { try await database.rows(of: sql, integers: [id], read) }
    }
}
