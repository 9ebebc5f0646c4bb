import Foundation
import HTTPServer
import ScoutTestSupport
import Testing

/// SECURITY.md T20 over a raw socket: every head two parsers could read two ways is answered
/// 400 and its connection closed, and the request sent after it on that connection is never
/// handled — so nothing can be smuggled past a proxy that read the bytes differently.
@Suite("HTTP framing and smuggling (T20)", .timeLimit(.minutes(10)))
struct HTTPFramingTests {
    /// A request this suite sends after each case: it must never reach a handler.
    static let follower = "GET /after HTTP/1.1\r\nHost: x\r\n\r\n"

    static func router(counting after: Locked<Int>) -> Router {
        var router = Router()
        router.add(.get, "/hello", immediate: { _ in .text("hello") })
        router.add(.post, "/echo", immediate: { request in Response(bytes: request.body) })
        router.add(
            .get, "/after",
            immediate: { _ in
                after.withLock { $0 += 1 }
                return .text("after")
            })
        return router
    }

    /// Each case's bytes, named as the smuggling literature names them.
    static let refused: [(name: String, head: String)] = [
        (
            "CL.CL: two Content-Length",
            "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 30\r\n\r\nabc"
        ),
        ("CL.CL: equal twice", "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc"),
        ("Content-Length as a list", "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3, 3\r\n\r\nabc"),
        ("Content-Length with a sign", "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: +3\r\n\r\nabc"),
        (
            "CL.TE",
            "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 6\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nG"
        ),
        (
            "TE.CL",
            "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n1\r\nZ\r\n0\r\n\r\n"
        ),
        ("TE.TE: xchunked", "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\n0\r\n\r\n"),
        (
            "TE.TE: two fields",
            "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n\r\n0\r\n\r\n"
        ),
        ("TE.TE: a list", "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: identity, chunked\r\n\r\n0\r\n\r\n"),
        (
            "TE.TE: space before the colon",
            "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\n\r\n0\r\n\r\n"
        ),
        ("TE.TE: folded value", "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding:\r\n chunked\r\n\r\n0\r\n\r\n"),
        ("Transfer-Encoding on GET", "GET /hello HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
        ("Transfer-Encoding on HEAD", "HEAD /hello HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
        ("NUL in the request line", "GET /hello\0/x HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("control byte in the target", "GET /hello\u{01} HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("DEL in the target", "GET /hello\u{7F} HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("two spaces in the request line", "GET  /hello HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("NUL in a header name", "GET /hello HTTP/1.1\r\nHost: x\r\nX-A\0b: 1\r\n\r\n"),
        ("control byte in a header name", "GET /hello HTTP/1.1\r\nHost: x\r\nX-A\u{01}b: 1\r\n\r\n"),
        ("NUL in a header value", "GET /hello HTTP/1.1\r\nX-A: 1\02\r\nHost: x\r\n\r\n"),
        ("NUL in the last header value", "GET /hello HTTP/1.1\r\nHost: x\r\nX-A: 1\02\r\n\r\n"),
        ("obs-fold", "GET /hello HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n 2\r\n\r\n"),
        ("obs-fold of the last field", "GET /hello HTTP/1.1\r\nX-A: 1\r\nHost: x\r\n\t2\r\n\r\n"),
        ("bare CR ending a line", "GET /hello HTTP/1.1\r\nHost: x\rX-A: 1\r\n\r\n"),
        ("bare LF ending a line", "GET /hello HTTP/1.1\nHost: x\nX-A: 1\n\n"),
        ("HTTP/1.1 without Host", "GET /hello HTTP/1.1\r\n\r\n"),
        ("two Host fields", "GET /hello HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n"),
        ("HTTP/1.0 with two Host fields", "GET /hello HTTP/1.0\r\nHost: x\r\nHost: y\r\n\r\n"),
    ]

    @Test("400, the connection closed, nothing after it handled", arguments: refused)
    func refusedAndClosed(name: String, head: String) async throws {
        let after = Locked(0)
        try await withTestServer(Self.router(counting: after)) { server in
            let connection = try RawHTTPConnection(port: server.port)
            try await connection.send(Array((head + Self.follower).utf8))
            let reply = String(decoding: try await connection.readToEnd(), as: UTF8.self)
            #expect(reply.hasPrefix("HTTP/1.1 400 "), "\(name): \(reply.prefix(40))")
            #expect(!reply.contains("HTTP/1.1 200"), "\(name)")
            #expect(!reply.contains("HTTP/1.1 405"), "\(name)")
        }
        #expect(after.value == 0, "\(name)")
    }

    @Test("a space inside the target: libmicrohttpd's strict mode closes without a reply, nothing handled")
    func spaceInTarget() async throws {
        let after = Locked(0)
        try await withTestServer(Self.router(counting: after)) { server in
            let connection = try RawHTTPConnection(port: server.port)
            try await connection.send(Array(("GET /hello x HTTP/1.1\r\nHost: x\r\n\r\n" + Self.follower).utf8))
            let reply = String(decoding: try await connection.readToEnd(), as: UTF8.self)
            #expect(!reply.contains(" 200 "))
        }
        #expect(after.value == 0)
    }

    @Test("what HTTP/1.1 allows still works: chunked POST, one Content-Length, blanks around values, HTTP/1.0")
    func wellFormedStillServed() async throws {
        let after = Locked(0)
        try await withTestServer(Self.router(counting: after)) { server in
            let connection = try RawHTTPConnection(port: server.port)
            try await connection.send(
                "POST /echo HTTP/1.1\r\nhost: x\r\nTransfer-Encoding: Chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n")
            #expect(try await connection.readResponse().text == "abcde")
            try await connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nxyz")
            #expect(try await connection.readResponse().text == "xyz")
            try await connection.send(
                "GET /hello HTTP/1.1\r\nHost: x\r\nX-Trailing: 1 \r\nX-Empty:\r\nX-Tab:\t2\r\nCookie: a=b; c=d\r\n\r\n")
            #expect(try await connection.readResponse().status == 200)
            try await connection.send(Self.follower)
            #expect(try await connection.readResponse().text == "after")
            let old = try RawHTTPConnection(port: server.port)
            try await old.send("GET /hello HTTP/1.0\r\n\r\n")
            #expect(try await old.readResponse().text == "hello")
        }
        #expect(after.value == 1)
    }
}
