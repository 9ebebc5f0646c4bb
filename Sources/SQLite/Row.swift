internal import CSQLite

/// One result row, copied out of SQLite when it was read, so it is a plain `Sendable` value.
///
/// Columns are reached by index or by name (names match case-insensitively, as in SQL):
///
/// ```swift
/// let books = try await db.query("SELECT id, title, subtitle FROM books") { row in
///     (id: try row.int("id"), title: try row.string("title"), subtitle: try row.optionalString(2))
/// }
/// ```
public struct Row: Sendable {
    let values: [SQLiteValue]
    let columns: ColumnNames

    /// The number of columns: `row.count`.
    public var count: Int { values.count }

    /// The column names in order: `row.columnNames == ["id", "title"]`.
    public var columnNames: [String] { columns.names }

    /// The raw value of a column, `.null` included; throws for a column the row does not have.
    ///
    /// ```swift
    /// if try row.value("isbn").isNull { … }
    /// ```
    public func value(_ column: some RowColumn) throws(SQLiteError) -> SQLiteValue {
        guard let index = column.index(in: self) else {
            throw .column("The row has no column \(column.columnLabel).", code: SQLITE_RANGE)
        }
        return values[index]
    }

    /// The index of the column named `name`, exact match first, then case-insensitive.
    func index(named name: String) -> Int? {
        columns.indexByName[name] ?? columns.indexByLowercasedName[name.lowercased()]
    }
}

/// A way to name a column of a ``Row``: its index (`Int`) or its name (`String`).
///
/// ```swift
/// try row.string(1) == row.string("title")
/// ```
public protocol RowColumn: Sendable {
    /// The column's index in `row`, or `nil` if the row has no such column.
    ///
    /// ```swift
    /// "title".index(in: row)  // 1
    /// ```
    func index(in row: Row) -> Int?

    /// How error messages name the column, such as `'title'` or `#1`.
    ///
    /// ```swift
    /// "title".columnLabel  // 'title'
    /// ```
    var columnLabel: String { get }
}

extension Int: RowColumn {
    /// `self` if it is a valid index into `row`: `0.index(in: row)`.
    public func index(in row: Row) -> Int? { row.values.indices.contains(self) ? self : nil }
    /// `#index`: `0.columnLabel == "#0"`.
    public var columnLabel: String { "#\(self)" }
}

extension String: RowColumn {
    /// The index of the column with this name: `"id".index(in: row)`.
    public func index(in row: Row) -> Int? { row.index(named: self) }
    /// The name in quotes: `"id".columnLabel == "'id'"`.
    public var columnLabel: String { "'\(self)'" }
}

/// A result's column names with lookups, built once per query and shared by its rows.
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
