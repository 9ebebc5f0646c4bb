internal import CSQLite

/// One prepared statement: compiled once, finalized in `deinit`.
///
/// Not `Sendable`: it lives in its ``Connection``'s cache and is used only on the database's
/// queue. `isInUse` lets a row callback run the same SQL again on a fresh statement instead of
/// resetting the one being stepped.
final class Statement {
    let pointer: OpaquePointer
    let sql: String
    var isInUse = false

    /// Compiles exactly one statement; SQL with a second statement after the first is refused,
    /// since SQLite would silently ignore it.
    init(db: OpaquePointer, sql: String, persistent: Bool) throws(SQLiteError) {
        var statement: OpaquePointer?
        var trailing = ""
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let code = sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v3(db, text, -1, flags, &statement, &tail)
            if code == SQLITE_OK, let tail { trailing = String(cString: tail) }
            return code
        }
        guard code == SQLITE_OK else {
            // Compiling sees only the SQL text, so the message cannot quote a bound value.
            throw SQLiteError(db: db, code: code, sql: sql, isMessageSafe: true)
        }
        guard let statement else { throw .misuse("The SQL text holds no statement.", sql: sql) }
        guard trailing.allSatisfy({ $0.isWhitespace || $0 == ";" }) else {
            sqlite3_finalize(statement)
            throw .misuse("Run one statement per call; put scripts in a migration.", sql: sql)
        }
        self.pointer = statement
        self.sql = sql
    }

    deinit { sqlite3_finalize(pointer) }

    /// Resets the statement and binds `values` to `?1…?n`.
    func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        sqlite3_reset(pointer)
        sqlite3_clear_bindings(pointer)
        let expected = Int(sqlite3_bind_parameter_count(pointer))
        guard values.count == expected else {
            throw .misuse("The statement takes \(expected) parameters but got \(values.count).", sql: sql)
        }
        for (offset, value) in values.enumerated() {
            let code = bind(value, at: Int32(offset + 1))
            guard code == SQLITE_OK else { throw SQLiteError(db: sqlite3_db_handle(pointer), code: code, sql: sql) }
        }
    }

    private func bind(_ value: SQLiteValue, at index: Int32) -> Int32 {
        switch value {
        case .null:
            return sqlite3_bind_null(pointer, index)
        case .integer(let number):
            return sqlite3_bind_int64(pointer, index, number)
        case .real(let number):
            return sqlite3_bind_double(pointer, index, number)
        case .text(var text):
            // Bound with an explicit byte length (and SQLITE_TRANSIENT: SQLite copies at once).
            return text.withUTF8 { bytes in
                guard let base = bytes.baseAddress, !bytes.isEmpty else {
                    return sqlite3_bind_text(pointer, index, "", 0, scout_sqlite_transient())
                }
                let chars = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
                return sqlite3_bind_text64(
                    pointer, index, chars, UInt64(bytes.count), scout_sqlite_transient(), UInt8(SQLITE_UTF8))
            }
        case .blob(let bytes):
            return bytes.withUnsafeBytes { raw in
                guard let base = raw.baseAddress, !raw.isEmpty else { return sqlite3_bind_zeroblob(pointer, index, 0) }
                return sqlite3_bind_blob64(pointer, index, base, UInt64(raw.count), scout_sqlite_transient())
            }
        }
    }

    /// Advances to the next row: `true` on a row, `false` when done.
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(pointer)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteError(db: sqlite3_db_handle(pointer), code: code, sql: sql)
        }
    }

    /// Releases locks and bound copies; the statement stays compiled for reuse.
    func reset() {
        sqlite3_reset(pointer)
        sqlite3_clear_bindings(pointer)
    }

    /// The result columns' names.
    func columnNames() -> ColumnNames {
        let count = sqlite3_column_count(pointer)
        let names = (0..<count).map { index in sqlite3_column_name(pointer, index).map { String(cString: $0) } ?? "" }
        return ColumnNames(names)
    }

    /// The current row, copied out of SQLite's buffers at once.
    func row(_ columns: ColumnNames) -> Row {
        var values: [SQLiteValue] = []
        values.reserveCapacity(columns.names.count)
        for index in 0..<Int32(columns.names.count) { values.append(value(at: index)) }
        return Row(values: values, columns: columns)
    }

    private func value(at index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(pointer, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(pointer, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(pointer, index))
        case SQLITE_TEXT:
            let text = sqlite3_column_text(pointer, index)  // before _bytes, as SQLite documents
            let count = Int(sqlite3_column_bytes(pointer, index))
            return .text(
                String(decoding: UnsafeBufferPointer(start: text, count: text == nil ? 0 : count), as: UTF8.self))
        case SQLITE_BLOB:
            let blob = sqlite3_column_blob(pointer, index)
            let count = Int(sqlite3_column_bytes(pointer, index))
            guard let blob else { return .blob([]) }
            return .blob([UInt8](UnsafeRawBufferPointer(start: blob, count: count)))
        default:
            return .null
        }
    }
}
