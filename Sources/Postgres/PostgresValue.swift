/// One parameter of a PostgreSQL statement: a scalar or a one-dimensional array.
///
/// Parameters are always bound (sent apart from the SQL text), never spliced into it. Arrays let
/// one statement write many rows: `INSERT … SELECT * FROM unnest($1, $2)`.
///
/// ```swift
/// try await db.execute("INSERT INTO books (title, year) VALUES ($1, $2)", ["Dune", 1965])
/// try await db.execute(
///     "INSERT INTO tags (book_id, tag) SELECT * FROM unnest($1, $2)",
///     [.integerArray([1, 1]), .textArray(["classic", "sf"])])
/// ```
public enum PostgresValue: Sendable, Hashable {
    /// SQL `NULL`, of a type PostgreSQL infers from the statement.
    case null
    /// A `boolean`.
    case bool(Bool)
    /// A `bigint`.
    case integer(Int64)
    /// A `double precision`.
    case real(Double)
    /// Text of a type PostgreSQL infers (`text`, `jsonb`, `tsquery`, …); it cannot hold NUL.
    case text(String)
    /// A `boolean[]`; `nil` elements are `NULL`.
    case boolArray([Bool?])
    /// A `bigint[]`; `nil` elements are `NULL`.
    case integerArray([Int64?])
    /// A `double precision[]`; `nil` elements are `NULL`.
    case realArray([Double?])
    /// A `text[]`; `nil` elements are `NULL`.
    case textArray([String?])

    /// Text, or `NULL` for `nil`: `PostgresValue(book.subtitle)`.
    public init(_ value: String?) { self = value.map(PostgresValue.text) ?? .null }
    /// A `bigint`, or `NULL` for `nil`: `PostgresValue(book.year)`.
    public init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }
    /// A `bigint`, or `NULL` for `nil`: `PostgresValue(id)`.
    public init(_ value: Int64?) { self = value.map(PostgresValue.integer) ?? .null }
    /// A `double precision`, or `NULL` for `nil`: `PostgresValue(book.rating)`.
    public init(_ value: Double?) { self = value.map(PostgresValue.real) ?? .null }
    /// A `boolean`, or `NULL` for `nil`: `PostgresValue(isRead)`.
    public init(_ value: Bool?) { self = value.map(PostgresValue.bool) ?? .null }
}

extension PostgresValue: ExpressibleByNilLiteral {
    /// `nil` binds SQL `NULL`: `["Dune", nil]`.
    public init(nilLiteral: ()) { self = .null }
}

extension PostgresValue: ExpressibleByIntegerLiteral {
    /// An integer literal binds a `bigint`: `[42]`.
    public init(integerLiteral value: Int64) { self = .integer(value) }
}

extension PostgresValue: ExpressibleByFloatLiteral {
    /// A float literal binds a `double precision`: `[4.5]`.
    public init(floatLiteral value: Double) { self = .real(value) }
}

extension PostgresValue: ExpressibleByStringLiteral {
    /// A string literal binds text: `["Dune"]`.
    public init(stringLiteral value: String) { self = .text(value) }
}

extension PostgresValue: ExpressibleByBooleanLiteral {
    /// A Boolean literal binds a `boolean`: `[true]`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}
