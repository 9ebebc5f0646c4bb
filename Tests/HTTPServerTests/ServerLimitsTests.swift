import Foundation
import HTTPServer
import ScoutTestSupport
import Testing

/// Limits set explicitly: 413, 414, 431, 400 and the per-IP connection cap.
@Suite("Server limits", .timeLimit(.minutes(10)))
struct ServerLimitsTests {
    static func router() -> Router {
        var router = Router()
        router.add(.get, "/hello", immediate: { _ in .text("hello") })
        router.add(.post, "/upload") { request in .text("\(request.body.count)") }
        router.add(.get, "/*anything", immediate: { _ in .text("routed") })
        return router
    }

    @Test("a body over the cap is 413, by Content-Length or as it streams in")
    func payloadTooLarge() async throws {
        try await withTestServer(Self.router(), configure: { $0.limits.maxBodyBytes = 1024 }) { server in
            let declared = try RawHTTPConnection(port: server.port)
            try await declared.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000\r\n\r\n")
            #expect(try await declared.readResponse().status == 413)

            let chunked = try RawHTTPConnection(port: server.port)
            let chunk = String(repeating: "a", count: 800)
            try await chunked.send(
                "POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "320\r\n\(chunk)\r\n320\r\n\(chunk)\r\n0\r\n\r\n")
            #expect(try await chunked.readResponse().status == 413)

            let small = try RawHTTPConnection(port: server.port)
            try await small.send(
                "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 1024\r\n\r\n" + chunk + chunk.prefix(224))
            #expect(try await small.readResponse().text == "1024")
        }
    }

    @Test("a long request target is 414, whether the server or libmicrohttpd sees it first")
    func uriTooLong() async throws {
        try await withTestServer(Self.router()) { server in
            for length in [9000, 100_000] {
                let connection = try RawHTTPConnection(port: server.port)
                let response = try await connection.get("/hello?q=" + String(repeating: "x", count: length))
                #expect(response.status == 414, "target of \(length) bytes")
            }
        }
    }

    /// libmicrohttpd stored each query parameter in the connection's memory pool, and 900 of
    /// them (a 6 KB URL) left it unable to reply at all; Scout parses queries itself.
    @Test("any number of query parameters gets an answer: 200 within the target limit, 414 beyond")
    func manyQueryParameters() async throws {
        try await withTestServer(Self.router()) { server in
            let cases: [(query: String, status: Int)] = [
                ((0..<900).map { "p\($0)=v" }.joined(separator: "&"), 200),
                (Array(repeating: "a", count: 4000).joined(separator: "&"), 200),
                (Array(repeating: "a", count: 6000).joined(separator: "&"), 414),
                (Array(repeating: "a", count: 50_000).joined(separator: "&"), 414),
            ]
            for (query, status) in cases {
                let response = try await RawHTTPConnection(port: server.port).get("/hello?" + query)
                #expect(response.status == status, "\(query.utf8.count)-byte query")
                if status == 200 { #expect(response.text == "hello") }
            }
        }
    }

    @Test("too many or too large headers are 431")
    func headersTooLarge() async throws {
        try await withTestServer(Self.router()) { server in
            var many: [String: String] = [:]
            for index in 0..<150 { many["X-Header-\(index)"] = "v" }
            let manyResponse = try await RawHTTPConnection(port: server.port).get("/hello", headers: many)
            #expect(manyResponse.status == 431)
            var tiny: [String: String] = [:]
            for index in 0..<2000 { tiny["\(index)"] = "" }
            let tinyResponse = try await RawHTTPConnection(port: server.port).get("/hello", headers: tiny)
            #expect(tinyResponse.status == 431)
            let huge = ["X-Huge": String(repeating: "h", count: 40_000)]
            let hugeResponse = try await RawHTTPConnection(port: server.port).get("/hello", headers: huge)
            #expect(hugeResponse.status == 431)
        }
    }

    /// SECURITY.md T13 over the wire, bytes sent as-is (like `curl --path-as-is`).
    @Test(
        "traversal URLs are refused before routing",
        arguments: [
            "/../etc/passwd", "/static/../../etc/passwd", "/%2e%2e/etc/passwd", "/%2E%2E/%2e%2e/etc/passwd",
            "/static/..%2f..%2fetc/passwd", "/static/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/..", "/static/..",
            "/a/%2e%2e", "/static\\..\\..\\etc\\passwd", "/%5c..%5c..%5cetc%5cpasswd", "/static%5c..%5capp.js",
            "/x%00.js", "/index.html%00.png", "/%0d%0aSet-Cookie:%20x=1", "/static/%c0%ae%c0%ae/etc/passwd",
            "/a%zz", "/static/.%2e/.%2e/etc/passwd", "/static/%2e./%2e./etc/passwd", "/%2e%2e%5c%2e%2e%5c",
        ])
    func traversal(target: String) async throws {
        try await withTestServer(Self.router()) { server in
            let response = try await RawHTTPConnection(port: server.port).get(target)
            #expect(response.status == 400, "\(target) → \(response.status)")
            #expect(response.text != "routed")
        }
    }

    @Test("per-IP cap: a fifth connection from 127.0.0.1 is refused while 127.0.0.2 is served")
    func perIPLimit() async throws {
        try await withTestServer(Self.router(), configure: { $0.limits.maxConnectionsPerIP = 4 }) { server in
            let held = try (0..<4).map { _ in try RawHTTPConnection(port: server.port) }
            for connection in held {
                let response = try await connection.get("/hello")
                #expect(response.status == 200)
            }

            let refused = try RawHTTPConnection(port: server.port, timeout: .seconds(2))
            await #expect(throws: RawHTTPError.self) { try await refused.get("/hello") }

            let other = try RawHTTPConnection(port: server.port, sourceAddress: "127.0.0.2")
            #expect(try await other.get("/hello").status == 200)
            _ = held
        }
    }
}
