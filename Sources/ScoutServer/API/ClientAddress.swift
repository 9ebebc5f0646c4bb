import Foundation
import HTTPServer

/// Who a request comes from, for the per-client limits: the peer's address, or — when the peer
/// is a proxy the operator trusts (`--trusted-proxy`, `SCOUT_TRUSTED_PROXIES`) — the client
/// that proxy names in `X-Forwarded-For`.
///
/// Behind nginx every request arrives from nginx's address, so without this one busy person
/// would use up the limit of everyone. Only the trusted proxies' word is taken: the header is
/// read from the right, where the nearest proxy appended its peer, past any further trusted
/// proxies; what lies left of that was written by the client and could name anyone. A header
/// that is not a list of addresses is ignored.
///
/// ```swift
/// let clients = ClientAddress(trustedProxies: ["127.0.0.1"])
/// clients.of(request)   // "203.0.113.7" for nginx's "X-Forwarded-For: 203.0.113.7"
/// ```
public struct ClientAddress: Sendable, Equatable {
    public let trustedProxies: Set<String>

    public init(trustedProxies: some Sequence<String> = []) {
        self.trustedProxies = Set(trustedProxies)
    }

    /// The key the per-client limits count `request` under.
    public func of(_ request: Request) -> String {
        guard let peer = request.remoteAddress?.host else { return "unknown" }
        guard trustedProxies.contains(peer) else { return peer }
        let forwarded = request.headers.values(for: "X-Forwarded-For").joined(separator: ",")
        let hops = forwarded.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !hops.isEmpty, hops.allSatisfy(Self.looksLikeAddress) else { return peer }
        return hops.last { !trustedProxies.contains($0) } ?? peer
    }

    /// An IPv4 or IPv6 address in text form, as proxies write them (no port, no brackets).
    static func looksLikeAddress(_ text: String) -> Bool {
        guard (2...45).contains(text.utf8.count), text.contains(where: { $0 == "." || $0 == ":" }) else { return false }
        return text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
                UInt8(ascii: "A")...UInt8(ascii: "F"), UInt8(ascii: "."), UInt8(ascii: ":"):
                true
            default: false
            }
        }
    }

    /// Why a `--trusted-proxy` value was refused.
    public struct InvalidProxy: Error, CustomStringConvertible {
        public let value: String
        public var description: String {
            "'\(value)' is not an IP address; --trusted-proxy and SCOUT_TRUSTED_PROXIES take addresses "
                + "such as 127.0.0.1 or ::1, separated by commas"
        }
    }

    /// The proxies of a comma-separated list (`SCOUT_TRUSTED_PROXIES=10.0.0.5,10.0.0.6`).
    public static func parse(_ list: String) throws(InvalidProxy) -> [String] {
        let entries = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for entry in entries where !looksLikeAddress(entry) { throw InvalidProxy(value: entry) }
        return entries
    }
}
