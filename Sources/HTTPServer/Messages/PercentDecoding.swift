/// Percent-decoding of URI components (RFC 3986 §2.1).
enum PercentDecoding {
    /// Decodes `%XX` escapes; with `plusAsSpace` (HTML form encoding) a literal `+` becomes a space
    /// while `%2B` stays `+`. Returns nil when an escape is malformed and `strict` is set; otherwise
    /// a malformed escape is kept literally, as browsers do.
    static func decode<S: Collection<UInt8>>(_ bytes: S, plusAsSpace: Bool, strict: Bool) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                let first = bytes.index(after: index)
                if first != bytes.endIndex, bytes.index(after: first) != bytes.endIndex,
                    let high = hexValue(bytes[first]),
                    let low = hexValue(bytes[bytes.index(after: first)])
                {
                    output.append(high << 4 | low)
                    index = bytes.index(index, offsetBy: 3)
                    continue
                }
                if strict { return nil }
                output.append(byte)
            } else if byte == UInt8(ascii: "+"), plusAsSpace {
                output.append(UInt8(ascii: " "))
            } else {
                output.append(byte)
            }
            index = bytes.index(after: index)
        }
        return output
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
