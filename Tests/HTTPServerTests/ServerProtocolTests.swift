import Foundation
import HTTPServer
import ScoutTestSupport
import Testing

/// The server through real sockets: keep-alive, routing, errors and security headers.
@Suite("Server over sockets", .timeLimit(.minutes(10)))
struct ServerProtocolTests {
    static func router() -> Router {
        var router = Router()
        router.add(.get, "/hello", immediate: { _ in .text("hello") })
        router.add(.get, "/async") { request in
            await Task.yield()  // answered from a task, after a suspension
            return .text("async \(request.query["q"] ?? "")")
        }
        router.add(.post, "/echo") { request in Response(bytes: request.body) }
        router.add(.get, "/teapot") { _ in throw TeapotError() }
        router.add(.get, "/broken") { _ in throw SecretInternalError() }
        router.add(
            .get, "/query",
            immediate: { request in
                try .json(request.query.items.map { [$0.name, $0.value, $0.rawValue] })
            })
        router.add(.get, "/peer", immediate: { request in .text(request.remoteAddress?.host ?? "none") })
        return router
    }

    @Test("keep-alive: several requests on one connection, immediate and async")
    func keepAlive() async throws {
        try await withTestServer(Self.router()) { server in
            let connection = try RawHTTPConnection(port: server.port)
            for index in 0..<5 {
                let immediate = try await connection.get("/hello")
                #expect(immediate.status == 200)
                #expect(immediate.text == "hello")
                #expect(immediate.headers["Connection"]?.lowercased() != "close")
                let deferred = try await connection.get("/async?q=\(index)")
                #expect(deferred.text == "async \(index)")
            }
        }
    }

    @Test("404, and 405 with Allow, as JSON errors")
    func notFoundAndMethodNotAllowed() async throws {
        try await withTestServer(Self.router()) { server in
            let connection = try RawHTTPConnection(port: server.port)
            let missing = try await connection.get("/missing")
            #expect(missing.status == 404)
            #expect(try missing.json()["error"]?["code"] == "not_found")
            let wrongMethod = try await connection.get("/hello", method: "DELETE")
            #expect(wrongMethod.status == 405)
            #expect(wrongMethod.headers["Allow"] == "GET, HEAD")
        }
    }

    @Test("HEAD sends headers without a body")
    func head() async throws {
        try await withTestServer(Self.router()) { server in
            let connection = try RawHTTPConnection(port: server.port)
            let response = try await connection.get("/hello", method: "HEAD")
            #expect(response.status == 200)
            #expect(response.body.isEmpty)
            #expect(try await connection.get("/hello").text == "hello")
        }
    }

    @Test("an HTTPResponseError picks status, headers and JSON body")
    func responseError() async throws {
        try await withTestServer(Self.router()) { server in
            let response = try await RawHTTPConnection(port: server.port).get("/teapot")
            #expect(response.status == 418)
            #expect(response.headers["Retry-After"] == "7")
            let error = try #require(try response.json()["error"])
            #expect(error["code"] == "teapot")
            #expect(error["source"] == "kitchen")
            #expect(error["message"]?.stringValue?.contains("teapot") == true)
        }
    }

    @Test("any other error is a 500 that reveals nothing")
    func internalError() async throws {
        try await withTestServer(Self.router()) { server in
            let response = try await RawHTTPConnection(port: server.port).get("/broken")
            #expect(response.status == 500)
            #expect(!response.text.contains("hunter2"))
            #expect(!response.text.contains("SecretInternalError"))
            #expect(try response.json()["error"]?["code"] == "internal_error")
        }
    }

    @Test("security headers on every response, and no CORS")
    func securityHeaders() async throws {
        try await withTestServer(Self.router()) { server in
            let connection = try RawHTTPConnection(port: server.port)
            for target in ["/hello", "/missing", "/teapot"] {
                let response = try await connection.get(target, headers: ["Origin": "https://evil.example"])
                #expect(response.headers["X-Content-Type-Options"] == "nosniff")
                #expect(response.headers["Content-Security-Policy"]?.contains("frame-ancestors 'none'") == true)
                #expect(response.headers["Access-Control-Allow-Origin"] == nil)
            }
            let preflight = try await connection.get(
                "/hello", headers: ["Origin": "https://evil.example", "Access-Control-Request-Method": "GET"],
                method: "OPTIONS")
            #expect(preflight.status == 405)
            #expect(preflight.headers["Access-Control-Allow-Origin"] == nil)
        }
    }

    @Test("query values: raw bytes kept, + and %2B told apart")
    func queryOverTheWire() async throws {
        try await withTestServer(Self.router()) { server in
            let response = try await RawHTTPConnection(port: server.port).get("/query?q=a%2Bb+c&e=%E6%9D%B1%E4%BA%AC")
            #expect(try response.json() == [["q", "a+b c", "a%2Bb+c"], ["e", "東京", "%E6%9D%B1%E4%BA%AC"]])
        }
    }

    @Test("POST body reaches the handler; remote address is known")
    func bodyAndPeer() async throws {
        try await withTestServer(Self.router()) { server in
            let connection = try RawHTTPConnection(port: server.port)
            try await connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\nhello world")
            #expect(try await connection.readResponse().text == "hello world")
            #expect(try await connection.get("/peer").text == "127.0.0.1")
        }
    }
}
