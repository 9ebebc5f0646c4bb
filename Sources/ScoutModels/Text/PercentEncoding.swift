/// RFC 3986 percent-encoding on bytes, in one place: query values (`QueryEncoding`), image keys
/// and proxy paths (`ImageLoading`, `ScoutServer`) and robots.txt rules (`BookCrawler`) all
/// escape and read escapes alike. Escapes are written in upper-case hex, as RFC 3986 recommends;
/// both cases are read. (`HTTPServer`, a library of its own without Scout's modules, keeps its
/// own decoder.)
///
/// ```swift
/// PercentEncoding.encode("Zürich (city)".utf8)   // "Z%C3%BCrich%20%28city%29"
/// PercentEncoding.decode("Z%c3%bcrich".utf8)     // "Zürich" as bytes
/// ```
public enum PercentEncoding {
    /// Whether `byte` is in RFC 3986's unreserved set: letters, digits, `-`, `.`, `_`, `~`.
    @inlinable
    public static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// Appends `%XY`, the escape of `byte`, to `bytes`.
    @inlinable
    public static func appendEscape(of byte: UInt8, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "%"))
        bytes.append(hexDigits[Int(byte >> 4)])
        bytes.append(hexDigits[Int(byte & 0xF)])
    }

    /// Appends `bytes` to `output`, escaping every byte `keeps` does not keep. Inlinable, so a
    /// caller in another module gets it specialized for its sequence, not a witness call per byte.
    @inlinable
    public static func append(
        _ bytes: some Sequence<UInt8>, to output: inout [UInt8], keeping keeps: (UInt8) -> Bool = isUnreserved
    ) {
        for byte in bytes {
            if keeps(byte) { output.append(byte) } else { appendEscape(of: byte, to: &output) }
        }
    }

    /// `bytes` with every byte but those `keeps` keeps (by default the unreserved ones) escaped.
    public static func encode(_ bytes: some Sequence<UInt8>, keeping keeps: (UInt8) -> Bool = isUnreserved) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.underestimatedCount * 3 / 2)
        append(bytes, to: &output, keeping: keeps)
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes `encoded` stands for, its escapes decoded; nil for a malformed escape (`%` not
    /// followed by two hex digits).
    public static func decode(_ encoded: some Sequence<UInt8>) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.underestimatedCount)
        var iterator = encoded.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// The value of the hex digit `byte` (either case), or nil.
    public static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Upper-case hex digits, as escapes are written.
    @usableFromInline static let hexDigits = Array("0123456789ABCDEF".utf8)
}
