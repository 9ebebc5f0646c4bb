internal import CSQLite
import Foundation

/// The one owner of a `sqlite3*` handle and its statement cache; closes both in `deinit`.
///
/// `@unchecked Sendable` because ``Database`` hands it to its serial queue: every use happens on
/// that queue, one block at a time, and `deinit` runs only when no block holds it any more.
final class Connection: @unchecked Sendable {
    /// How many prepared statements the cache keeps before it starts over.
    static let cacheCapacity = 64

    let handle: OpaquePointer
    /// The file the main database lives in, as SQLite resolved it; `nil` for an in-memory or
    /// temporary database.
    let file: String?
    private var cache: [String: Statement] = [:]

    /// Opens the file at `path` (creating it when `creating`), or an in-memory database for
    /// `":memory:"`, and sets WAL, `foreign_keys`, `busy_timeout` and `synchronous=NORMAL`. A
    /// failure closes the handle.
    init(path: String, busyTimeoutMilliseconds: Int32, creating: Bool = true) throws(SQLiteError) {
        Self.configureLibrary
        var opened: OpaquePointer?
        let flags =
            SQLITE_OPEN_READWRITE | (creating ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard let handle = opened else {
            throw SQLiteError(db: nil, code: SQLITE_NOMEM, sql: nil, path: path, isMessageSafe: true)
        }
        // From here on, every failure must close the handle SQLite allocated, even a failed open.
        var isConfigured = false
        defer { if !isConfigured { sqlite3_close_v2(handle) } }
        guard code == SQLITE_OK else {
            throw SQLiteError(db: handle, code: code, sql: nil, path: path, isMessageSafe: true)
        }
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        sqlite3_limit(handle, SQLITE_LIMIT_WORKER_THREADS, Self.sortHelpers)
        // The first read of the file happens here: a file that is not a database fails now.
        for pragma in ["PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL", "PRAGMA foreign_keys = ON"] {
            let code = Self.retryingWhileBusy(milliseconds: busyTimeoutMilliseconds) {
                sqlite3_exec(handle, pragma, nil, nil, nil)
            }
            guard code == SQLITE_OK else {
                throw SQLiteError(db: handle, code: code, sql: pragma, path: path, isMessageSafe: true)
            }
        }
        isConfigured = true
        self.handle = handle
        let file = sqlite3_db_filename(handle, "main").map { String(cString: $0) } ?? ""
        self.file = file.isEmpty ? nil : file
    }

    /// SQLite's process-wide settings, made once before the process's first open initializes the
    /// library. Memory statistics (on in Debian's build) take a global mutex around every
    /// allocation: 6 % of an import's writer and 23 % of the sort that starts its full-text
    /// rebuild (issue #37's profile); nothing in Scout reads them.
    static let configureLibrary: Void = {
        _ = scout_sqlite_disable_memory_statistics()
    }()

    /// The threads a sort too large for memory may start to merge on (`PRAGMA threads`): as
    /// many as the machine has cores, none on one. Only large sorts start one — an index built
    /// over millions of rows, the ordered read that rebuilds the full-text index. Measured on 2
    /// cores (issue #37), building `relations_to` over 12.7 million relations took 5.96–6.23 s
    /// with 2 helpers against 6.82–7.02 s with none (1 helper: 7.31–7.37 s); over 131.8 million
    /// (ten million books' worth), 55.2 s against 73.8 s, for more CPU time (81.7 s against 59.6 s).
    static let sortHelpers: Int32 = {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return cores >= 2 ? Int32(min(cores, 8)) : 0
    }()

    /// Runs `step` again every 10 ms while it answers `SQLITE_BUSY`, for up to `milliseconds`.
    /// Switching a new file to WAL while another process does the same can answer busy at once,
    /// without calling the busy handler; the switch succeeds once the other has finished.
    private static func retryingWhileBusy(milliseconds: Int32, _ step: () -> Int32) -> Int32 {
        var waited: Int32 = 0
        var code = step()
        while code & 0xFF == SQLITE_BUSY, waited < milliseconds {
            sqlite3_sleep(10)
            waited += 10
            code = step()
        }
        return code
    }

    deinit {
        cache.removeAll()  // finalizes every statement before the handle closes
        sqlite3_close_v2(handle)
    }

    /// Runs SQL text without parameters, possibly several statements (migrations, BEGIN/COMMIT).
    func executeScript(_ sql: String) throws(SQLiteError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        // Scripts carry no bound values, so SQLite's message cannot quote one.
        guard code == SQLITE_OK else { throw SQLiteError(db: handle, code: code, sql: sql, isMessageSafe: true) }
    }

    /// Runs `body` with the cached prepared statement for `sql`, preparing it on first use; the
    /// statement is reset afterwards however `body` ends.
    func withStatement<T>(_ sql: String, _ body: (Statement) throws -> T) throws -> T {
        let statement: Statement
        if let cached = cache[sql], !cached.isInUse {
            statement = cached
        } else {
            let isCacheable = cache[sql] == nil
            statement = try Statement(db: handle, sql: sql, persistent: isCacheable)
            if isCacheable {
                if cache.count >= Self.cacheCapacity { cache.removeAll() }
                cache[sql] = statement
            }
        }
        statement.isInUse = true
        defer {
            statement.reset()
            statement.isInUse = false
        }
        return try body(statement)
    }

    /// Runs one statement with `parameters`, calling `onRow` for every row.
    func run(_ sql: String, _ parameters: [SQLiteValue], onRow: (Row) throws -> Void) throws {
        try withStatement(sql) { statement in
            try statement.bind(parameters)
            var columns: ColumnNames?
            while try statement.step() {
                let names = columns ?? statement.columnNames()
                columns = names
                try onRow(statement.row(names))
            }
        }
    }

    /// Runs `body` inside `BEGIN IMMEDIATE` … `COMMIT`, rolling back on any thrown error
    /// (including a failed `COMMIT`), so nothing is half-applied.
    func inTransaction<T>(_ body: () throws -> T) throws -> T {
        try within(begin: "BEGIN IMMEDIATE", body)
    }

    /// Runs `body` inside a deferred `BEGIN` … `COMMIT`: its reads see one snapshot of the file
    /// (WAL), and it takes no write lock unless it writes.
    func inReadTransaction<T>(_ body: () throws -> T) throws -> T {
        try within(begin: "BEGIN", body)
    }

    private func within<T>(begin: String, _ body: () throws -> T) throws -> T {
        try executeScript(begin)
        do {
            let result = try body()
            try executeScript("COMMIT")
            return result
        } catch {
            if sqlite3_get_autocommit(handle) == 0 { sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
            throw error
        }
    }
}

extension Database {
    /// The bytes SQLite counts as allocated in this process: always 0, since Scout turns the
    /// library's memory statistics off before its first open (``Connection``).
    package static var memoryCounted: Int64 {
        Connection.configureLibrary
        return sqlite3_memory_used()
    }
}
