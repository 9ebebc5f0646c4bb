/// Rows in the text format of `COPY … FROM STDIN` (PostgreSQL's default: fields split by tab, rows
/// ended by newline, `\N` for `NULL`), built up in UTF-8 bytes ready for `PQputCopyData`.
///
/// Only the four characters the format gives a meaning to are escaped (`\` as `\\`, tab, newline
/// and carriage return as `\t`, `\n`, `\r`), so a field reads back byte for byte; a `\.` line
/// cannot end the data early, since its backslash is doubled. NUL throws: PostgreSQL `text`
/// cannot hold it.
///
/// ```swift
/// var rows = CopyText()
/// try rows.appendRow([.integerArray([1, 2]), .textArray(["a\tb", nil])], at: 0)
/// // 1\ta\\tb\n  (the bytes: 1, tab, a, backslash, t, b, newline)
/// ```
struct CopyText {
    /// The encoded rows so far.
    private(set) var bytes: [UInt8] = []

    /// How many bytes are buffered before they go to the server: large enough that libpq's
    /// per-call cost vanishes, small enough that a huge COPY never holds its whole text.
    static let flushSize = 1 << 20

    init() { bytes.reserveCapacity(Self.flushSize + 64 * 1024) }

    /// Whether the buffer is due to be sent.
    var isFull: Bool { bytes.count >= Self.flushSize }

    /// Forgets the buffered bytes, keeping the storage.
    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// Appends row `row` of `columns` (each an array value of the same length, checked by the
    /// caller). Throws for a scalar column or text holding NUL; `column` in the error counts from 1.
    mutating func appendRow(_ columns: [PostgresValue], at row: Int) throws(PostgresError) {
        for (index, column) in columns.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "\t")) }
            switch column {
            case .boolArray(let values): appendPlain(values[row].map { $0 ? "t" : "f" })
            case .integerArray(let values): appendPlain(values[row].map { String($0) })
            case .realArray(let values): appendPlain(values[row].map(PostgresValue.literal))
            case .textArray(let values): try appendText(values[row], column: index + 1)
            case .null, .bool, .integer, .real, .text:
                throw .misuse("COPY column \(index + 1) is a single value; pass one array per column.")
            }
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    /// A field that needs no escaping (a number or a Boolean), or `\N`.
    private mutating func appendPlain(_ text: String?) {
        guard let text else { return appendNull() }
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func appendNull() {
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(UInt8(ascii: "N"))
    }

    /// A text field, escaped byte by byte: every byte of a multi-byte UTF-8 sequence is ≥ 0x80,
    /// so none is mistaken for one of the ASCII characters escaped here. Text without them (nearly
    /// all) is copied whole.
    private mutating func appendText(_ text: String?, column: Int) throws(PostgresError) {
        guard var text else { return appendNull() }
        let hasNUL = text.withUTF8 { utf8 in
            guard utf8.contains(where: Self.isSpecial) else {
                bytes.append(contentsOf: utf8)
                return false
            }
            for byte in utf8 {
                guard Self.isSpecial(byte) else {
                    bytes.append(byte)
                    continue
                }
                guard let escape = Self.escape(byte) else { return true }
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(escape)
            }
            return false
        }
        guard !hasNUL else {
            throw .misuse("COPY column \(column) holds a NUL character, which PostgreSQL text cannot store; remove it.")
        }
    }

    /// Whether `byte` is one the text format gives a meaning to (or NUL, which it cannot carry).
    private static func isSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r") || byte == 0
    }

    /// The letter after the backslash that stands for `byte`; `nil` for NUL.
    private static func escape(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        case UInt8(ascii: "\t"): UInt8(ascii: "t")
        case UInt8(ascii: "\n"): UInt8(ascii: "n")
        case UInt8(ascii: "\r"): UInt8(ascii: "r")
        default: nil
        }
    }
}
