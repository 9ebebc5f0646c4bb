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

    /// `name=value` pairs joined with `&`, each side encoded.
    public static func query(_ items: [(name: String, value: String)]) -> String {
        items.map { "\(encode($0.name))=\(encode($0.value))" }.joined(separator: "&")
    }

    static func isUnreserved(_ byte: UInt8) -> Bool { PercentEncoding.isUnreserved(byte) }
}
