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
    static func encode(_ strings: [String]) -> String {
        var json = "["
        for (index, string) in strings.enumerated() {
            if index > 0 { json += "," }
            json += "\""
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": json += "\\\""
                case "\\": json += "\\\\"
                case "\n": json += "\\n"
                case "\r": json += "\\r"
                case "\t": json += "\\t"
                case _ where scalar.value < 0x20:
                    json += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                default: json.unicodeScalars.append(scalar)
                }
            }
            json += "\""
        }
        return json + "]"
    }

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
                    return String(validating: utf8, as: UTF8.self)
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
