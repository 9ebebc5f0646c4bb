import Foundation
import HTTPServer
import ScoutTestSupport
import Testing

/// Issue 33 item 2: no reply is larger than the cap, and clients that never read hold at most
/// the server's budget of reply bytes.
@Suite("Reply size and memory limits", .timeLimit(.minutes(10)))
struct ReplyLimitsTests {
    static let replyBytes = 16 * 1_048_576

    static func router() -> Router {
        var router = Router()
        let big = [UInt8](repeating: 0x61, count: replyBytes)
        router.add(.get, "/big", immediate: { _ in Response(bytes: big) })
        router.add(.get, "/huge", immediate: { _ in Response(bytes: big + big) })
        router.add(.get, "/hello", immediate: { _ in .text("hello") })
        router.add(
            .get, "/endless",
            immediate: { _ in
                Response(body: .stream(ResponseStream { [UInt8](repeating: 0x62, count: 1_048_576) }))
            })
        return router
    }

    static func configure(_ configuration: inout ServerConfiguration) {
        configuration.limits.maxReplyBytes = 2 * replyBytes
        configuration.limits.maxInflightReplyBytes = 2 * replyBytes
    }

    @Test("a reply over the cap is an error that says so; a stream over it is cut")
    func overTheCap() async throws {
        try await withTestServer(Self.router(), configure: { $0.limits.maxReplyBytes = Self.replyBytes }) { server in
            let connection = try RawHTTPConnection(port: server.port)
            let huge = try await connection.get("/huge")
            #expect(huge.status == 500)
            #expect(try huge.json()["error"]?["code"] == "reply_too_large")
            #expect(huge.text.contains("16 MiB"))
            #expect(try await connection.get("/big").body.count == Self.replyBytes)
            let endless = try RawHTTPConnection(port: server.port)
            await #expect(throws: RawHTTPError.self) { try await endless.get("/endless") }
        }
    }

    @Test("connections that never read hold at most the budget; the rest are told 503 with Retry-After")
    func neverReading() async throws {
        try await withTestServer(Self.router(), configure: Self.configure) { server in
            var statuses: [Int] = []
            var stalled: [RawHTTPConnection] = []
            for _ in 0..<6 {
                let connection = try RawHTTPConnection(port: server.port, receiveBufferBytes: 4096)
                try await connection.send("GET /big HTTP/1.1\r\nHost: x\r\n\r\n")
                let head = try await connection.readResponse(forHead: true)
                statuses.append(head.status)
                if head.status == 503 { #expect(head.headers["Retry-After"] == "1") }
                stalled.append(connection)
            }
            // Two replies of 16 MiB fit the 32 MiB budget; their clients never read them.
            #expect(statuses == [200, 200, 503, 503, 503, 503])
            #expect(try await RawHTTPConnection(port: server.port).get("/hello").status == 200)
            // Once the stalled clients go, their share comes back.
            for connection in stalled { connection.abort() }
            #expect(
                await eventually {
                    (try? await RawHTTPConnection(port: server.port).get("/big").status) == 200
                })
        }
    }
}
