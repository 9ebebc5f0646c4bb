import Foundation
import HTTPServer
import ScoutServer
import ScoutTestSupport
import Testing

/// SECURITY.md T19 for cursors: a cursor of `/api/v1/search` is one Scout's provider for that
/// source writes, or a 400 with a sentence before any search — no upstream call, no cache entry —
/// and two spellings of one position (leading zeros, the first page named) are one cache entry.
@Suite("Cursors are Scout's own (T19)", .timeLimit(.minutes(10)))
struct CursorIntegrityTests {
    static let bogus: [(source: String, cursor: String)] =
        [
            "junk", "prefix", "prefix:", "prefix:-1", "prefix:x", "prefix:1:2", "prefix:1e3", "prefix:10001",
            "text:1:a", "text:-3:", "text:1:2:3", "text:1:1..2",
            "text:1:\((1...51).map(String.init).joined(separator: "."))",
            "PREFIX:1", " prefix:1", "prefix:1 ", "prefix:\u{0661}", "x\u{0}", String(repeating: "9", count: 3000),
        ].map { ("wikipedia", $0) }
        + ["abc", "-1", "1.5", "+20", "20 ", "10001", "\u{FF12}\u{FF10}"].map { ("commons", $0) }
        + ["x", "0", "-2", "2.0", "4001", "99999999999999999999"].map { ("flickr", $0) }
        + ["abc", "1", "1.2.3", "-1.2", ".2", "1."].map { ("books", $0) }

    @Test(
        "a cursor no provider of Scout's writes is a 400 with a sentence: no search, no cache entry", arguments: bogus)
    func bogusCursorsAreRefused(source: String, cursor: String) async throws {
        try await withAllSources { fakes, port in
            let validator = try await SearchAPITests.validator(port: port)
            let reply = try await RawHTTPConnection(port: port).get(
                "/api/v1/search?source=\(source)&q=hut&cursor=\(encoded(cursor))")
            #expect(reply.status == 400)
            let body = try reply.json()
            #expect(validator.problems(body, schema: validator.schema("Error")) == [])
            #expect(body["error"]?["code"] == "bad_cursor")
            #expect(body["error"]?["message"]?.stringValue?.hasSuffix(".") == true)
            #expect(fakes.upstreamRequests == 0)
            let metrics = try await MetricsScrape.scrape(port: port)
            #expect(metrics["scout_search_cache_misses_total"] == 0)
        }
    }

    /// Spellings of one position, the first as the provider wrote it (or none: the first page).
    static let spellings: [(source: String, cursors: [String?])] = [
        ("wikipedia", [nil, "prefix:0", "prefix:000"]),
        ("wikipedia", ["prefix:2", "prefix:02", "prefix:0002"]),
        ("wikipedia", ["text:3:1.2", "text:3:2.1", "text:03:2.1.2", "text:3:01.2"]),
        ("wikipedia", ["text:3:", "text:3"]),
        ("commons", [nil, "0", "00"]),
        ("commons", ["20", "020"]),
        ("flickr", [nil, "1", "01"]),
        ("flickr", ["2", "002"]),
    ]

    @Test("two spellings of one cursor are one cache entry", arguments: spellings)
    func spellingsOfOneCursorShareAnEntry(source: String, cursors: [String?]) async throws {
        try await withAllSources { fakes, port in
            let connection = try RawHTTPConnection(port: port)
            for (index, cursor) in cursors.enumerated() {
                let reply = try await connection.get(
                    "/api/v1/search?source=\(source)&q=hut" + (cursor.map { "&cursor=\(encoded($0))" } ?? ""))
                #expect(reply.status == 200, "\(cursor ?? "no cursor")")
                #expect(try reply.json()["cached"] == .bool(index > 0), "\(cursor ?? "no cursor")")
            }
            #expect(fakes.upstreamRequests == 1)
        }
    }

    @Test("a book cursor spelled with leading zeros is the cursor the catalog wrote")
    func bookCursorSpellings() async throws {
        try await withAllSources { _, port in
            let connection = try RawHTTPConnection(port: port)
            let first = try await connection.get("/api/v1/search?source=books&q=h&limit=2").json()
            let next = try #require(first["next"]?.stringValue)
            let parts = next.split(separator: ".")
            let second = try await connection.get("/api/v1/search?source=books&q=h&limit=2&cursor=\(next)")
            #expect(try second.json()["cached"] == false)
            for spelling in ["0\(parts[0]).\(parts[1])", "\(parts[0]).00\(parts[1])"] {
                let again = try await connection.get("/api/v1/search?source=books&q=h&limit=2&cursor=\(spelling)")
                #expect(again.status == 200)
                #expect(try again.json()["cached"] == true, "\(spelling)")
                #expect(try again.json()["items"] == second.json()["items"])
            }
        }
    }

    /// The fakes behind every source, counted together.
    struct Fakes {
        let wikipedia: FakeWikipedia
        let commons: FakeCommons
        let flickr: FakeFlickr

        var upstreamRequests: Int { wikipedia.requests.count + commons.requests.count + flickr.requests.count }
    }

    /// Scout with Wikipedia, Commons and Flickr behind fakes (each with results for "hut") and a
    /// book catalog.
    func withAllSources(_ body: (Fakes, UInt16) async throws -> Void) async throws {
        let pages = (1...60).map { FakeWikipedia.Page(pageID: $0, title: "Hut \($0)") }
        try await withBookCatalog { store in
            try await withFakeCommons(files: PhotoFixtures.files(45)) { commons in
                try await withFakeFlickr(photos: PhotoFixtures.photos(45)) { flickr in
                    try await withScoutApp(
                        pages: pages, books: store,
                        configure: { $0.usePhotoFakes(commons: commons, flickr: flickr) }
                    ) { wikipedia, _, port in
                        try await body(Fakes(wikipedia: wikipedia, commons: commons, flickr: flickr), port)
                    }
                }
            }
        }
    }
}
