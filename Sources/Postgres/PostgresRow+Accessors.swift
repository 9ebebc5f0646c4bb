extension PostgresRow {
    /// The text in a column: `try row.string("title")`.
    public func string(_ column: Column) throws(PostgresError) -> String {
        try required(column, "text") { $0 }
    }

    /// The text in a column, `nil` for `NULL`: `try row.optionalString("subtitle")`.
    public func optionalString(_ column: Column) throws(PostgresError) -> String? {
        try text(column)
    }

    /// The integer in a column: `try row.int64("id")`.
    public func int64(_ column: Column) throws(PostgresError) -> Int64 {
        try required(column, "an integer") { Int64($0) }
    }

    /// The integer in a column, `nil` for `NULL`: `try row.optionalInt64("parent_id")`.
    public func optionalInt64(_ column: Column) throws(PostgresError) -> Int64? {
        try optional(column, "an integer") { Int64($0) }
    }

    /// The integer in a column, as `Int`: `try row.int("count")`.
    public func int(_ column: Column) throws(PostgresError) -> Int {
        try required(column, "an integer") { Int($0) }
    }

    /// The integer in a column as `Int`, `nil` for `NULL`: `try row.optionalInt("year")`.
    public func optionalInt(_ column: Column) throws(PostgresError) -> Int? {
        try optional(column, "an integer") { Int($0) }
    }

    /// The number in a column (integers convert): `try row.double("rating")`.
    public func double(_ column: Column) throws(PostgresError) -> Double {
        try required(column, "a number", Self.double)
    }

    /// The number in a column, `nil` for `NULL`: `try row.optionalDouble("rating")`.
    public func optionalDouble(_ column: Column) throws(PostgresError) -> Double? {
        try optional(column, "a number", Self.double)
    }

    /// The Boolean in a `boolean` column: `try row.bool("is_read")`.
    public func bool(_ column: Column) throws(PostgresError) -> Bool {
        try required(column, "a Boolean", Self.bool)
    }

    /// The Boolean in a column, `nil` for `NULL`: `try row.optionalBool("is_read")`.
    public func optionalBool(_ column: Column) throws(PostgresError) -> Bool? {
        try optional(column, "a Boolean", Self.bool)
    }

    /// PostgreSQL spells non-finite numbers `Infinity`, `-Infinity` and `NaN`.
    private static func double(_ text: String) -> Double? {
        switch text {
        case "Infinity": .infinity
        case "-Infinity": -.infinity
        case "NaN": .nan
        default: Double(text)
        }
    }

    private static func bool(_ text: String) -> Bool? {
        switch text {
        case "t": true
        case "f": false
        default: nil
        }
    }

    private func required<T>(_ column: Column, _ expected: String, _ convert: (String) -> T?) throws(PostgresError)
        -> T
    {
        guard let value = try optional(column, expected, convert) else {
            throw .column("Column \(column.label) is NULL but \(expected) is required.")
        }
        return value
    }

    private func optional<T>(_ column: Column, _ expected: String, _ convert: (String) -> T?) throws(PostgresError)
        -> T?
    {
        guard let text = try text(column) else { return nil }
        guard let value = convert(text) else { throw .column("Column \(column.label) does not hold \(expected).") }
        return value
    }
}
