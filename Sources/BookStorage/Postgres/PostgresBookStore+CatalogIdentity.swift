import BookCatalog
import Postgres

extension PostgresBookStore {
    /// The identity of the catalog in `database`: when its schema was made (version 1 of
    /// `schema_versions`, in microseconds since 1970), which no other database shares, while a
    /// copy restored from a backup keeps it (its generation and book count then tell it apart,
    /// as for a SQLite catalog). Its ``SearchIndexFile`` is named after it and checked against
    /// it, so another database at the same URL is never served from a foreign file. Nil when the
    /// schema does not record it.
    static func catalogIdentity(of database: PostgresDatabase) async throws -> Int64? {
        let created = try await database.query(
            "SELECT (extract(epoch FROM applied_at) * 1000000)::bigint FROM schema_versions WHERE version = 1"
        ) { row in try row.optionalInt64(0) }
        return created.first.flatMap { $0 }.flatMap { $0 == 0 ? nil : $0 }
    }
}
