import Foundation
import HTTPServer
import Networking

/// Who a request comes from, for the per-client limits: the peer's address, or — when the peer
/// is a proxy the operator trusts (`--trusted-proxy`, `SCOUT_TRUSTED_PROXIES`) — the client
/// that proxy names in `X-Forwarded-For`.
///
/// Behind nginx every request arrives from nginx's address, so without this one busy person
/// would use up the limit of everyone. Only the trusted proxies' word is taken: the header is
/// read from the right, where the nearest proxy appended its peer, past any further trusted
/// proxies; the first hop that is not one is the client. What lies left of it was written by
/// the client and could name anyone, so it is never read — junk there changes nothing. A hop
/// that is not an address where the client should be (a proxy that passed the header on
/// without appending to it) counts the request as the peer's own.
///
/// Addresses are parsed and printed canonically (`203.0.113.9:40001` is `203.0.113.9`,
/// `[2001:DB8::7]:443` is `2001:db8::7`, `::ffff:192.0.2.1` is `192.0.2.1`), and an IPv6 client
/// is limited by its /64 (``limitKey(of:)``): one host holds a whole /64, and would otherwise
/// be a new client at every address it picks from it.
///
/// ```swift
/// let clients = ClientAddress(trustedProxies: ["127.0.0.1"])
/// clients.of(request)   // "203.0.113.7" for nginx's "X-Forwarded-For: garbage, 203.0.113.7"
/// ```
public struct ClientAddress: Sendable, Equatable {
    /// The trusted proxies, canonical.
    public let trustedProxies: Set<String>
    private let trusted: Set<IPAddress>

    /// `trustedProxies` are numeric addresses (see ``parse(_:)``); any other entry trusts nothing.
    public init(trustedProxies: some Sequence<String> = []) {
        trusted = Set(trustedProxies.compactMap(Self.address(ofHop:)))
        self.trustedProxies = Set(trusted.map(\.description))
    }

    /// The key the per-client limits count `request` under.
    public func of(_ request: Request) -> String {
        guard let peerText = request.remoteAddress?.host else { return "unknown" }
        guard let peer = Self.address(ofHop: peerText[...]) else { return peerText }
        guard trusted.contains(peer) else { return Self.limitKey(of: peer) }
        let hops = request.headers.values(for: "X-Forwarded-For").joined(separator: ",").split(separator: ",")
        for hop in hops.reversed() {
            guard let address = Self.address(ofHop: hop) else { break }
            if !trusted.contains(address) { return Self.limitKey(of: address) }
        }
        return Self.limitKey(of: peer)
    }

    /// The address a forwarded hop names, its port and brackets dropped (`1.2.3.4:5`,
    /// `[2001:db8::1]:5`), an IPv4 address in IPv6 form made IPv4; nil for anything else.
    static func address(ofHop text: some StringProtocol) -> IPAddress? {
        var hop = text.trimmingCharacters(in: .whitespaces)[...]
        guard (2...64).contains(hop.utf8.count) else { return nil }
        if hop.hasPrefix("["), let close = hop.firstIndex(of: "]") {
            let port = hop[hop.index(after: close)...]
            guard port.isEmpty || (port.hasPrefix(":") && port.dropFirst().allSatisfy(\.isASCIIDigit)) else {
                return nil
            }
            hop = hop[hop.index(after: hop.startIndex)..<close]
        } else if hop.filter({ $0 == ":" }).count == 1, let colon = hop.firstIndex(of: ":") {
            guard hop[hop.index(after: colon)...].allSatisfy(\.isASCIIDigit) else { return nil }
            hop = hop[..<colon]
        }
        guard let address = IPAddress(String(hop)) else { return nil }
        if case .v6(let bytes) = address, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            return .v4(bytes[12], bytes[13], bytes[14], bytes[15])
        }
        return address
    }

    /// The bucket `address` counts in: itself for IPv4, its /64 for IPv6 (`2001:db8:1:2::/64`).
    static func limitKey(of address: IPAddress) -> String {
        guard case .v6(let bytes) = address else { return address.description }
        return IPAddress.v6(Array(bytes.prefix(8)) + Array(repeating: 0, count: 8)).description + "/64"
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
        for entry in entries where IPAddress(entry) == nil { throw InvalidProxy(value: entry) }
        return entries
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
