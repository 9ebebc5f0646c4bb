import Foundation

/// Which addresses a transport may open connections to, asked for every connection it makes —
/// the first hop and every redirect, after the name was resolved and right before the socket
/// connects — so a name whose resolution changes between a policy check and the connect (DNS
/// rebinding) still cannot reach an address inside the network (SECURITY.md T1).
///
/// ```swift
/// let policy = ConnectPolicy.publicAddresses(except: [ConnectAddress(IPAddress("127.0.0.1")!, port: 8123)])
/// let transport = PlatformTransport.make(connectPolicy: policy)
/// ```
public struct ConnectPolicy: Sendable {
    private let check: @Sendable (ConnectAddress) -> Bool

    /// A policy from a function. It runs on the transport's own thread for every connection:
    /// it must be quick and must not block.
    public init(_ allows: @escaping @Sendable (ConnectAddress) -> Bool) {
        self.check = allows
    }

    /// Whether a connection to `address` may be opened.
    public func allows(_ address: ConnectAddress) -> Bool { check(address) }

    /// Public unicast addresses only (``IPAddress/isPublic``), plus `exceptions` exactly as
    /// written, address and port (a test's fake host, a server the operator named).
    ///
    /// ```swift
    /// ConnectPolicy.publicAddresses().allows(ConnectAddress(IPAddress("10.0.0.1")!, port: 443))   // false
    /// ```
    public static func publicAddresses(except exceptions: Set<ConnectAddress> = []) -> ConnectPolicy {
        ConnectPolicy { address in address.ip.isPublic || exceptions.contains(address) }
    }

    /// ``publicAddresses(except:)`` plus the exact addresses of `trusted` URLs the operator
    /// named: those whose host is an IP literal (`http://127.0.0.1:8080/`) or `localhost`, at
    /// their port. Names are not resolved here: a name must resolve to public addresses.
    ///
    /// ```swift
    /// ConnectPolicy.publicAddresses(trusting: [URL(string: "http://127.0.0.1:8080/")!])
    /// ```
    public static func publicAddresses(trusting trusted: [URL]) -> ConnectPolicy {
        publicAddresses(except: Set(trusted.flatMap(ConnectAddress.literal(in:))))
    }
}

/// An IP address and a TCP port: where a connection goes.
public struct ConnectAddress: Sendable, Hashable, CustomStringConvertible {
    public let ip: IPAddress
    public let port: Int

    public init(_ ip: IPAddress, port: Int) {
        self.ip = ip
        self.port = port
    }

    /// `127.0.0.1:8080`, `[::1]:443`.
    public var description: String {
        if case .v6 = ip { return "[\(ip)]:\(port)" }
        return "\(ip):\(port)"
    }

    /// The addresses `url` names literally: its IP-literal host, or `localhost` as 127.0.0.1
    /// and ::1, at the URL's port (the scheme's default when none). Empty for a host name.
    ///
    /// ```swift
    /// ConnectAddress.literal(in: URL(string: "http://localhost:8080/")!)   // [127.0.0.1:8080, [::1]:8080]
    /// ```
    public static func literal(in url: URL) -> [ConnectAddress] {
        guard let host = url.host?.lowercased(), let scheme = url.scheme?.lowercased() else { return [] }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        let ips = host == "localhost" ? [IPAddress("127.0.0.1"), IPAddress("::1")] : [IPAddress(host)]
        return ips.compactMap { $0.map { ConnectAddress($0, port: port) } }
    }
}
