import Foundation
import HTTPServer
import ScoutTestSupport
import Testing

/// A ``PreparedResponse`` is built into libmicrohttpd's response once and queued for every
/// request: each reply must still be whole, carry its own fields and the server's defaults
/// exactly once, and a server draining must still say `Connection: close`.
@Suite("Prepared responses", .timeLimit(.minutes(10)))
struct PreparedResponseTests {
    static let body = (0..<30_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }

    static func prepared() -> PreparedResponse {
        PreparedResponse(
            status: 203, headers: ["Content-Type": "image/png", "X-Frame-Options": "SAMEORIGIN"],
            body: SharedBytes(body))
    }

    @Test("every request, on any connection and thread, gets the whole reply with each field once; HEAD gets no body")
    func servedAgainAndAgain() async throws {
        weak var released: SharedBytes?
        do {
            let prepared = Self.prepared()
            released = prepared.body
            var router = Router()
            router.add(.get, "/hit", immediate: { _ in prepared.response })
            try await withTestServer(router) { server in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<4 {
                        group.addTask {
                            let connection = try RawHTTPConnection(port: server.port)
                            for _ in 0..<25 {
                                let reply = try await connection.get("/hit")
                                #expect(reply.status == 203 && reply.body == Self.body)
                                #expect(reply.headers["Content-Length"] == "30000")
                                #expect(reply.headers.values(for: "X-Frame-Options") == ["SAMEORIGIN"])
                                #expect(reply.headers.values(for: "Referrer-Policy") == ["no-referrer"])
                                #expect(reply.headers.values(for: "Content-Type") == ["image/png"])
                            }
                        }
                    }
                    try await group.waitForAll()
                }
                let head = try RawHTTPConnection(port: server.port)
                try await head.send("HEAD /hit HTTP/1.1\r\nHost: x\r\n\r\n")
                let headReply = try await head.readResponse(forHead: true)
                #expect(headReply.status == 203 && headReply.body.isEmpty)
                #expect(try await head.get("/hit").body == Self.body)
            }
        }
        #expect(released == nil)
    }

    @Test("two servers with different default fields each send their own with one prepared response")
    func eachServerItsOwnDefaults() async throws {
        let prepared = Self.prepared()
        var router = Router()
        router.add(.get, "/hit", immediate: { _ in prepared.response })
        try await withTestServer(router, configure: { $0.defaultHeaders = ["X-Server": "first"] }) { first in
            try await withTestServer(router, configure: { $0.defaultHeaders = ["X-Server": "second"] }) { second in
                for _ in 0..<3 {
                    #expect(try await RawHTTPConnection(port: first.port).get("/hit").headers["X-Server"] == "first")
                    let reply = try await RawHTTPConnection(port: second.port).get("/hit")
                    #expect(reply.headers["X-Server"] == "second" && reply.body == Self.body)
                }
            }
        }
    }

    @Test("a prepared reply finished while the server drains closes its connection")
    func drainingClosesTheConnection() async throws {
        let started = ArrivalGate(expected: 1)
        let release = ArrivalGate(expected: 2)
        let prepared = Self.prepared()
        var router = Router()
        router.add(.get, "/warm", immediate: { _ in prepared.response })
        router.add(.get, "/slow") { _ in
            await started.arriveAndWait()
            await release.arriveAndWait()
            return prepared.response
        }
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, accessLog: nil)
        configuration.shutdownGracePeriod = .seconds(5)
        let server = Server(configuration: configuration, responder: router)
        try server.start()
        let port = server.port
        // Built once before the drain, so the drain must not send the stored response as it is.
        #expect(try await RawHTTPConnection(port: port).get("/warm").headers["Connection"]?.lowercased() != "close")
        let connection = try RawHTTPConnection(port: port)
        try await connection.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(await eventually { await started.count == 1 })
        let shutdown = Task { await server.shutdown() }
        #expect(await eventually { (try? await RawHTTPConnection(port: port).get("/elsewhere"))?.status == 503 })
        await release.arriveAndWait()
        let reply = try await connection.readResponse()
        #expect(reply.status == 203 && reply.body == Self.body)
        #expect(reply.headers["Connection"]?.lowercased() == "close")
        await shutdown.value
    }
}
