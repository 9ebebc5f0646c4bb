import Foundation
import HTTPServer
import ScoutServer
import ScoutTestSupport
import Testing

/// Issue 36 item 2: `GET /api/v1/multisearch`, the "All" tab's one request per query, read
/// from a real connection as the server writes it. Sources are held back by their fakes'
/// latency on a `ManualClock`, which also runs the stream's deadline: no test waits for time
/// to pass.
@Suite("Multisearch: every source in one stream", .timeLimit(.minutes(10)))
struct MultisearchTests {
    /// Each line against the document's `MultisearchLine`.
    static func expectDocumented(_ lines: [JSONValue], port: UInt16) async throws {
        let validator = try await SearchAPITests.validator(port: port)
        for line in lines {
            #expect(validator.problems(line, schema: validator.schema("MultisearchLine")) == [], "\(line)")
        }
    }

    @Test("lines come in the order the sources answer, each as soon as it answers")
    func answerOrder() async throws {
        try await MultisearchHarness.run { app in
            app.commons.faults.latency = .seconds(2)
            var stream = try await MultisearchStream(
                port: app.port, target: "/api/v1/multisearch?q=hut&sources=commons,wikipedia")
            #expect(stream.status == 200)
            #expect(stream.headers["Content-Type"] == "application/x-ndjson")
            // Commons was asked first but is held on the clock: Wikipedia's line comes alone.
            let first = try #require(try await stream.next())
            #expect(first["source"] == "wikipedia")
            #expect(first["status"] == 200)
            #expect(first["reply"]?["items"]?[0]?["title"] == "Hut")
            #expect(await app.waitForTimers(at: MultisearchHarness.deadline, .seconds(2)))  // Commons' latency
            app.clock.advance(by: .seconds(2))
            let second = try #require(try await stream.next())
            #expect(second["source"] == "commons")
            #expect(second["status"] == 200)
            #expect(second["reply"]?["items"]?[0]?["title"] == "Hut 001")
            #expect(try await stream.next() == nil)
            try await Self.expectDocumented([first, second], port: app.port)
        }
    }

    @Test("each line is the reply /api/v1/search gives for its source, or its error")
    func linesAreSearchReplies() async throws {
        try await MultisearchHarness.run { app in
            app.commons.inject(.malformedJSON)
            var stream = try await MultisearchStream(
                port: app.port, target: "/api/v1/multisearch?q=hut&sources=wikipedia,commons,flickr&limit=2")
            let lines = try await stream.rest()
            #expect(lines.count == 3)
            let bySource = Dictionary(uniqueKeysWithValues: lines.map { ($0["source"]?.stringValue ?? "", $0) })
            let connection = try RawHTTPConnection(port: app.port)
            for source in ["wikipedia", "flickr"] {
                let single = try await connection.get("/api/v1/search?source=\(source)&q=hut&limit=2")
                #expect(single.status == 200)
                #expect(bySource[source]?["status"] == 200)
                #expect(bySource[source]?["reply"]?.withoutTiming == (try single.json()).withoutTiming, "\(source)")
            }
            // The failing fake's line is its error, while the others' are their results.
            let failed = try await connection.get("/api/v1/search?source=commons&q=hut&limit=2")
            #expect(failed.status == 502)
            #expect(bySource["commons"]?["status"] == 502)
            #expect(bySource["commons"]?["error"] == (try failed.json())["error"])
            #expect(bySource["commons"]?["error"]?["code"] == "upstream_failed")
            try await Self.expectDocumented(lines, port: app.port)
        }
    }

    @Test(
        "a source the server does not offer gets the line /api/v1/search gives it; absent sources are every source offered"
    )
    func sourcesNotOffered() async throws {
        try await MultisearchHarness.run(flickrKey: nil) { app in
            var stream = try await MultisearchStream(
                port: app.port, target: "/api/v1/multisearch?q=hut&sources=flickr,commons")
            let lines = try await stream.rest()
            let flickr = try #require(lines.first { $0["source"] == "flickr" })
            let single = try await RawHTTPConnection(port: app.port).get("/api/v1/search?source=flickr&q=hut")
            #expect(flickr["status"] == .number(Double(single.status)))
            #expect(flickr["error"] == (try single.json())["error"])
            #expect(lines.first { $0["source"] == "commons" }?["status"] == 200)
            #expect(app.flickr.requests.isEmpty)

            var every = try await MultisearchStream(port: app.port, target: "/api/v1/multisearch?q=hut")
            let sources = try await every.rest().compactMap { $0["source"]?.stringValue }
            #expect(sources.sorted() == ["commons", "wikipedia"])
        }
    }

    @Test("past the deadline the late source gets a timeout line and the stream ends")
    func deadline() async throws {
        try await MultisearchHarness.run { app in
            app.commons.faults.latency = .seconds(100)
            var stream = try await MultisearchStream(
                port: app.port, target: "/api/v1/multisearch?q=hut&sources=wikipedia,commons")
            #expect(try await stream.next()?["source"] == "wikipedia")
            #expect(await app.waitForTimers(at: MultisearchHarness.deadline, .seconds(100)))
            app.clock.advance(by: MultisearchHarness.deadline)
            let late = try #require(try await stream.next())
            #expect(late["source"] == "commons")
            #expect(late["status"] == 504)
            #expect(late["error"]?["code"] == "timeout")
            #expect(
                late["error"]?["message"]
                    == "Wikimedia Commons did not answer within 5 s. Search again to see its results.")
            #expect(try await stream.next() == nil)
            try await Self.expectDocumented([late], port: app.port)
        }
    }

    @Test("each source goes through its cache: a second identical multisearch asks no upstream")
    func cachedPerSource() async throws {
        try await MultisearchHarness.run { app in
            let target = "/api/v1/multisearch?q=hut&sources=wikipedia,commons,flickr"
            var first = try await MultisearchStream(port: app.port, target: target)
            #expect(try await first.rest().allSatisfy { $0["status"] == 200 })
            let asked = app.upstreamRequests
            #expect(asked == 3)
            var second = try await MultisearchStream(port: app.port, target: target)
            let again = try await second.rest()
            #expect(again.count == 3)
            #expect(again.allSatisfy { $0["reply"]?["cached"] == true })
            // And the single-source route finds what the multisearch searched.
            let single = try await RawHTTPConnection(port: app.port).get("/api/v1/search?source=commons&q=hut")
            #expect(try single.json()["cached"] == true)
            #expect(app.upstreamRequests == asked)
        }
    }

    @Test("identical multisearches at once make one upstream call for their source")
    func coalescedPerSource() async throws {
        try await MultisearchHarness.run { app in
            app.commons.faults.latency = .seconds(1)
            let target = "/api/v1/multisearch?q=hut&sources=commons"
            async let one = Self.lines(port: app.port, target: target)
            async let two = Self.lines(port: app.port, target: target)
            #expect(await app.waitForTimers(at: .seconds(1)))  // one Commons request, held
            app.clock.advance(by: .seconds(1))
            let (a, b) = try await (one, two)
            #expect(a.first?["status"] == 200)
            #expect(b.first?["status"] == 200)
            #expect(app.commons.requests.count == 1)
        }
    }

    static func lines(port: UInt16, target: String) async throws -> [JSONValue] {
        var stream = try await MultisearchStream(port: port, target: target)
        return try await stream.rest()
    }

    @Test(
        "a bad parameter refuses the whole request with a sentence before anything is searched",
        arguments: [
            ("sources=nosuch", "unknown_source"), ("sources=wikipedia,wikipedia", "bad_sources"),
            ("sources=", "bad_sources"), ("sources=wikipedia,", "bad_sources"),
            ("sources=wikipedia,books,commons,flickr,wikipedia", "bad_sources"),
            ("sources=Wikipedia", "unknown_source"),
            ("q=%20", "bad_query"), ("lang=xx-nope", "bad_language"), ("limit=51", "bad_limit"),
        ])
    func badParameters(parameter: String, code: String) async throws {
        try await MultisearchHarness.run { app in
            let query = parameter.hasPrefix("q=") ? parameter : "q=hut&\(parameter)"
            let reply = try await RawHTTPConnection(port: app.port).get("/api/v1/multisearch?\(query)")
            #expect(reply.status == 400)
            #expect(reply.headers["Content-Type"] == "application/json")
            let error = try #require(try reply.json()["error"])
            #expect(error["code"] == .string(code))
            if parameter.hasPrefix("sources") {
                #expect(error["message"]?.stringValue?.contains("wikipedia, books, commons, flickr") == true)
            }
            #expect(app.upstreamRequests == 0)
        }
    }

    @Test("a multisearch costs its client one search per source asked (T12)")
    func costsOneSearchPerSource() async throws {
        try await MultisearchHarness.run(configure: {
            $0.clientBurst = 5
            $0.clientRequestsPerSecond = 1
        }) { app in
            let connection = try RawHTTPConnection(port: app.port)
            let three = "/api/v1/multisearch?q=hut&sources=wikipedia,commons,flickr"
            var first = try await MultisearchStream(port: app.port, target: three)
            #expect(first.status == 200)
            _ = try await first.rest()
            let refused = try await connection.get(three)
            #expect(refused.status == 429)
            #expect(refused.headers["Retry-After"] == "1")
            var two = try await MultisearchStream(
                port: app.port, target: "/api/v1/multisearch?q=hut&sources=wikipedia,commons")
            #expect(two.status == 200)
            _ = try await two.rest()
            #expect(try await connection.get("/api/v1/search?q=hut").status == 429)
        }
    }
}
