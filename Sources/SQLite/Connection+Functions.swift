internal import CSQLite

extension Connection {
    /// Defines the SQL function `name(text)` as `body`, for this connection: deterministic and
    /// innocuous (no side effects), so triggers and indexes may call it. `NULL` in gives `NULL`
    /// out; any other argument is read as text.
    func defineFunction(_ name: String, _ body: @escaping @Sendable (String) -> String) throws(SQLiteError) {
        let box = Unmanaged.passRetained(TextFunction(body)).toOpaque()
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        // SQLite calls the destroy callback even when defining fails, so the box is never leaked.
        let code = sqlite3_create_function_v2(
            handle, name, 1, flags, box,
            { context, _, arguments in TextFunction.call(context, arguments) }, nil, nil,
            { box in box.map { Unmanaged<TextFunction>.fromOpaque($0).release() } })
        guard code == SQLITE_OK else { throw SQLiteError(db: handle, code: code, sql: nil, isMessageSafe: true) }
    }
}

/// A Swift function SQLite calls with one text argument, kept alive by SQLite until the
/// connection closes or the function is redefined.
private final class TextFunction {
    let body: @Sendable (String) -> String

    init(_ body: @escaping @Sendable (String) -> String) {
        self.body = body
    }

    static func call(_ context: OpaquePointer?, _ arguments: UnsafeMutablePointer<OpaquePointer?>?) {
        guard let context, let argument = arguments?[0], sqlite3_value_type(argument) != SQLITE_NULL else {
            sqlite3_result_null(context)
            return
        }
        let function = Unmanaged<TextFunction>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
        // sqlite3_value_text first, then the length: the text conversion may change the byte count.
        let bytes = sqlite3_value_text(argument)
        let count = Int(sqlite3_value_bytes(argument))
        let text = bytes.map { String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self) } ?? ""
        var result = function.body(text)
        result.withUTF8 { utf8 in
            let start = UnsafeRawPointer(utf8.baseAddress ?? UnsafePointer(bitPattern: 1)!)
                .assumingMemoryBound(to: CChar.self)
            sqlite3_result_text64(context, start, UInt64(utf8.count), scout_sqlite_transient(), UInt8(SQLITE_UTF8))
        }
    }
}
