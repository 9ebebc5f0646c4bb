/// JSON as an upstream writes it: object members in the order given, and the escaping the
/// upstream uses (PHP's `json_encode` escapes `/` and non-ASCII by default; MediaWiki keeps
/// slashes and escapes non-ASCII only in `formatversion=1` without `utf8`).
enum WireJSON {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([WireJSON])
    /// An object's member names and values, in order (kept apart: an enum whose payload is an
    /// array of tuples of itself trips a "circular reference" in Swift 6.3's type checker).
    case members(keys: [String], values: [WireJSON])

    /// An object with `members` in this order.
    static func object(_ members: [(String, WireJSON)]) -> WireJSON {
        .members(keys: members.map { $0.0 }, values: members.map { $0.1 })
    }

    /// The members of an object, or nil for any other value.
    var objectMembers: [(key: String, value: WireJSON)]? {
        guard case .members(let keys, let values) = self else { return nil }
        return Array(zip(keys, values)).map { (key: $0.0, value: $0.1) }
    }

    /// How strings are escaped.
    struct Style {
        var escapesSlashes = false
        var escapesNonASCII = false
    }

    /// The encoded bytes.
    func encoded(_ style: Style = Style()) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(1024)
        write(into: &output, style: style)
        return output
    }

    private func write(into output: inout [UInt8], style: Style) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): output.append(contentsOf: String(value).utf8)
        case .string(let value): Self.writeString(value, into: &output, style: style)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                element.write(into: &output, style: style)
            }
            output.append(UInt8(ascii: "]"))
        case .members(let keys, let values):
            output.append(UInt8(ascii: "{"))
            for (index, (key, value)) in zip(keys, values).enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(key, into: &output, style: style)
                output.append(UInt8(ascii: ":"))
                value.write(into: &output, style: style)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Runs of bytes that need no escape are copied whole; other scalars are copied as UTF-8,
    /// or escaped as UTF-16 units when the style asks for `\uXXXX`. Copying runs, not a string
    /// per scalar, keeps the fake cheap next to the server it answers in a benchmark.
    private static func writeString(_ string: String, into output: inout [UInt8], style: Style) {
        output.append(UInt8(ascii: "\""))
        if style.escapesNonASCII {
            for scalar in string.unicodeScalars {
                if scalar.isASCII {
                    writeASCII(UInt8(scalar.value), into: &output, style: style)
                } else {
                    for unit in UTF16.encode(scalar)! { appendEscape(unit, to: &output) }
                }
            }
        } else {
            var string = string
            string.withUTF8 { bytes in
                var plainFrom = 0
                for (index, byte) in bytes.enumerated() where needsEscape(byte, style: style) {
                    output.append(contentsOf: bytes[plainFrom..<index])
                    writeASCII(byte, into: &output, style: style)
                    plainFrom = index + 1
                }
                output.append(contentsOf: bytes[plainFrom...])
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func needsEscape(_ byte: UInt8, style: Style) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
            || (byte == UInt8(ascii: "/") && style.escapesSlashes)
    }

    private static func writeASCII(_ byte: UInt8, into output: inout [UInt8], style: Style) {
        let escaped: Character? =
            switch byte {
            case UInt8(ascii: "\""): "\""
            case UInt8(ascii: "\\"): "\\"
            case UInt8(ascii: "/") where style.escapesSlashes: "/"
            case 0x0A: "n"
            case 0x0D: "r"
            case 0x09: "t"
            case 0x08: "b"
            case 0x0C: "f"
            default: nil
            }
        if let escaped {
            output.append(UInt8(ascii: "\\"))
            output.append(escaped.asciiValue!)
        } else if byte < 0x20 {
            appendEscape(UInt16(byte), to: &output)
        } else {
            output.append(byte)
        }
    }

    private static func appendEscape(_ unit: UInt16, to output: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        output.append(contentsOf: #"\u"#.utf8)
        for shift in stride(from: 12, through: 0, by: -4) {
            output.append(hex[Int((unit >> UInt16(shift)) & 0xF)])
        }
    }
}
