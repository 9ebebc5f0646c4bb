/// Writes JSON straight into bytes, escaping strings exactly as `JSONEncoder` does with
/// `.withoutEscapingSlashes` (`"` `\` and the controls below U+0020; `\b \t \n \f \r` by name,
/// the rest as `\u00xx`; everything else, `/` and non-ASCII included, as is). For replies whose
/// `Encodable` encoding cost more than the rest of a request: the caller writes the keys, in the
/// sorted order `.sortedKeys` gives.
///
/// ```swift
/// var writer = JSONByteWriter()
/// writer.raw(#"{"query":"#)
/// writer.string("zür \"x\"")
/// writer.raw("}")
/// writer.bytes   // {"query":"zür \"x\""}
/// ```
struct JSONByteWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// How many bytes are written so far.
    var count: Int { bytes.count }

    /// Punctuation and keys, written as they are.
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Bytes that already are JSON.
    mutating func raw(_ json: some Collection<UInt8>) {
        bytes.append(contentsOf: json)
    }

    /// A string, quoted and escaped; `nil` as `null`.
    mutating func string(_ value: String?) {
        guard var value else { return raw("null") }
        bytes.append(UInt8(ascii: "\""))
        value.withUTF8 { utf8 in
            var start = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                escape(byte)
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A whole number; `nil` as `null`.
    mutating func int(_ value: Int?) {
        guard let value else { return raw("null") }
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func bool(_ value: Bool) {
        value ? raw("true") : raw("false")
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): raw(#"\""#)
        case UInt8(ascii: "\\"): raw(#"\\"#)
        case 0x08: raw(#"\b"#)
        case 0x09: raw(#"\t"#)
        case 0x0A: raw(#"\n"#)
        case 0x0C: raw(#"\f"#)
        case 0x0D: raw(#"\r"#)
        default:
            let hex = Array("0123456789abcdef".utf8)
            raw(#"\u00"#)
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0xF)])
        }
    }
}
