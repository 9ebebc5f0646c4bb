import Foundation
import Synchronization

/// A hostile upstream on 127.0.0.1: to every connection it answers `200 OK` and then a body that
/// never ends, as fast as the connection takes it (bounded at 1 GiB per connection, so no loop
/// is endless), counting the bytes the kernel accepted. Its own send buffer is kept small
/// (64 KiB), so the count is close to what reached the client rather than what waited on this
/// side: the measure of how much a client let in before it hung up (SECURITY.md T16).
///
/// ```swift
/// try await withEndlessBodyServer { server in
///     // fetch server.url with a byte cap …
///     #expect(await server.settledByteCount() <= cap + 6 * 1_048_576)  // the kernel buffers some
/// }
/// ```
public final class EndlessBodyServer: Sendable {
    public let port: UInt16
    /// The `Content-Length` each reply declares (it never sends that many), or none.
    public let declaredLength: Int?
    private let sent = Locked(0)
    let acceptor: LoopbackAcceptor

    init(declaredLength: Int?) throws(CanaryError) {
        let (listener, port) = try LoopbackSocket.listen(on: "127.0.0.1")
        self.port = port
        self.declaredLength = declaredLength
        let sent = self.sent
        acceptor = LoopbackAcceptor(sockets: [listener], label: "scout.test.endless") { connection, isStopping in
            Self.flood(connection, declaredLength: declaredLength, counting: sent, until: isStopping)
        }
    }

    /// `http://127.0.0.1:<port>/endless`.
    public var url: URL { URL(string: "http://127.0.0.1:\(port)/endless")! }

    /// Body bytes the kernel accepted so far, on all connections.
    public var byteCount: Int { sent.value }

    /// The count once it has not grown for `quiet` (the client hung up), within `limit`.
    public func settledByteCount(quiet: Duration = .milliseconds(300), limit: Duration = .seconds(10)) async -> Int {
        let clock = ContinuousClock()
        let end = clock.now + limit
        var last = byteCount
        while clock.now < end {
            try? await Task.sleep(for: quiet)
            let now = byteCount
            if now == last { return now }
            last = now
        }
        return byteCount
    }

    private static func flood(
        _ connection: Int32, declaredLength: Int?, counting total: Locked<Int>, until isStopping: () -> Bool
    ) {
        var size: Int32 = 64 * 1024
        setsockopt(connection, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        let length = declaredLength.map { "Content-Length: \($0)\r\n" } ?? ""
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n\(length)\r\n"
        guard LoopbackSocket.readHead(connection) != nil, LoopbackSocket.write(Array(head.utf8), to: connection)
        else { return }
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 16 * 1024)
        var sent = 0
        while sent < 1 << 30, !isStopping() {
            let written = chunk.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { return }
            sent += written
            total.withLock { $0 += written }
        }
    }
}

/// Starts an ``EndlessBodyServer`` on 127.0.0.1 (a free port), declaring `declaredLength` if
/// given, runs `body`, and stops it however `body` ends.
public func withEndlessBodyServer<T>(
    declaredLength: Int? = nil, isolation: isolated (any Actor)? = #isolation,
    _ body: (EndlessBodyServer) async throws -> T
) async throws -> T {
    let server = try EndlessBodyServer(declaredLength: declaredLength)
    return try await withAcceptor(server.acceptor, serving: server, body)
}
