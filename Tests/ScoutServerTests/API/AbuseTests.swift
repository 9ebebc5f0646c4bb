import Foundation
import HTTPServer
import ScoutServer
import ScoutTestSupport
import Testing

/// SECURITY.md T12 and T13 against Scout's own app: slow and oversized clients, traversal.
@Suite("Abuse of Scout's API", .timeLimit(.minutes(10)))
struct AbuseTests {
    static let pages = [FakeWikipedia.Page(pageID: 1, title: "Alpha")]

    @Test("a slowloris client on 127.0.0.1 does not starve a client on 127.0.0.2 (T12)")
    func slowloris() async throws {
        try await withScoutApp(pages: Self.pages, server: { $0.limits.maxConnectionsPerIP = 16 }) { _, _, port in
            // Sixteen connections that trickle a header and never finish it.
            var slow: [RawHTTPConnection] = []
            for _ in 0..<16 {
                let connection = try RawHTTPConnection(port: port)
                try await connection.send("GET /api/v1/search?q=alpha HTTP/1.1\r\nHost: x\r\nX-Slow: ")
                slow.append(connection)
            }
            for round in 0..<3 {
                for connection in slow { try await connection.send("a") }
                let other = try RawHTTPConnection(port: port, sourceAddress: "127.0.0.2", timeout: .seconds(2))
                let started = ContinuousClock.now
                let reply = try await other.get("/api/v1/search?q=alpha")
                #expect(reply.status == 200, "round \(round)")
                #expect(ContinuousClock.now - started < .milliseconds(500))
            }
            let seventeenth = try RawHTTPConnection(port: port, timeout: .seconds(2))
            await #expect(throws: RawHTTPError.self) { try await seventeenth.get("/healthz") }
        }
    }

    @Test("oversized requests: 414, 431, 413 (T12)")
    func oversized() async throws {
        try await withScoutApp(pages: Self.pages) { fake, _, port in
            let long = try await RawHTTPConnection(port: port).get(
                "/api/v1/search?q=" + String(repeating: "x", count: 10_000))
            #expect(long.status == 414)
            let headers = try await RawHTTPConnection(port: port).get(
                "/healthz", headers: ["X-Big": String(repeating: "h", count: 40_000)])
            #expect(headers.status == 431)
            let body = try RawHTTPConnection(port: port)
            try await body.send("POST /api/v1/search HTTP/1.1\r\nHost: x\r\nContent-Length: 5000000\r\n\r\n")
            #expect(try await body.readResponse().status == 413)
            #expect(fake.requests.isEmpty)
        }
    }

    /// Sent exactly as written, like `curl --path-as-is`.
    @Test(
        "traversal never reaches outside the embedded assets (T13)",
        arguments: [
            "/static/../Package.swift", "/static/..%2fPackage.swift", "/static/%2e%2e/%2e%2e/etc/passwd",
            "/static/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd", "/static/....//....//etc/passwd", "/static/..\\..\\etc\\passwd",
            "/static/%5c..%5c..%5cetc%5cpasswd", "/static/index.html%00.css", "/static/%00", "/static/./../README.md",
            "/static//etc/passwd", "/static/%252e%252e/etc/passwd", "/static/..;/etc/passwd",
            "/static/.%2e/.%2e/etc/passwd", "/static/%c0%ae%c0%ae/etc/passwd", "/static/..%c0%af..%c0%afetc/passwd",
            "/static/%uff0e%uff0e/etc/passwd", "/..%2f..%2f..%2fetc/passwd", "/static/scout.css/../../Package.swift",
            "/static/Assets/openapi.json", "/static/../Sources/ScoutServer/ScoutApp.swift", "/img/../static/scout.css",
        ])
    func traversal(target: String) async throws {
        try await withScoutApp(pages: Self.pages) { _, _, port in
            let reply = try await RawHTTPConnection(port: port).get(target)
            #expect([400, 404].contains(reply.status), "\(target) → \(reply.status)")
            #expect(!reply.text.contains("PackageDescription"))
            #expect(!reply.text.contains("root:"))
        }
    }
}
