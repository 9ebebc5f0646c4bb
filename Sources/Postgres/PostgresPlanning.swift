/// How PostgreSQL plans a statement that ``PostgresDatabase`` runs.
///
/// ```swift
/// // A look-up by key: one plan fits every id.
/// let book = try await db.query("SELECT title FROM books WHERE id = $1", [.integer(id)])
/// // A search whose best plan depends on how common the word is.
/// let hits = try await db.query(searchSQL, [.text(query)], planning: .perCall)
/// ```
public enum PostgresPlanning: Sendable, Hashable {
    /// Prepared once per connection and run by name afterwards, so PostgreSQL parses it once; after
    /// five runs it may settle on one generic plan for every value, saving planning too. The
    /// default, right for statements whose best plan is the same whatever the values: look-ups by
    /// key, joins on indexed columns, batch writes. (Only queries and data changes are prepared;
    /// commands such as `CREATE DATABASE` always run as `.perCall`.)
    case prepared
    /// Parsed and planned for each call with its values. For statements whose best plan depends
    /// on them, such as a text search that walks an index in rank order for a common word but
    /// gathers a rare word's few rows from its full-text index instead.
    case perCall
}
