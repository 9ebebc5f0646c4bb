/// Any failure of the Postgres module: what kind it is, PostgreSQL's SQLSTATE and message, and
/// the statement.
///
/// `description` is safe to log: a sentence, the SQLSTATE, the constraint and table names and the
/// statement's SQL text — never a bound value or a password. The server's message and detail can
/// quote data (`invalid input syntax for type bigint: "…"`, `Key (email)=(…) already exists`), so
/// they appear only in `debugDescription`.
///
/// ```swift
/// do {
///     try await db.execute("INSERT INTO users (email) VALUES ($1)", [.text(email)])
/// } catch let error as PostgresError where error.kind == .uniqueViolation {
///     print(error)  // A row with the same key already exists (constraint users_email_key). (SQLSTATE 23505) …
/// }
/// ```
public struct PostgresError: Error, Sendable, Equatable {
    /// What went wrong, grouped for callers that react to it.
    public let kind: Kind
    /// The five-character SQLSTATE, such as `"23505"`; `nil` for failures before the server answered.
    public let sqlState: String?
    /// PostgreSQL's or libpq's message; it may quote data, so it is only in `debugDescription`.
    public let message: String
    /// PostgreSQL's detail line, if any (it may quote data, like `message`).
    public let detail: String?
    /// The violated constraint's name, for constraint errors: `"readings_rating_check"`.
    public let constraint: String?
    /// The table the error concerns, when PostgreSQL names one.
    public let table: String?
    /// The SQL text of the statement that failed; it never holds bound values.
    public let sql: String?
    /// The server's URL with its password removed, for failures to connect.
    public let server: String?

    /// Makes an error; the module makes these, tests and other stores may too.
    ///
    /// ```swift
    /// let error = PostgresError(kind: .uniqueViolation, sqlState: "23505", message: "duplicate key")
    /// ```
    public init(
        kind: Kind, sqlState: String? = nil, message: String, detail: String? = nil, constraint: String? = nil,
        table: String? = nil, sql: String? = nil, server: String? = nil
    ) {
        self.kind = kind
        self.sqlState = sqlState
        self.message = message
        self.detail = detail
        self.constraint = constraint
        self.table = table
        self.sql = sql
        self.server = server
    }

    /// An error from the server, grouped by its SQLSTATE.
    init(sqlState: String?, message: String, detail: String?, constraint: String?, table: String?, sql: String?) {
        self.init(
            kind: Kind(sqlState: sqlState), sqlState: sqlState, message: message, detail: detail,
            constraint: constraint, table: table, sql: sql)
    }

    /// A misuse of this module's API (a NUL in text, a URL that is not `postgres://`, a missing column).
    static func misuse(_ message: String, sql: String? = nil) -> PostgresError {
        PostgresError(kind: .misuse, message: message, sql: sql)
    }

    /// A column that is missing, `NULL` where a value is required, or not of the type asked for.
    static func column(_ message: String) -> PostgresError {
        PostgresError(kind: .invalidColumn, message: message)
    }
}
