/// JSON arrays of strings, the form both stores keep a book's lists in, written and read by hand:
/// `JSONEncoder` and `JSONDecoder` cost more than the rest of reading a row (a search reads
/// dozens of rows, an import writes thousands).
///
/// ```swift
/// JSONStringArray.encode(["a", "b\"c"])   // #"["a","b\"c"]"#
/// JSONStringArray.decode(#"["a", "b"]"#)  // ["a", "b"]
/// ```
enum JSONStringArray {
    /// `strings` as a compact JSON array; `"`, `\` and control characters escaped.
    ///
    /// Written as UTF-8 bytes into one buffer: every character it escapes is ASCII, and no byte
    /// of a multi-byte UTF-8 sequence is below 0x80, so escaping byte by byte writes what
    /// escaping scalar by scalar wrote (suite "JSON string arrays of the stores" compares them),
    /// and a string with nothing to escape is copied whole. Appending scalars to a `String` one
    /// at a time was the largest single cost of an import's writer (issue #37's profile).
    static func encode(_ strings: [String]) -> String {
        var capacity = 2 + strings.count * 3
        for string in strings { capacity += string.utf8.count }
        var json: [UInt8] = []
        json.reserveCapacity(capacity)
        json.append(UInt8(ascii: "["))
        for (index, string) in strings.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            json.append(UInt8(ascii: "\""))
            appendEscaped(string, to: &json)
            json.append(UInt8(ascii: "\""))
        }
        json.append(UInt8(ascii: "]"))
        return String(decoding: json, as: UTF8.self)
    }

    /// `string`'s UTF-8 with JSON's escapes, appended to `json`.
    private static func appendEscaped(_ string: String, to json: inout [UInt8]) {
        var string = string
        string.withUTF8 { bytes in
            guard bytes.contains(where: needsEscape) else {
                json.append(contentsOf: bytes)
                return
            }
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\""): json += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): json += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case 0x0A: json += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case 0x0D: json += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case 0x09: json += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case ..<0x20:
                    // `\u00` and two lowercase hex digits, as the scalar encoder wrote them.
                    json += Array("\\u00".utf8) + [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
                default: json.append(byte)
                }
            }
        }
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The strings of a JSON array of strings (any white space, every JSON escape); nil for
    /// anything else.
    static func decode(_ json: String) -> [String]? {
        var reader = Reader(Array(json.utf8))
        reader.skipSpace()
        guard reader.take(UInt8(ascii: "[")) else { return nil }
        var strings: [String] = []
        reader.skipSpace()
        if reader.take(UInt8(ascii: "]")) { return reader.isAtEnd ? strings : nil }
        repeat {
            reader.skipSpace()
            guard let string = reader.string() else { return nil }
            strings.append(string)
            reader.skipSpace()
        } while reader.take(UInt8(ascii: ","))
        guard reader.take(UInt8(ascii: "]")) else { return nil }
        reader.skipSpace()
        return reader.isAtEnd ? strings : nil
    }

    /// A forward-only reader of JSON bytes; ``JSONSeriesList`` reads its objects with it too.
    struct Reader {
        let bytes: [UInt8]
        var index = 0

        /// Reads `bytes`, the UTF-8 of a Swift string.
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index == bytes.count }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// A string literal, escapes decoded.
        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            var utf8: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    // Valid UTF-8 always: the reader's bytes are a Swift string's, cut at ASCII
                    // quotes, with escapes written as whole scalars. So decoding repairs nothing,
                    // and unlike `String(validating:as:)`, generic, it looks up no type metadata
                    // for each string (that lookup showed in a relation rebuild's reading, perf).
                    return String(decoding: utf8, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard let escaped = escape() else { return nil }
                    utf8.append(contentsOf: escaped)
                case ..<0x20:
                    return nil
                default:
                    utf8.append(byte)
                }
            }
            return nil
        }

        /// The UTF-8 of the escape after a backslash.
        private mutating func escape() -> [UInt8]? {
            guard index < bytes.count else { return nil }
            let letter = bytes[index]
            index += 1
            switch letter {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return [letter]
            case UInt8(ascii: "b"): return [0x08]
            case UInt8(ascii: "f"): return [0x0C]
            case UInt8(ascii: "n"): return [0x0A]
            case UInt8(ascii: "r"): return [0x0D]
            case UInt8(ascii: "t"): return [0x09]
            case UInt8(ascii: "u"):
                guard var unit = hex4() else { return nil }
                var value = UInt32(unit)
                if (0xD800..<0xDC00).contains(unit) {
                    // A high surrogate must be followed by an escaped low one.
                    guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(),
                        (0xDC00..<0xE000).contains(low)
                    else { return nil }
                    value = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00)
                    unit = 0
                }
                guard let scalar = Unicode.Scalar(value) else { return nil }
                return Array(String(Character(scalar)).utf8)
            default: return nil
            }
        }

        private mutating func hex4() -> UInt16? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt16 = 0
            for byte in bytes[index..<index + 4] {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt16(digit)
            }
            index += 4
            return value
        }
    }
}
