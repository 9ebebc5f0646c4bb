import Foundation
import ImageLoading
import Networking

/// Where the image proxy may connect (SECURITY.md T1): the exact hosts of its origins over
/// `https` on port 443, plus `host:port` entries configured explicitly (tests add their fake
/// host at `http://127.0.0.1:PORT`). Origin hosts must be names, not IP literals, and must
/// resolve only to public addresses; explicit entries are trusted as written. Everything
/// else — other hosts, subdomains, trailing dots, user info, other ports or schemes — is refused.
///
/// ```swift
/// let allowlist = ImageAllowlist(origins: [.wikimedia()])
/// await allowlist.allows(URL(string: "https://upload.wikimedia.org/wikipedia/x.png")!)   // true
/// await allowlist.allows(URL(string: "http://169.254.169.254/latest/meta-data/")!)       // false
/// ```
public struct ImageAllowlist: Sendable {
    /// One scheme, host and port that may be connected to.
    public struct Entry: Sendable, Hashable, CustomStringConvertible {
        /// `https` or `http`.
        public let scheme: String
        /// The host exactly, lower-cased.
        public let host: String
        /// The port; the scheme's default when none was given.
        public let port: Int

        /// An entry; `port` defaults to the scheme's (443 or 80).
        ///
        /// ```swift
        /// ImageAllowlist.Entry(scheme: "http", host: "127.0.0.1", port: 8123)
        /// ```
        public init(scheme: String = "https", host: String, port: Int? = nil) {
            self.scheme = scheme.lowercased()
            self.host = host.lowercased()
            self.port = port ?? (self.scheme == "http" ? 80 : 443)
        }

        /// Such as `http://127.0.0.1:8123`.
        public var description: String { "\(scheme)://\(host):\(port)" }
    }

    /// Hosts of the origins, https on 443, checked by name and resolution.
    public let originEntries: Set<Entry>
    /// Entries allowed as written, without address checks.
    public let explicitEntries: Set<Entry>
    private let resolver: HostResolver

    /// The allowlist of `origins` (those with an `https` base on port 443) plus `explicitEntries`.
    ///
    /// ```swift
    /// ImageAllowlist(origins: [origin], explicitEntries: [.init(scheme: "http", host: "127.0.0.1", port: port)])
    /// ```
    public init(origins: [ImageOrigin], explicitEntries: [Entry] = [], resolver: HostResolver = .system) {
        self.originEntries = Set(
            origins.compactMap { origin in
                guard origin.scheme == "https", origin.port == 443, let host = origin.host else { return nil }
                return Entry(scheme: "https", host: host, port: 443)
            })
        self.explicitEntries = Set(explicitEntries)
        self.resolver = resolver
    }

    /// Whether a connection to `url` is allowed.
    public func allows(_ url: URL) async -> Bool {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), let host = components.percentEncodedHost?.lowercased(),
            !host.isEmpty, components.percentEncodedUser == nil, components.percentEncodedPassword == nil
        else { return false }
        let entry = Entry(scheme: scheme, host: host, port: components.port)
        if explicitEntries.contains(entry) { return true }
        guard originEntries.contains(entry), !IPAddress.isLiteralHost(host) else { return false }
        return await ImageFetchPolicy.resolvesOnlyToPublicAddresses(host, resolver: resolver)
    }

    /// This allowlist as an ``ImageLoading/ImageFetchPolicy``, asked before every hop, with the
    /// connect policy its loader holds every connection to: public addresses, and the explicit
    /// entries written as IP addresses (or `localhost`), exactly at their port.
    public var policy: ImageFetchPolicy {
        ImageFetchPolicy(connectPolicy: connectPolicy) { [self] url in await allows(url) }
    }

    /// Public addresses, plus the explicit entries' literal addresses at their ports.
    public var connectPolicy: ConnectPolicy {
        .publicAddresses(
            trusting: explicitEntries.compactMap { URL(string: "\($0.scheme)://\($0.host):\($0.port)/") })
    }
}
