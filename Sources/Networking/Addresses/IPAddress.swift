import Foundation

/// A numeric IPv4 or IPv6 address, and whether it is one a server may fetch public images
/// from: not private, loopback, link-local, unspecified, multicast, reserved or otherwise
/// special (SECURITY.md T1).
///
/// ```swift
/// IPAddress("10.1.2.3")?.isPublic         // false
/// IPAddress("::ffff:127.0.0.1")?.isPublic // false
/// IPAddress("198.35.26.112")?.isPublic    // true
/// ```
public enum IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// Four bytes, network order.
    case v4(UInt8, UInt8, UInt8, UInt8)
    /// Sixteen bytes, network order.
    case v6([UInt8])

    /// Parses the strict numeric forms (`inet_pton`): `1.2.3.4`, `::1`; brackets are allowed.
    ///
    /// ```swift
    /// IPAddress("[::1]")   // .v6(…)
    /// IPAddress("127.1")   // nil: not strict dotted-quad (see ``isLiteralHost(_:)``)
    /// ```
    public init?(_ text: String) {
        var text = text
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            self.init(v4: v4)
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            self.init(v6: v6)
        } else {
            return nil
        }
    }

    /// The address in a C `in_addr`.
    public init(v4 address: in_addr) {
        let value = UInt32(bigEndian: address.s_addr)
        self = .v4(
            UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
            UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value))
    }

    /// The address in a C `in6_addr`.
    public init(v6 address: in6_addr) {
        self = .v6(withUnsafeBytes(of: address) { Array($0) })
    }

    /// Whether `host` (as in a URL) is written as an address rather than a name, in any form a
    /// resolver accepts: dotted, shortened (`127.1`), decimal (`2130706433`), hex (`0x7f000001`),
    /// octal, bracketed IPv6, or anything whose last label is all digits.
    ///
    /// ```swift
    /// IPAddress.isLiteralHost("0x7f000001")   // true
    /// IPAddress.isLiteralHost("upload.wikimedia.org")   // false
    /// ```
    public static func isLiteralHost(_ host: String) -> Bool {
        if host.contains(":") || host.contains("[") || IPAddress(host) != nil { return true }
        var address = in_addr()
        if inet_aton(host, &address) != 0 { return true }
        let trimmed = host.hasSuffix(".") ? String(host.dropLast()) : host
        guard let last = trimmed.split(separator: ".").last else { return false }
        return last.allSatisfy { $0.isASCII && $0.isHexDigit } && last.contains(where: \.isNumber)
            || last.lowercased().hasPrefix("0x")
    }

    /// Whether the address is globally routable unicast, the only kind a fetch may reach.
    public var isPublic: Bool {
        switch self {
        case .v4(let a, let b, let c, _):
            return Self.isPublicV4(a, b, c)
        case .v6(let bytes):
            return Self.isPublicV6(bytes)
        }
    }

    private static func isPublicV4(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Bool {
        switch (a, b) {
        // This network, private, loopback, multicast and reserved.
        case (0, _), (10, _), (127, _), (224...255, _): return false
        case (100, 64...127): return false  // carrier-grade NAT
        case (169, 254): return false  // link-local, cloud metadata
        case (172, 16...31), (192, 168): return false  // private
        case (198, 18...19): return false  // benchmarking
        case (192, 0) where c == 0 || c == 2: return false  // IETF protocol assignments, TEST-NET-1
        case (198, 51) where c == 100, (203, 0) where c == 113: return false  // TEST-NET-2, -3
        case (192, 88) where c == 99: return false  // 6to4 relay anycast
        default: return true
        }
    }

    private static func isPublicV6(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == 16 else { return false }
        // IPv4-mapped and -compatible forms are refused outright; NAT64 and 6to4 forms reach an
        // IPv4 host, so the embedded address is judged.
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF && bytes[11] == 0xFF {
            return false  // ::ffff:a.b.c.d never comes from a public resolver answer
        }
        if bytes[0..<12].allSatisfy({ $0 == 0 }) { return false }  // ::, ::1, ::a.b.c.d
        if bytes[0..<12] == [0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0][...] {
            return isPublicV4(bytes[12], bytes[13], bytes[14])
        }
        if bytes[0] == 0x20, bytes[1] == 0x02 { return isPublicV4(bytes[2], bytes[3], bytes[4]) }
        if bytes[0] == 0xFF { return false }  // multicast
        if bytes[0] & 0xFE == 0xFC { return false }  // unique local
        if bytes[0] == 0xFE, bytes[1] & 0xC0 == 0x80 || bytes[1] & 0xC0 == 0xC0 { return false }  // link-/site-local
        if bytes[0] == 0x20, bytes[1] == 0x01, bytes[2] == 0x0D, bytes[3] == 0xB8 { return false }  // documentation
        if bytes[0] == 0x20, bytes[1] == 0x01, bytes[2] == 0, bytes[3] == 0 { return false }  // Teredo
        if bytes[0] == 0x01, bytes[1...7].allSatisfy({ $0 == 0 }) { return false }  // discard-only
        return bytes[0] & 0xE0 == 0x20  // global unicast is 2000::/3
    }

    /// `1.2.3.4` or the compressed IPv6 form.
    public var description: String {
        switch self {
        case .v4(let a, let b, let c, let d):
            return "\(a).\(b).\(c).\(d)"
        case .v6(let bytes):
            var address = in6_addr()
            withUnsafeMutableBytes(of: &address) { $0.copyBytes(from: bytes.prefix(16)) }
            var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            guard inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count)) != nil else { return "::" }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}
