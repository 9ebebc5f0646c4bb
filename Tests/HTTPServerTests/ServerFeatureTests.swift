import Foundation
import HTTPServer
import ScoutTestSupport
import Testing

/// Static assets, the access log and streamed bodies.
@Suite("Server features", .timeLimit(.minutes(10)))
struct ServerFeatureTests {
    @Test("static assets: Content-Type, ETag and 304, nothing outside the manifest")
    func staticAssets() async throws {
        var router = Router()
        let assets = StaticAssets([
            "app.js": Array("console.log(1)".utf8), "style.css": Array("body{}".utf8),
            "logo.svg": Array("<svg/>".utf8),
        ])
        router.mount(assets, at: "/static")
        try await withTestServer(router) { server in
            let connection = try RawHTTPConnection(port: server.port)
            let script = try await connection.get("/static/app.js")
            #expect(script.status == 200)
            #expect(script.headers["Content-Type"] == "text/javascript; charset=utf-8")
            #expect(script.text == "console.log(1)")
            let etag = try #require(script.headers["ETag"])
            let revalidated = try await connection.get("/static/app.js", headers: ["If-None-Match": etag])
            #expect(revalidated.status == 304)
            #expect(revalidated.body.isEmpty)
            #expect(try await connection.get("/static/style.css").headers["Content-Type"] == "text/css; charset=utf-8")
            #expect(try await connection.get("/static/logo.svg").headers["Content-Type"] == "image/svg+xml")
            for missing in ["/static/missing.js", "/static/", "/static/app.js/x", "/static/APP.JS"] {
                #expect(try await connection.get(missing).status == 404, "\(missing)")
            }
        }
    }

    @Test("a shared body: every response sends the same bytes, default headers added once, the buffer freed after")
    func sharedBody() async throws {
        let image = (0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        weak var released: SharedBytes?
        do {
            let shared = SharedBytes(image)
            released = shared
            var router = Router()
            router.add(
                .get, "/image",
                immediate: { _ in
                    Response(
                        status: 200, headers: ["Content-Type": "image/png", "X-Frame-Options": "SAMEORIGIN"],
                        body: .shared(shared))
                })
            try await withTestServer(router) { server in
                let connection = try RawHTTPConnection(port: server.port)
                for _ in 0..<20 {
                    let reply = try await connection.get("/image")
                    #expect(reply.status == 200)
                    #expect(reply.body == image)
                    #expect(reply.headers["Content-Length"] == "50000")
                    #expect(reply.headers["X-Frame-Options"] == "SAMEORIGIN")
                    #expect(reply.headers["Referrer-Policy"] == "no-referrer")
                }
            }
        }
        #expect(released == nil)
    }

    @Test("one access-log line per request, stamped with the injected clock's time, secrets redacted")
    func accessLog() async throws {
        do {
            let path = FileManager.default.temporaryDirectory.appending(path: "scout-access-\(UUID()).log").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            var router = Router()
            router.add(.get, "/search", immediate: { _ in .text("found") })
            let clock = ManualClock()
            // 2026-12-03T17:56:46.123Z
            let start = Date(timeIntervalSince1970: 1_796_320_606.123)
            let log = AccessLog(fileDescriptor: descriptor, clock: clock, startingAt: start)
            try await withTestServer(router, configure: { $0.accessLog = log }) { server in
                let connection = try RawHTTPConnection(port: server.port)
                _ = try await connection.get(
                    "/search?q=cats&api_key=canary-secret-123&Token=abc&ssl%50assword=p&sig=s&author=tolkien")
                // The line is written once the reply is sent, which may be after the client has it.
                #expect(
                    await eventually {
                        log.flush()
                        return (try? String(contentsOfFile: path, encoding: .utf8))?.contains("\n") == true
                    })
                clock.advance(by: .milliseconds(86_400_000 + 3_723_877))
                _ = try await connection.get("/missing")
                _ = try await connection.get("/" + String(repeating: "é", count: 3000) + "?api_key=canary-secret-123")
            }
            let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            #expect(lines.count == 3)
            // A 6 KB path fills at most about 2 KiB of the log, cut between characters.
            #expect(lines[2].utf8.count < AccessLog.maximumTargetBytes + 100)
            #expect(lines[2].contains("é…(+"))
            #expect(
                lines[0].hasPrefix(
                    "2026-12-03T17:56:46.123Z GET /search?q=cats&api_key=***&Token=***&ssl%50assword=***&sig=***&author=tolkien 200 5B "
                ))
            #expect(lines[0].hasSuffix("127.0.0.1"))
            #expect(lines[1].hasPrefix("2026-12-04T18:58:50.000Z GET /missing 404 "))
            #expect(!lines.joined().contains("canary-secret-123"))
        }
    }

    @Test("streamed bodies: chunked, with Content-Length, and truncated")
    func streaming() async throws {
        var router = Router()
        router.add(
            .get, "/chunks",
            immediate: { _ in
                Response(body: .stream(Self.stream(chunks: ["ab", "cd", "ef"], declaredLength: nil)))
            })
        router.add(
            .get, "/sized",
            immediate: { _ in
                Response(body: .stream(Self.stream(chunks: ["abc", "def"], declaredLength: 6)))
            })
        router.add(
            .get, "/truncated",
            immediate: { _ in
                Response(body: .stream(Self.stream(chunks: ["abc"], declaredLength: 100)))
            })
        try await withTestServer(router) { server in
            let connection = try RawHTTPConnection(port: server.port)
            #expect(try await connection.get("/chunks").text == "abcdef")
            let sized = try await connection.get("/sized")
            #expect(sized.headers["Content-Length"] == "6")
            #expect(sized.text == "abcdef")
            let truncated = try RawHTTPConnection(port: server.port)
            await #expect(throws: RawHTTPError.closed(received: 3)) { try await truncated.get("/truncated") }
        }
    }

    private static func stream(chunks: [String], declaredLength: Int?) -> ResponseStream {
        let remaining = ChunkQueue(chunks.map { Array($0.utf8) })
        return ResponseStream(declaredLength: declaredLength) {
            await Task.yield()  // each chunk comes after a suspension, as from a real source
            return await remaining.next()
        }
    }
}

private actor ChunkQueue {
    private var chunks: [[UInt8]]
    init(_ chunks: [[UInt8]]) { self.chunks = chunks }
    func next() -> [UInt8]? { chunks.isEmpty ? nil : chunks.removeFirst() }
}
