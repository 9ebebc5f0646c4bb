import Foundation

/// A numeric IPv4 or IPv6 address and port as a C socket address.
struct BindAddress {
    private var storage = sockaddr_storage()

    init(host: String, port: UInt16) throws(ServerError) {
        var ipv4 = sockaddr_in()
        var ipv6 = sockaddr_in6()
        if inet_pton(AF_INET, host, &ipv4.sin_addr) == 1 {
            ipv4.sin_family = sa_family_t(AF_INET)
            ipv4.sin_port = port.bigEndian
            withUnsafeBytes(of: ipv4) { raw in
                withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: raw) }
            }
        } else if inet_pton(AF_INET6, host, &ipv6.sin6_addr) == 1 {
            ipv6.sin6_family = sa_family_t(AF_INET6)
            ipv6.sin6_port = port.bigEndian
            withUnsafeBytes(of: ipv6) { raw in
                withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: raw) }
            }
        } else {
            throw .invalidHost(host)
        }
    }

    mutating func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>) -> T) -> T {
        withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1, body)
        }
    }
}
