internal import CSQLite
import Foundation

extension Row {
    /// The integer in a column; throws if it is `NULL`, not an integer, or out of `Int`'s range.
    ///
    /// ```swift
    /// let id = try row.int("id")
    /// ```
    public func int(_ column: some RowColumn) throws(SQLiteError) -> Int {
        try required(column, "an integer") { $0.int64Value.flatMap { Int(exactly: $0) } }
    }

    /// The integer in a column, `nil` for `NULL`: `try row.optionalInt("year")`.
    public func optionalInt(_ column: some RowColumn) throws(SQLiteError) -> Int? {
        try optional(column, "an integer") { $0.int64Value.flatMap { Int(exactly: $0) } }
    }

    /// The 64-bit integer in a column: `try row.int64("rowid")`.
    public func int64(_ column: some RowColumn) throws(SQLiteError) -> Int64 {
        try required(column, "an integer") { $0.int64Value }
    }

    /// The 64-bit integer in a column, `nil` for `NULL`: `try row.optionalInt64("rowid")`.
    public func optionalInt64(_ column: some RowColumn) throws(SQLiteError) -> Int64? {
        try optional(column, "an integer") { $0.int64Value }
    }

    /// The number in a column (integers convert): `try row.double("rating")`.
    public func double(_ column: some RowColumn) throws(SQLiteError) -> Double {
        try required(column, "a number") { $0.doubleValue }
    }

    /// The number in a column, `nil` for `NULL`: `try row.optionalDouble("rating")`.
    public func optionalDouble(_ column: some RowColumn) throws(SQLiteError) -> Double? {
        try optional(column, "a number") { $0.doubleValue }
    }

    /// The text in a column: `try row.string("title")`.
    public func string(_ column: some RowColumn) throws(SQLiteError) -> String {
        try required(column, "text") { $0.stringValue }
    }

    /// The text in a column, `nil` for `NULL`: `try row.optionalString("subtitle")`.
    public func optionalString(_ column: some RowColumn) throws(SQLiteError) -> String? {
        try optional(column, "text") { $0.stringValue }
    }

    /// The bytes in a blob column: `try row.bytes("cover")`.
    public func bytes(_ column: some RowColumn) throws(SQLiteError) -> [UInt8] {
        try required(column, "a blob") { $0.bytesValue }
    }

    /// The bytes in a blob column, `nil` for `NULL`: `try row.optionalBytes("cover")`.
    public func optionalBytes(_ column: some RowColumn) throws(SQLiteError) -> [UInt8]? {
        try optional(column, "a blob") { $0.bytesValue }
    }

    /// The bytes in a blob column as `Data`: `try row.data("cover")`.
    public func data(_ column: some RowColumn) throws(SQLiteError) -> Data {
        Data(try bytes(column))
    }

    /// The Boolean in an integer column (0 is `false`): `try row.bool("isRead")`.
    public func bool(_ column: some RowColumn) throws(SQLiteError) -> Bool {
        try required(column, "a Boolean") { $0.int64Value.map { $0 != 0 } }
    }

    /// The Boolean in an integer column, `nil` for `NULL`: `try row.optionalBool("isRead")`.
    public func optionalBool(_ column: some RowColumn) throws(SQLiteError) -> Bool? {
        try optional(column, "a Boolean") { $0.int64Value.map { $0 != 0 } }
    }

    private func required<T>(
        _ column: some RowColumn, _ expected: String, _ convert: (SQLiteValue) -> T?
    ) throws(SQLiteError) -> T {
        guard let result = try optional(column, expected, convert) else {
            throw .column("Column \(column.columnLabel) is NULL but \(expected) is required.", code: SQLITE_MISMATCH)
        }
        return result
    }

    private func optional<T>(
        _ column: some RowColumn, _ expected: String, _ convert: (SQLiteValue) -> T?
    ) throws(SQLiteError) -> T? {
        let value = try value(column)
        if value.isNull { return nil }
        guard let result = convert(value) else {
            throw .column("Column \(column.columnLabel) does not hold \(expected).", code: SQLITE_MISMATCH)
        }
        return result
    }
}
