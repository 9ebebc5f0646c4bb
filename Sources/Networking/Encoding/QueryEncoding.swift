/// Percent-encoding of query names and values with RFC 3986's unreserved set, so `+`, `&`, `=`,
/// `#`, spaces and non-ASCII text survive the trip exactly (`URLComponents.queryItems` leaves
/// `+`, which servers read as a space).
///
/// ```swift
/// QueryEncoding.encode("a+b&c=d#e")             // "a%2Bb%26c%3Dd%23e"
/// QueryEncoding.query([("q", "Zürich"), ("x", "1")])  // "q=Z%C3%BCrich&x=1"
/// ```
public enum QueryEncoding {
    /// Encodes every byte of `value`'s UTF-8 except `A-Z a-z 0-9 - . _ ~`.
    public static func encode(_ value: String) -> String {
        var output = ""
        output.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            if isUnreserved(byte) {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                output += "%"
                output.unicodeScalars.append(hexDigit(byte >> 4))
                output.unicodeScalars.append(hexDigit(byte & 0x0F))
            }
        }
        return output
    }

    /// `name=value` pairs joined with `&`, each side encoded.
    public static func query(_ items: [(name: String, value: String)]) -> String {
        items.map { "\(encode($0.name))=\(encode($0.value))" }.joined(separator: "&")
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10)
    }
}
