/// One result row, copied out of libpq when it was read, so it is a plain `Sendable` value.
///
/// Values arrive in PostgreSQL's text format; the accessors convert them. Columns are reached
/// by index or by name (names match exactly first, then case-insensitively):
///
/// ```swift
/// let books = try await db.query("SELECT id, title, subtitle FROM books") { row in
///     (id: try row.int64("id"), title: try row.string("title"), subtitle: try row.optionalString(2))
/// }
/// ```
public struct PostgresRow: Sendable {
    let values: [String?]
    let columns: ColumnNames

    /// A way to name a column: its index (`0`) or its name (`"title"`), written as a literal.
    ///
    /// ```swift
    /// try row.string(1) == row.string("title")
    /// ```
    public struct Column: Sendable, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
        let index: Int?
        let name: String?

        /// The column at `index`: `PostgresRow.Column(index: 0)`.
        public init(index: Int) { (self.index, self.name) = (index, nil) }
        /// The column named `name`: `PostgresRow.Column(name: "title")`.
        public init(name: String) { (self.index, self.name) = (nil, name) }
        /// An index literal: `row.string(0)`.
        public init(integerLiteral value: Int) { self.init(index: value) }
        /// A name literal: `row.string("title")`.
        public init(stringLiteral value: String) { self.init(name: value) }

        /// How error messages name the column: `'title'` or `#0`.
        var label: String { name.map { "'\($0)'" } ?? "#\(index ?? 0)" }
    }

    /// The number of columns: `row.count`.
    public var count: Int { values.count }

    /// The column names in order: `row.columnNames == ["id", "title"]`.
    public var columnNames: [String] { columns.names }

    /// The column's text, `nil` for `NULL`; throws for a column the row does not have.
    ///
    /// ```swift
    /// let raw = try row.text("search")  // "'dune':1A 'herbert':2B"
    /// ```
    public func text(_ column: Column) throws(PostgresError) -> String? {
        let index = column.index ?? column.name.flatMap(index(named:))
        guard let index, values.indices.contains(index) else {
            throw .column("The row has no column \(column.label).")
        }
        return values[index]
    }

    private func index(named name: String) -> Int? {
        columns.indexByName[name] ?? columns.indexByLowercasedName[name.lowercased()]
    }
}

/// A result's column names with lookups, built once per result and shared by its rows.
final class ColumnNames: Sendable {
    let names: [String]
    let indexByName: [String: Int]
    let indexByLowercasedName: [String: Int]

    init(_ names: [String]) {
        self.names = names
        // The first column wins when names repeat, as in SQL.
        self.indexByName = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        self.indexByLowercasedName = Dictionary(
            names.enumerated().map { ($1.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }
}
