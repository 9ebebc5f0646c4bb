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
    private let sockets: [Int32]
    private let state = Mutex((connections: 0, isStopping: false))
    private let finished = DispatchGroup()

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
        self.sockets = sockets
        self.ports = ports
    }

    /// Connections accepted so far, on all addresses.
    public var connectionCount: Int { state.withLock { $0.connections } }

    /// The port on 127.0.0.1 (or on the first address given).
    public var port: UInt16 { ports["127.0.0.1"] ?? ports.values.first ?? 0 }

    /// `http://<address>:<port>/` for one of the addresses (127.0.0.1 by default).
    public func url(on address: String = "127.0.0.1") -> URL {
        URL(string: "http://\(address):\(ports[address] ?? 0)/")!
    }

    func start() {
        finished.enter()
        DispatchQueue(label: "scout.test.canary").async { [self] in
            acceptLoop()
            finished.leave()
        }
    }

    func stop() async {
        state.withLock { $0.isStopping = true }
        await withCheckedContinuation { continuation in
            finished.notify(queue: .global()) { continuation.resume() }
        }
        for socket in sockets { close(socket) }
    }

    private func acceptLoop() {
        var descriptors = sockets.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while !state.withLock({ $0.isStopping }) {
            let ready = poll(&descriptors, nfds_t(descriptors.count), 20)
            guard ready > 0 else { continue }
            for index in descriptors.indices where descriptors[index].revents & Int16(POLLIN) != 0 {
                let connection = accept(descriptors[index].fd, nil, nil)
                if connection >= 0 {
                    state.withLock { $0.connections += 1 }
                    close(connection)
                }
            }
        }
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
    canary.start()
    do {
        let result = try await body(canary)
        await canary.stop()
        return result
    } catch {
        await canary.stop()
        throw error
    }
}
