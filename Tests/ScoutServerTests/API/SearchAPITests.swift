import Foundation
import HTTPServer
import ScoutModels
import ScoutServer
import ScoutTestSupport
import Testing

/// `/api/v1/search` and `/api/v1/sources` over real HTTP, every reply checked against the
/// OpenAPI document the server itself serves.
@Suite("JSON API", .timeLimit(.minutes(10)))
struct SearchAPITests {
    static let pages: [FakeWikipedia.Page] =
        [
            .init(
                pageID: 1, title: "Zürich", description: "Largest city in Switzerland",
                thumbnail: .init(
                    source: "https://upload.wikimedia.org/wikipedia/commons/a/ab/Zurich.jpg", width: 1600, height: 1200)
            ),
            .init(pageID: 2, title: "Zürich Hauptbahnhof", description: "Railway station"),
        ] + (10...60).map { FakeWikipedia.Page(pageID: $0, title: "Alpha \($0)") }

    static func validator(port: UInt16) async throws -> OpenAPIValidator {
        let document = try await RawHTTPConnection(port: port).get("/api/openapi.json")
        #expect(document.status == 200)
        #expect(document.headers["Content-Type"] == "application/json")
        return OpenAPIValidator(document: try document.json())
    }

    @Test("search: items with /img/ thumbnails, next cursor, and the documented shape")
    func search() async throws {
        try await withScoutApp(pages: Self.pages) { fake, _, port in
            let validator = try await Self.validator(port: port)
            let connection = try RawHTTPConnection(port: port)
            let reply = try await connection.get("/api/v1/search?source=wikipedia&q=\(encoded("  zür  "))&limit=1")
            #expect(reply.status == 200)
            let body = try reply.json()
            #expect(validator.problems(body, schema: validator.schema("SearchResponse")) == [])
            #expect(body["query"] == "zür")
            #expect(body["source"] == "wikipedia")
            #expect(body["cached"] == false)
            let item = try #require(body["items"]?[0])
            #expect(item["title"] == "Zürich")
            #expect(
                item["thumbnail"]?["url"] == "/img/wikipedia/wikipedia/commons/thumb/a/ab/Zurich.jpg/120px-Zurich.jpg")
            #expect(item["link"]?.stringValue?.hasSuffix("/wiki/Z%C3%BCrich") == true)
            let next = try #require(body["next"]?.stringValue)
            let second = try await connection.get("/api/v1/search?q=z%C3%BCr&limit=1&cursor=\(encoded(next))")
            #expect(try second.json()["items"]?[0]?["title"] == "Zürich Hauptbahnhof")
            #expect(fake.requests.allSatisfy { $0.userAgent?.hasPrefix("Scout/") == true })
        }
    }

    @Test("a repeated search is served from the shared cache without an upstream call")
    func cache() async throws {
        try await withScoutApp(pages: Self.pages) { fake, _, port in
            let connection = try RawHTTPConnection(port: port)
            let first = try await connection.get("/api/v1/search?q=alpha")
            let calls = fake.requests.count
            let second = try await connection.get("/api/v1/search?q=alpha")
            #expect(try first.json()["cached"] == false)
            #expect(try second.json()["cached"] == true)
            #expect(try second.json()["items"] == first.json()["items"])
            #expect(fake.requests.count == calls)
        }
    }

    @Test("200 identical uncached searches at once make one upstream call")
    func coalescing() async throws {
        try await withScoutApp(pages: Self.pages) { fake, app, port in
            fake.faults.latency = .milliseconds(300)
            var connections: [RawHTTPConnection] = []
            for _ in 0..<200 {
                let connection = try RawHTTPConnection(port: port, timeout: .seconds(20))
                try await connection.send("GET /api/v1/search?q=alpha HTTP/1.1\r\nHost: x\r\n\r\n")
                connections.append(connection)
            }
            for connection in connections {
                let reply = try await connection.readResponse()
                #expect(reply.status == 200)
            }
            #expect(app.gatewayStatistics() == 1)
            #expect(fake.requests.count == 1)
        }
    }

    @Test("sources list what can be searched")
    func sources() async throws {
        try await withScoutApp(pages: Self.pages) { _, _, port in
            let validator = try await Self.validator(port: port)
            let reply = try await RawHTTPConnection(port: port).get("/api/v1/sources")
            let body = try reply.json()
            #expect(validator.problems(body, schema: validator.schema("SourcesResponse")) == [])
            #expect(body["sources"]?[0]?["id"] == "wikipedia")
            #expect(body["sources"]?[0]?["configured"] == true)
        }
    }

    @Test(
        "bad requests are 400 with a sentence",
        arguments: [
            ("/api/v1/search", "bad_query"), ("/api/v1/search?q=", "bad_query"),
            ("/api/v1/search?q=%20%20", "bad_query"),
            ("/api/v1/search?q=\(String(repeating: "x", count: 257))", "bad_query"),
            ("/api/v1/search?q=x&source=nope", "unknown_source"), ("/api/v1/search?q=x&limit=0", "bad_limit"),
            ("/api/v1/search?q=x&limit=51", "bad_limit"), ("/api/v1/search?q=x&limit=ten", "bad_limit"),
        ])
    func badRequests(target: String, code: String) async throws {
        try await withScoutApp(pages: Self.pages) { fake, _, port in
            let validator = try await Self.validator(port: port)
            let reply = try await RawHTTPConnection(port: port).get(target)
            #expect(reply.status == 400)
            let body = try reply.json()
            #expect(validator.problems(body, schema: validator.schema("Error")) == [])
            #expect(body["error"]?["code"] == .string(code))
            #expect(body["error"]?["message"]?.stringValue?.hasSuffix(".") == true)
            #expect(fake.requests.isEmpty)
        }
    }

    @Test(
        "upstream trouble maps to 502, 503 or 504 naming the source",
        arguments: [
            (Fault.status(500), 503, "upstream_unavailable"),
            (Fault.retryAfter(seconds: 9), 503, "upstream_unavailable"),
            (Fault.malformedJSON, 502, "upstream_failed"), (Fault.hang, 504, "upstream_timeout"),
        ])
    func upstreamErrors(fault: Fault, status: Int, code: String) async throws {
        // A short deadline only where the upstream hangs: retries of a 500 must fit in theirs.
        let deadline: Duration = fault == .hang ? .milliseconds(500) : .seconds(10)
        try await withScoutApp(pages: Self.pages, configure: { $0.upstreamDeadline = deadline }) { fake, _, port in
            fake.inject(fault)
            let reply = try await RawHTTPConnection(port: port).get("/api/v1/search?q=alpha")
            #expect(reply.status == status)
            let error = try #require(try reply.json()["error"])
            #expect(error["code"] == .string(code))
            #expect(error["source"] == "wikipedia")
            #expect(error["message"]?.stringValue?.contains("Wikipedia") == true)
            if case .retryAfter = fault {
                #expect(error["retryAfter"] == 9)
                #expect(reply.headers["Retry-After"] == "9")
            }
        }
    }

    @Test("per-client limit: 429 with Retry-After, while another client is still served (T12)")
    func clientLimit() async throws {
        try await withScoutApp(
            pages: Self.pages,
            configure: {
                $0.clientBurst = 3
                $0.clientRequestsPerSecond = 0.01  // one token per 100 s: no refill during the test
            }
        ) { _, _, port in
            let greedy = try RawHTTPConnection(port: port)
            var statuses: [Int] = []
            for index in 0..<5 { statuses.append(try await greedy.get("/api/v1/search?q=alpha\(index)").status) }
            #expect(statuses == [200, 200, 200, 429, 429])
            let limited = try await greedy.get("/api/v1/search?q=alpha")
            let wait = try #require(limited.headers["Retry-After"].flatMap(Int.init))
            #expect((90...100).contains(wait))
            #expect(try limited.json()["error"]?["code"] == "rate_limited")
            let other = try RawHTTPConnection(port: port, sourceAddress: "127.0.0.2")
            #expect(try await other.get("/api/v1/search?q=alpha").status == 200)
        }
    }

    @Test("behind a trusted proxy each forwarded client has a limit of its own; the header alone changes nothing")
    func clientLimitBehindProxy() async throws {
        try await withScoutApp(
            pages: Self.pages,
            configure: {
                $0.clientBurst = 2
                $0.clientRequestsPerSecond = 0.01
                $0.clientAddress = ClientAddress(trustedProxies: ["127.0.0.1"])
            }
        ) { _, _, port in
            let proxy = try RawHTTPConnection(port: port)
            func status(_ query: String, forwardedFor client: String) async throws -> Int {
                try await proxy.get("/api/v1/search?q=\(query)", headers: ["X-Forwarded-For": client]).status
            }
            #expect(try await status("a1", forwardedFor: "203.0.113.7") == 200)
            #expect(try await status("a2", forwardedFor: "203.0.113.7") == 200)
            #expect(try await status("a3", forwardedFor: "203.0.113.7") == 429)
            #expect(try await status("a4", forwardedFor: "203.0.113.8") == 200)
            // An untrusted peer's header is not believed: 127.0.0.2 is limited as itself.
            let direct = try RawHTTPConnection(port: port, sourceAddress: "127.0.0.2")
            var statuses: [Int] = []
            for index in 0..<3 {
                let reply = try await direct.get(
                    "/api/v1/search?q=b\(index)", headers: ["X-Forwarded-For": "198.51.100.\(index)"])
                statuses.append(reply.status)
            }
            #expect(statuses == [200, 200, 429])
        }
    }

    /// SECURITY.md T5 from the web API: the exact normalized query reaches the upstream.
    @Test("queries reach the upstream exactly (T5)")
    func exactQueries() async throws {
        try await withScoutApp(pages: Self.pages) { fake, _, port in
            let connection = try RawHTTPConnection(port: port)
            for raw in ["a+b&c=d#e", "Zu\u{308}rich", "東京", "👩‍👩‍👧 family", "\u{202E}x", "100%", "c++"] {
                let before = fake.requests.count
                let reply = try await connection.get("/api/v1/search?q=\(encoded(raw))")
                #expect(reply.status == 200)
                let expected = try SearchQuery(raw).text
                #expect(try reply.json()["query"] == .string(expected))
                #expect(
                    fake.requests[before...].allSatisfy {
                        ($0.parameters["gpssearch"] ?? $0.parameters["gsrsearch"]) == expected
                    })
            }
        }
    }

    @Test("no CORS header, even for a cross-origin request or preflight (T14)")
    func noCORS() async throws {
        try await withScoutApp(pages: Self.pages) { _, _, port in
            let connection = try RawHTTPConnection(port: port)
            let cross = try await connection.get("/api/v1/search?q=alpha", headers: ["Origin": "https://evil.example"])
            #expect(cross.headers["Access-Control-Allow-Origin"] == nil)
            let preflight = try await connection.get(
                "/api/v1/search?q=alpha",
                headers: ["Origin": "https://evil.example", "Access-Control-Request-Method": "GET"], method: "OPTIONS")
            #expect(preflight.headers["Access-Control-Allow-Origin"] == nil)
            #expect(preflight.status == 405)
        }
    }
}
