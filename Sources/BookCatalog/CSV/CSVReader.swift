import Foundation

/// Reads RFC 4180 CSV one record at a time: comma separators, `"` quoting, `""` for a quote inside
/// quotes, line breaks (LF, CRLF or CR) inside quotes, and each record's starting line number.
///
/// Records come one by one from ``next()``, so an importer can batch them without holding every
/// record at once. Blank lines are skipped. Lenient where RFC 4180 is silent: a `"` inside an
/// unquoted field and text after a closing quote are kept literally; invalid UTF-8 becomes U+FFFD.
///
/// ```swift
/// var reader = try CSVReader(contentsOf: url)
/// while let record = try reader.next() {
///     print(record.line, record.fields)
/// }
/// ```
public struct CSVReader: Sendable {
    private let bytes: [UInt8]
    private var position = 0
    private var line = 1

    /// Reads CSV from bytes (UTF-8, an optional byte order mark is skipped).
    ///
    /// ```swift
    /// var reader = CSVReader(bytes: Array("a,b\n".utf8))
    /// ```
    public init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    /// Reads CSV from a string: `var reader = CSVReader(text: "a,b\r\n1,2\r\n")`.
    public init(text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// Reads the CSV file at `url` (mapped, not copied, where the system allows). Throws
    /// ``BookCatalogError/unreadableFile(path:reason:)``.
    ///
    /// ```swift
    /// var reader = try CSVReader(contentsOf: URL(fileURLWithPath: "books.csv"))
    /// ```
    public init(contentsOf url: URL) throws(BookCatalogError) {
        do {
            self.init(bytes: [UInt8](try Data(contentsOf: url, options: .mappedIfSafe)))
        } catch {
            throw .unreadableFile(path: url.path, reason: error.localizedDescription)
        }
    }

    /// How many bytes the reader has consumed, for progress: `reader.bytesRead * 100 / reader.byteCount`.
    public var bytesRead: Int { position }

    /// The size of the input in bytes.
    public var byteCount: Int { bytes.count }

    /// A fingerprint of the whole input — its size and an FNV-1a hash of every byte — that names
    /// an import's checkpoint, so a changed file never resumes another file's progress.
    ///
    /// ```swift
    /// let name = "goodbooks books \(reader.fingerprint)"
    /// ```
    public var fingerprint: String { ContentFingerprint.of(bytes) }

    /// The next non-blank record, or `nil` at the end. Throws
    /// ``BookCatalogError/unterminatedQuote(line:)`` when the input ends inside quotes.
    ///
    /// ```swift
    /// while let record = try reader.next() { … }
    /// ```
    public mutating func next() throws(BookCatalogError) -> CSVRecord? {
        while position < bytes.count {
            let record = try readRecord()
            if !record.isBlank { return record }
        }
        return nil
    }

    private mutating func readRecord() throws(BookCatalogError) -> CSVRecord {
        let startLine = line
        var fields: [String] = []
        var field: [UInt8] = []
        var isQuoted = false
        var quoteLine = line
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if isQuoted {
                switch byte {
                case UInt8(ascii: "\""):
                    if position < bytes.count, bytes[position] == UInt8(ascii: "\"") {
                        field.append(byte)
                        position += 1
                    } else {
                        isQuoted = false
                    }
                case UInt8(ascii: "\n"):
                    line += 1
                    field.append(byte)
                case UInt8(ascii: "\r"):
                    if position >= bytes.count || bytes[position] != UInt8(ascii: "\n") { line += 1 }
                    field.append(byte)
                default:
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\"") where field.isEmpty:
                isQuoted = true
                quoteLine = line
            case UInt8(ascii: ","):
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                if byte == UInt8(ascii: "\r"), position < bytes.count, bytes[position] == UInt8(ascii: "\n") {
                    position += 1
                }
                line += 1
                fields.append(String(decoding: field, as: UTF8.self))
                return CSVRecord(line: startLine, fields: fields)
            default:
                field.append(byte)
            }
        }
        if isQuoted { throw .unterminatedQuote(line: quoteLine) }
        fields.append(String(decoding: field, as: UTF8.self))
        return CSVRecord(line: startLine, fields: fields)
    }
}
