import Foundation
import Synchronization

/// An HTTP forward proxy on 127.0.0.1 that records every request it carries and passes it on,
/// for testing that `http_proxy` and `no_proxy` are honoured. It forwards only to 127.0.0.0/8
/// (anything else gets 502), one request per connection, plain HTTP (no `CONNECT`).
///
/// ```swift
/// try await withFakeForwardProxy { proxy in
///     // run scout with http_proxy=proxy.url …
///     #expect(proxy.targets.contains { $0.hasPrefix("http://127.0.0.1:") })
/// }
/// ```
public final class FakeForwardProxy: Sendable {
    public let port: UInt16
    private let recorded = Locked<[String]>([])
    let acceptor: LoopbackAcceptor

    init() throws(CanaryError) {
        let (listener, port) = try LoopbackSocket.listen(on: "127.0.0.1")
        self.port = port
        let recorded = self.recorded
        acceptor = LoopbackAcceptor(sockets: [listener], label: "scout.test.proxy") { connection, _ in
            Self.carry(connection, recording: recorded)
        }
    }

    /// `http://127.0.0.1:<port>`, as `http_proxy` takes it.
    public var url: String { "http://127.0.0.1:\(port)" }

    /// The request targets carried so far, in absolute form (`http://127.0.0.1:8123/w/api.php?…`).
    public var targets: [String] { recorded.value }

    /// Reads one request, forwards it with `Connection: close`, and copies the reply back.
    private static func carry(_ client: Int32, recording recorded: Locked<[String]>) {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let head = LoopbackSocket.readHead(client) else { return }
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count == 3 else { return }
        let target = String(requestLine[1])
        recorded.withLock { $0.append(target) }
        guard let url = URLComponents(string: target), let host = url.host, host.hasPrefix("127."),
            let port = url.port.flatMap({ UInt16(exactly: $0) }),
            let upstream = LoopbackSocket.connect(to: host, port: port)
        else {
            _ = LoopbackSocket.write(
                Array("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8), to: client)
            return
        }
        defer { close(upstream) }
        setsockopt(upstream, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let path = url.percentEncodedPath.isEmpty ? "/" : url.percentEncodedPath
        let query = url.percentEncodedQuery.map { "?" + $0 } ?? ""
        let headers = lines.dropFirst().filter { line in
            let name = line.split(separator: ":").first?.lowercased() ?? ""
            return !line.isEmpty && name != "connection" && name != "proxy-connection"
        }
        let forwarded = (["\(requestLine[0]) \(path)\(query) HTTP/1.1"] + headers + ["Connection: close", "", ""])
            .joined(separator: "\r\n")
        guard LoopbackSocket.write(Array(forwarded.utf8), to: upstream) else { return }
        _ = LoopbackSocket.write(LoopbackSocket.readToEnd(upstream), to: client)
    }
}

/// Starts a ``FakeForwardProxy`` on 127.0.0.1 (a free port), runs `body`, and stops it however
/// `body` ends.
public func withFakeForwardProxy<T>(
    isolation: isolated (any Actor)? = #isolation, _ body: (FakeForwardProxy) async throws -> T
) async throws -> T {
    let proxy = try FakeForwardProxy()
    return try await withAcceptor(proxy.acceptor, serving: proxy, body)
}
