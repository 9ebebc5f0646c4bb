internal import CLibPQ
import Foundation

/// The one owner of a `PGconn*`; closes it in `deinit`, and a failed connect closes it at once.
///
/// `@unchecked Sendable` because ``PostgresDatabase`` hands it to its serial queue: every use
/// happens on that queue, one block at a time, and `deinit` runs only when no block holds it.
final class Connection: @unchecked Sendable {
    let handle: OpaquePointer
    let url: PostgresURL
    /// Run-time parameters set in every session, again after a reconnect.
    private let settings: [String: String]
    /// The statements this session has prepared (see ``run(_:_:planning:)``).
    var statements = StatementCache(capacity: Connection.preparedStatementLimit)
    /// Statements forgotten by ``statements`` but not yet deallocated on the server.
    var unusedStatements: [String] = []

    /// How many prepared statements one connection keeps: far more than the store's distinct
    /// statements, few enough that SQL built with varying text cannot grow the server's memory.
    static let preparedStatementLimit = 128

    /// Connects to `url` and applies `settings` (such as `["jit": "off"]`). Settings before
    /// `dbname` are defaults the URL may override; the client encoding comes after it, since
    /// every string this module reads and writes is UTF-8.
    init(url: PostgresURL, connectTimeoutSeconds: Int, settings: [String: String] = [:]) throws(PostgresError) {
        // A password given apart from the URL comes after `dbname`, so it wins over the URL's.
        var keywords: [String?] = ["connect_timeout", "application_name", "dbname", "client_encoding"]
        var values: [String?] = ["\(connectTimeoutSeconds)", "scout", url.string, "UTF8"]
        if let password = url.password {
            keywords.append("password")
            values.append(password)
        }
        keywords.append(nil)
        values.append(nil)
        let opened = withCStrings(keywords) { keywords in
            withCStrings(values) { values in PQconnectdbParams(keywords, values, 1) }
        }
        guard let handle = opened else {
            throw PostgresError(kind: .resourceExhausted, message: "libpq is out of memory", server: url.description)
        }
        var isReady = false
        defer { if !isReady { PQfinish(handle) } }
        guard PQstatus(handle) == CONNECTION_OK else { throw Self.connectionError(handle, url) }
        scout_pq_silence_notices(handle)
        self.handle = handle
        self.url = url
        self.settings = settings
        // From here `deinit` owns the handle: it runs even when the init throws below.
        isReady = true
        try applySettings()
    }

    deinit { PQfinish(handle) }

    /// Reconnects when the connection broke (a server restart, a network blip) since it was last
    /// used; a transaction in progress is lost then, so this runs only between work units.
    func reconnectIfBroken() throws(PostgresError) {
        guard PQstatus(handle) == CONNECTION_BAD else { return }
        // The new session holds none of the old one's prepared statements or settings.
        statements.removeAll()
        unusedStatements.removeAll()
        PQreset(handle)
        guard PQstatus(handle) == CONNECTION_OK else { throw Self.connectionError(handle, url) }
        scout_pq_silence_notices(handle)
        try applySettings()
    }

    /// Sets ``settings`` for the session, with bound values so no text is spliced into SQL.
    private func applySettings() throws(PostgresError) {
        for (name, value) in settings.sorted(by: { $0.key < $1.key }) {
            _ = try runUnnamed("SELECT set_config($1, $2, false)", [.text(name), .text(value)])
        }
    }

    /// Runs SQL text without parameters, possibly several statements (migrations, BEGIN/COMMIT).
    @discardableResult
    func executeScript(_ sql: String) throws(PostgresError) -> QueryResult {
        try consume(PQexec(handle, sql), sql: sql)
    }

    /// Runs one statement with bound parameters (`$1`, `$2`, … in text format) and copies out its
    /// rows. PostgreSQL refuses a second statement in the same text. With `.prepared` planning, a
    /// query or data change is prepared on first use and run by name afterwards (see
    /// ``StatementCache``); other statements, and `.perCall` planning, go through the unnamed
    /// statement, parsed and planned for these values.
    func run(_ sql: String, _ parameters: [PostgresValue], planning: PostgresPlanning = .prepared)
        throws(PostgresError) -> QueryResult
    {
        let bound = try Self.encode(parameters)
        guard planning == .prepared, StatementCache.isWorthPreparing(sql) else {
            let result = bound.withValues { PQexecParams(handle, sql, bound.count, bound.types, $0, nil, nil, 0) }
            return try consume(result, sql: sql)
        }
        return try runPrepared(sql, bound)
    }

    /// Runs `sql` through the unnamed statement, never prepared.
    func runUnnamed(_ sql: String, _ parameters: [PostgresValue]) throws(PostgresError) -> QueryResult {
        try run(sql, parameters, planning: .perCall)
    }

    /// Runs `body` between `BEGIN` and `COMMIT`, rolling back on any thrown error (including a
    /// failed `COMMIT`), so nothing is half-applied. A `COMMIT` that PostgreSQL turned into a
    /// rollback (because a statement failed and `body` swallowed the error) throws too.
    func inTransaction<T>(_ body: () throws -> T) throws -> T {
        try executeScript("BEGIN")
        do {
            let result = try body()
            guard try executeScript("COMMIT").command == "COMMIT" else {
                throw PostgresError.misuse("The transaction was rolled back because a statement in it failed.")
            }
            return result
        } catch {
            if PQtransactionStatus(handle) != PQTRANS_IDLE { PQclear(PQexec(handle, "ROLLBACK")) }
            throw error
        }
    }

    /// Copies what `result` holds and frees it; throws the error it reports.
    func consume(_ result: OpaquePointer?, sql: String) throws(PostgresError) -> QueryResult {
        guard let result else { throw Self.connectionError(handle, url, sql: sql) }
        defer { PQclear(result) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK: return QueryResult(copying: result)
        case PGRES_EMPTY_QUERY: throw .misuse("The SQL text holds no statement.", sql: sql)
        default: throw error(in: result, sql: sql)
        }
    }

    private func error(in result: OpaquePointer, sql: String) -> PostgresError {
        let sqlState = scout_pq_sqlstate(result).map { String(cString: $0) }
        guard sqlState != nil || PQstatus(handle) == CONNECTION_OK else {
            return Self.connectionError(handle, url, sql: sql)
        }
        let message =
            scout_pq_primary_message(result).map { String(cString: $0) }
            ?? PQresultErrorMessage(result).map { String(cString: $0) }
        return PostgresError(
            sqlState: sqlState, message: message ?? "unknown error",
            detail: scout_pq_detail(result).map { String(cString: $0) },
            constraint: scout_pq_constraint(result).map { String(cString: $0) },
            table: scout_pq_table(result).map { String(cString: $0) }, sql: sql)
    }

    /// The failure libpq reports on `handle`, with the password scrubbed from its message. libpq
    /// gives no SQLSTATE for failures while connecting, so its (English) wording picks the kind.
    static func connectionError(_ handle: OpaquePointer, _ url: PostgresURL, sql: String? = nil)
        -> PostgresError
    {
        let raw = PQerrorMessage(handle).map { String(cString: $0) } ?? ""
        let message = url.scrubbed(raw.split(whereSeparator: \.isWhitespace).joined(separator: " "))
        let kind: PostgresError.Kind =
            if message.contains("password") || message.contains("authentication failed") {
                .authenticationFailed
            } else if message.contains("database \""), message.contains("does not exist") {
                .databaseMissing
            } else {
                .connectionFailed
            }
        return PostgresError(kind: kind, message: message, sql: sql, server: url.description)
    }
}
