import Foundation
import Networking

/// Decides, before every connection an ``ImageLoader`` makes — the first request and each
/// redirect hop — whether that URL may be fetched. The loader has already normalized the URL
/// (lower-case scheme and host, no user or fragment) and refuses anything not `http(s)`.
///
/// ```swift
/// let policy = ImageFetchPolicy { url in url.host == "upload.wikimedia.org" }
/// let loader = ImageLoader(configuration: configuration, policy: policy)
/// ```
public struct ImageFetchPolicy: Sendable {
    private let check: @Sendable (URL) async -> Bool
    /// Asked again for every address right before it connects, when the loader makes its own
    /// transport: the check above may resolve a name, but the connection resolves it anew, and
    /// only this stops a name that changed its answer in between (DNS rebinding).
    public let connectPolicy: ConnectPolicy?

    /// A policy from a function; it may suspend (to resolve a host name, for instance) and
    /// should return promptly when cancelled: the loader gives it only what is left of the
    /// deadline.
    ///
    /// ```swift
    /// ImageFetchPolicy(connectPolicy: .publicAddresses()) { url in allowlist.contains(url.host ?? "") }
    /// ```
    public init(connectPolicy: ConnectPolicy? = nil, _ allows: @escaping @Sendable (URL) async -> Bool) {
        self.check = allows
        self.connectPolicy = connectPolicy
    }

    /// Whether `url` may be fetched.
    public func allows(_ url: URL) async -> Bool { await check(url) }

    /// Any `https` URL on port 443 whose host is a name (not an address) that resolves only to
    /// public addresses. The default for loaders that fetch URLs found in API replies.
    ///
    /// ```swift
    /// ImageLoader(configuration: configuration, policy: .publicHTTPS(resolver: .system))
    /// ```
    public static func publicHTTPS(resolver: HostResolver = .system) -> ImageFetchPolicy {
        ImageFetchPolicy(connectPolicy: .publicAddresses()) { url in
            guard url.scheme == "https", (url.port ?? 443) == 443, let host = url.host, !host.isEmpty,
                !IPAddress.isLiteralHost(host)
            else { return false }
            return await resolvesOnlyToPublicAddresses(host, resolver: resolver)
        }
    }

    /// Whether `host` resolves, and only to public addresses (a name with one private address
    /// among public ones is refused: the connection could pick it).
    ///
    /// ```swift
    /// await ImageFetchPolicy.resolvesOnlyToPublicAddresses("localhost", resolver: .system)   // false
    /// ```
    public static func resolvesOnlyToPublicAddresses(_ host: String, resolver: HostResolver) async -> Bool {
        let addresses = await resolver.addresses(of: host)
        return !addresses.isEmpty && addresses.allSatisfy(\.isPublic)
    }
}
