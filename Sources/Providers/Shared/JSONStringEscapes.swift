/// Turns the inside of a JSON string token with escapes into its text, for ``JSONPullReader``,
/// which has already checked that every escape is well-formed.
enum JSONStringEscapes {
    /// The text of `token` (the bytes between the quotes). A `\u` escape of a lone surrogate
    /// becomes U+FFFD, as an ill-formed UTF-8 byte does.
    static func unescape(_ token: ArraySlice<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(token.count)
        var index = token.startIndex
        while index < token.endIndex {
            let byte = token[index]
            guard byte == UInt8(ascii: "\\") else {
                text.append(byte)
                index += 1
                continue
            }
            let escape = token[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hexValue(token, at: index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar), index + 5 < token.endIndex,
                    token[index] == UInt8(ascii: "\\"), token[index + 1] == UInt8(ascii: "u")
                {
                    let low = hexValue(token, at: index + 2)
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                }
                append(Unicode.Scalar(scalar) ?? "\u{FFFD}", to: &text)
            default: text.append(escape)  // \" \\ \/
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static func hexValue(_ token: ArraySlice<UInt8>, at index: Int) -> UInt32 {
        token[index..<index + 4].reduce(0) { value, digit in
            let nibble: UInt8 =
                switch digit {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
                default: digit - UInt8(ascii: "A") + 10
                }
            return value << 4 | UInt32(nibble)
        }
    }

    private static func append(_ scalar: Unicode.Scalar, to text: inout [UInt8]) {
        UTF8.encode(scalar) { text.append($0) }
    }
}
