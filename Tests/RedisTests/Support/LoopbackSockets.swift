import Foundation
import ScoutTestSupport
import Synchronization

/// Raw TCP sockets on 127.0.0.1 for the failure tests: connections, and listeners that act as a
/// broken or unresponsive server.
extension LoopbackSockets {
    /// A blocking connection to 127.0.0.1:`port`, or -1.
    static func connect(to port: Int) -> Int32 {
        let socket = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return -1 }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        if !connected {
            close(socket)
            return -1
        }
        return socket
    }

    /// Runs `body` with the port of a listener that never accepts and whose queue is full, so
    /// a new connection's handshake never completes: the way to make a connect time out.
    static func withFullBacklog<T>(_ body: (Int) async throws -> T) async throws -> T {
        let (listener, port) = try listener(backlog: 0)
        let filler = connect(to: port)  // backlog 0 holds one connection; this is it
        defer {
            if filler >= 0 { close(filler) }
            close(listener)
        }
        return try await body(port)
    }
}

/// A TCP endpoint on 127.0.0.1 that misbehaves as a Redis server in one chosen way, for as long
/// as `body` runs; it counts the connections it accepted.
final class MisbehavingServer: Sendable {
    enum Behavior: Sendable {
        /// Reads a request, writes these bytes, and keeps the connection open.
        case reply([UInt8])
        /// Reads a request and closes the connection without a reply.
        case closeAfterRequest
        /// Closes each connection as soon as it is accepted, reading nothing: the client's
        /// writes then meet a reset, and a write after that raises SIGPIPE.
        case closeOnAccept
    }

    let port: Int
    private let listener: Int32
    private let behavior: Behavior
    private let isStopping = Atomic(false)
    private let accepted = Atomic(0)
    private let finished = DispatchGroup()

    /// Connections accepted so far.
    var acceptedConnections: Int { accepted.load(ordering: .relaxed) }

    private init(behavior: Behavior) throws {
        (listener, port) = try LoopbackSockets.listener()
        self.behavior = behavior
    }

    /// Runs `body` with a server that behaves as `behavior` says, stopped however `body` ends.
    static func with<T>(_ behavior: Behavior, _ body: (MisbehavingServer) async throws -> T) async throws -> T {
        let server = try MisbehavingServer(behavior: behavior)
        server.start()
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    private func start() {
        finished.enter()
        DispatchQueue(label: "scout.test.misbehaving-redis").async { [self] in
            var descriptor = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            while !isStopping.load(ordering: .relaxed) {
                guard poll(&descriptor, 1, 20) > 0 else { continue }
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { continue }
                accepted.add(1, ordering: .relaxed)
                finished.enter()
                DispatchQueue.global().async { [self] in
                    serve(connection)
                    close(connection)
                    finished.leave()
                }
            }
            finished.leave()
        }
    }

    private func stop() async {
        isStopping.store(true, ordering: .relaxed)
        await withCheckedContinuation { continuation in
            finished.notify(queue: .global()) { continuation.resume() }
        }
        close(listener)
    }

    private func serve(_ connection: Int32) {
        switch behavior {
        case .closeOnAccept:
            break
        case .closeAfterRequest:
            _ = readRequest(connection)
        case .reply(let bytes):
            guard readRequest(connection) else { return }
            _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            // Keep the connection open (answering nothing more) until the client goes or the test ends.
            while !isStopping.load(ordering: .relaxed) {
                var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 20) > 0 else { continue }
                var scratch = [UInt8](repeating: 0, count: 4096)
                if recv(connection, &scratch, scratch.count, 0) <= 0 { return }
            }
        }
    }

    /// Waits up to 2 s for the client's first bytes; false if none came.
    private func readRequest(_ connection: Int32) -> Bool {
        var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 2000) > 0 else { return false }
        var scratch = [UInt8](repeating: 0, count: 4096)
        return recv(connection, &scratch, scratch.count, 0) > 0
    }
}
