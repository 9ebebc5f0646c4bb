internal import CSQLite

/// Any failure of the SQLite module: the SQLite result code, its message and the statement.
///
/// `description` is safe to log: it holds a sentence, the code and the statement's SQL text,
/// never a bound value (SQLite's own message can quote one, for example an FTS5 syntax error
/// quoting the `MATCH` text, so it appears only where it cannot: errors compiling SQL text,
/// opening the file or reading a column). `debugDescription` adds SQLite's message.
///
/// ```swift
/// do {
///     try await db.execute("INSERT INTO users (email) VALUES (?)", [.text(email)])
/// } catch let error as SQLiteError where error.kind == .uniqueViolation {
///     print(error)  // A row with the same users.email already exists. (SQLite 2067: …)
/// }
/// ```
public struct SQLiteError: Error, Sendable, Equatable {
    /// The extended result code, such as 2067 (`SQLITE_CONSTRAINT_UNIQUE`).
    public let extendedCode: Int32
    /// SQLite's message (`sqlite3_errmsg`); it may quote data, so it is not in `description`.
    public let message: String
    /// The SQL text of the statement that failed, if any; it never holds bound values.
    public let sql: String?
    /// The database file, for failures to open it.
    public let path: String?
    /// Whether `message` cannot contain bound values and may appear in `description`.
    let isMessageSafe: Bool

    /// The primary result code, such as 19 (`SQLITE_CONSTRAINT`): `error.code == 19`.
    public var code: Int32 { extendedCode & 0xFF }

    /// Makes an error; the module makes these, tests and other stores may too.
    ///
    /// ```swift
    /// let error = SQLiteError(extendedCode: 5, message: "database is locked", sql: "COMMIT")
    /// ```
    public init(extendedCode: Int32, message: String, sql: String? = nil, path: String? = nil) {
        self.init(extendedCode: extendedCode, message: message, sql: sql, path: path, isMessageSafe: false)
    }

    init(extendedCode: Int32, message: String, sql: String?, path: String?, isMessageSafe: Bool) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
        self.path = path
        self.isMessageSafe = isMessageSafe
    }

    /// The error SQLite reports on `db` after a call returned `code`.
    init(db: OpaquePointer?, code: Int32, sql: String?, path: String? = nil, isMessageSafe: Bool = false) {
        let message = db.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? Self.codeText(code)
        self.init(extendedCode: code, message: message, sql: sql, path: path, isMessageSafe: isMessageSafe)
    }

    /// A misuse of this module's API (wrong parameter count, empty SQL, bad migrations).
    static func misuse(_ message: String, sql: String? = nil) -> SQLiteError {
        SQLiteError(extendedCode: SQLITE_MISUSE, message: message, sql: sql, path: nil, isMessageSafe: true)
    }

    /// A column that is missing, `NULL` where a value is required, or of another type.
    static func column(_ message: String, code: Int32) -> SQLiteError {
        SQLiteError(extendedCode: code, message: message, sql: nil, path: nil, isMessageSafe: true)
    }

    /// SQLite's fixed English text for a result code (`sqlite3_errstr`), which holds no data.
    static func codeText(_ code: Int32) -> String {
        sqlite3_errstr(code).map { String(cString: $0) } ?? "unknown error"
    }
}
