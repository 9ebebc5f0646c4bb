import Foundation
import HTTPServer
import ScoutServer
import ScoutTestSupport
import Testing

/// `/search` without JavaScript: the server renders the results page.
@Suite("Server-rendered results page", .timeLimit(.minutes(10)))
struct ResultsPageRouteTests {
    static let pages: [FakeWikipedia.Page] = [
        .init(pageID: 1, title: "Zürich", description: "Largest <b>city</b>"),
        .init(pageID: 2, title: "<script>alert(1)</script>", description: "\"><img src=x onerror=alert(1)>"),
    ]

    @Test("results, escaped, with the query kept in the form")
    func results() async throws {
        try await withScoutApp(pages: Self.pages) { _, _, port in
            let reply = try await RawHTTPConnection(port: port).get("/search?q=z%C3%BCr&source=wikipedia")
            #expect(reply.status == 200)
            #expect(reply.headers["Content-Type"] == "text/html; charset=utf-8")
            #expect(reply.text.contains("<mark>Zür</mark>ich"))
            #expect(reply.text.contains("Largest &lt;b&gt;city&lt;/b&gt;"))
            let hostile = try await RawHTTPConnection(port: port).get("/search?q=%3Cscript")
            #expect(hostile.text.contains("alert(1)&lt;/script&gt;"))
            #expect(hostile.text.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
            #expect(!hostile.text.contains("<script>alert(1)"))
            #expect(!hostile.text.contains("<img src=x"))
        }
    }

    @Test("an empty query is the start page; errors keep their status and sentence")
    func startAndErrors() async throws {
        try await withScoutApp(pages: Self.pages) { fake, _, port in
            #expect(try await RawHTTPConnection(port: port).get("/search").status == 200)
            let long = try await RawHTTPConnection(port: port).get("/search?q=\(String(repeating: "x", count: 300))")
            #expect(long.status == 400)
            #expect(long.text.contains("limit is 256"))
            fake.inject(.status(500))
            let failed = try await RawHTTPConnection(port: port).get("/search?q=zz")
            #expect(failed.status == 503)
            #expect(failed.text.contains("Wikipedia is unavailable right now."))
        }
    }
}
