import ScoutModels

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
        PercentEncoding.encode(value.utf8)
    }

    /// `name=value` pairs joined with `&`, each side encoded, written into one buffer: a
    /// MediaWiki search sends some twenty parameters.
    public static func query(_ items: [(name: String, value: String)]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(items.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 2 } * 5 / 4)
        for (index, item) in items.enumerated() {
            if index > 0 { output.append(UInt8(ascii: "&")) }
            PercentEncoding.append(item.name.utf8, to: &output)
            output.append(UInt8(ascii: "="))
            PercentEncoding.append(item.value.utf8, to: &output)
        }
        return String(decoding: output, as: UTF8.self)
    }

    static func isUnreserved(_ byte: UInt8) -> Bool { PercentEncoding.isUnreserved(byte) }
}
