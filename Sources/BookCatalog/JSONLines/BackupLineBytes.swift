import Foundation

/// A backup's reading, link and relation lines written straight as bytes — the bytes
/// `JSONEncoder` gives them (``JSONLinesRecord/encoder``: sorted keys, slashes as they are) —
/// because they are thirteen of a million-book backup's fourteen million lines, and the
/// encoder's generic machinery (boxing, metadata look-ups, sorting each object's keys) spent
/// over a hundred seconds of CPU on them. Books keep the encoder: their shape is the wide one.
/// `BackupLineBytesTests` compare the two on random lines.
///
/// ```swift
/// var bytes: [UInt8] = []
/// try BackupLineBytes.append(relation, to: &bytes)   // {"relation":{"from":{…},"kind":…}}\n
/// ```
enum BackupLineBytes {
    /// Appends `line`, ending in `\n`. Throws `EncodingError.invalidValue` for a score that is
    /// not finite, as the encoder does.
    static func append(_ line: JSONLinesBackupLine.RelationLine, to bytes: inout [UInt8]) throws {
        bytes.append(contentsOf: #"{"relation":{"from":"#.utf8)
        append(line.from, to: &bytes)
        bytes.append(contentsOf: #","kind":"#.utf8)
        append(string: line.kind.rawValue, to: &bytes)
        bytes.append(contentsOf: #","reason":"#.utf8)
        append(string: line.reason, to: &bytes)
        bytes.append(contentsOf: #","score":"#.utf8)
        try append(number: line.score, to: &bytes)
        bytes.append(contentsOf: #","to":"#.utf8)
        append(line.to, to: &bytes)
        bytes.append(contentsOf: "}}\n".utf8)
    }

    /// Appends `line`, ending in `\n`.
    static func append(_ line: JSONLinesBackupLine.ReadingLine, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #"{"reading":{"book":"#.utf8)
        append(line.book, to: &bytes)
        if let rating = line.rating {
            bytes.append(contentsOf: #","rating":"#.utf8)
            bytes.append(contentsOf: String(rating).utf8)
        }
        bytes.append(contentsOf: #","reader":"#.utf8)
        append(string: line.reader, to: &bytes)
        if let wantsToRead = line.wantsToRead {
            bytes.append(contentsOf: #","wantsToRead":"#.utf8)
            bytes.append(contentsOf: (wantsToRead ? "true" : "false").utf8)
        }
        bytes.append(contentsOf: "}}\n".utf8)
    }

    /// Appends `line`, ending in `\n`.
    static func append(_ line: JSONLinesBackupLine.LinkLine, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #"{"link":{"from":"#.utf8)
        append(line.from, to: &bytes)
        bytes.append(contentsOf: #","to":"#.utf8)
        // The encoder writes a URL as its absolute string.
        append(string: line.to.absoluteString, to: &bytes)
        bytes.append(contentsOf: "}}\n".utf8)
    }

    /// `{"source":…,"sourceID":…}`.
    private static func append(_ key: BookKey, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #"{"source":"#.utf8)
        append(string: key.source, to: &bytes)
        bytes.append(contentsOf: #","sourceID":"#.utf8)
        append(string: key.sourceID, to: &bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    /// `string` quoted as the encoder quotes it: `"` and `\` escaped, the control characters
    /// below U+0020 as `\b`, `\t`, `\n`, `\f`, `\r` or `\u00XX`, everything else (`/` and
    /// non-ASCII too) as its UTF-8.
    private static func append(string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var start = 0
            for (index, byte) in utf8.enumerated()
            where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                default:
                    bytes.append(contentsOf: "u00".utf8)
                    bytes.append(hexDigits[Int(byte >> 4)])
                    bytes.append(hexDigits[Int(byte & 0xF)])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `value` as the encoder writes a `Double`: its shortest form (`description`), without a
    /// trailing `.0`.
    private static func append(number value: Double, to bytes: inout [UInt8]) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(codingPath: [], debugDescription: "Unable to encode \(value) directly in JSON."))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }
}
