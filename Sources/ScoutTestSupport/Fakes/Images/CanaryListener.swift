import Dispatch
import Foundation
import Synchronization

/// A TCP listener that only counts connections — it accepts, counts and closes them — to prove
/// that code under test never connects somewhere it must not (SECURITY.md T1). Listens on
/// 127.0.0.1 and optionally other loopback addresses, each on a free port.
///
/// ```swift
/// try await withCanaryListener(addresses: ["127.0.0.1", "127.0.0.2"]) { canary in
///     host.setBehavior(.redirect(to: canary.url(on: "127.0.0.2").absoluteString), forPath: path)
///     // … run the proxy …
///     #expect(canary.connectionCount == 0)
/// }
/// ```
public final class CanaryListener: Sendable {
    /// The addresses listened on, each with its port.
    public let ports: [String: UInt16]
    private let connections = Locked(0)
    let acceptor: LoopbackAcceptor

    init(addresses: [String]) throws(CanaryError) {
        var sockets: [Int32] = []
        var ports: [String: UInt16] = [:]
        do {
            for address in addresses {
                let (socket, port) = try LoopbackSocket.listen(on: address)
                sockets.append(socket)
                ports[address] = port
            }
        } catch {
            for socket in sockets { close(socket) }
            throw error
        }
        self.ports = ports
        let connections = self.connections
        acceptor = LoopbackAcceptor(sockets: sockets, label: "scout.test.canary") { _, _ in
            connections.withLock { $0 += 1 }
        }
    }

    /// Connections accepted so far, on all addresses.
    public var connectionCount: Int { connections.value }

    /// The port on 127.0.0.1 (or on the first address given).
    public var port: UInt16 { ports["127.0.0.1"] ?? ports.values.first ?? 0 }

    /// `http://<address>:<port>/` for one of the addresses (127.0.0.1 by default).
    public func url(on address: String = "127.0.0.1") -> URL {
        URL(string: "http://\(address):\(ports[address] ?? 0)/")!
    }
}

/// Why a ``CanaryListener`` (or another loopback listener of the tests) could not listen.
public enum CanaryError: Error, Equatable, CustomStringConvertible {
    /// Not a numeric IPv4 address.
    case invalidAddress(String)
    /// A socket call failed with this `errno`.
    case system(String, Int32)

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .invalidAddress(let address): "\(address) is not a numeric IPv4 address. Use one such as 127.0.0.2."
        case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code)))."
        }
    }
}

/// Starts a ``CanaryListener`` on each of `addresses` (free ports), runs `body`, and stops it
/// however `body` ends.
///
/// ```swift
/// try await withCanaryListener { canary in
///     // redirect something to canary.url() …
///     #expect(canary.connectionCount == 0)
/// }
/// ```
public func withCanaryListener<T>(
    addresses: [String] = ["127.0.0.1"],
    isolation: isolated (any Actor)? = #isolation,
    _ body: (CanaryListener) async throws -> T
) async throws -> T {
    let canary = try CanaryListener(addresses: addresses)
    return try await withAcceptor(canary.acceptor, serving: canary, body)
}
