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

    @Test(
        "source=all without JavaScript: a section per source offered, in the page's order, each with its rows or its sentence"
    )
    func allSections() async throws {
        try await withScoutApp(pages: Self.pages) { fake, _, port in
            let reply = try await RawHTTPConnection(port: port).get("/search?q=z%C3%BCr&source=all")
            #expect(reply.status == 200)
            let html = reply.text
            let sections = html.components(separatedBy: #"<section class="all-section" data-source=""#).dropFirst()
                .map { String($0.prefix { $0 != "\"" }) }
            #expect(sections.first == "wikipedia")
            #expect(sections == MultisearchOrder.expected(from: sections))
            #expect(html.contains(#"<h2 class="all-heading" id="all-heading-wikipedia">Wikipedia</h2>"#))
            #expect(html.contains("<mark>Zür</mark>ich"))
            // Wikipedia's section in the language of the page's menu (the server's default here).
            #expect(
                html.contains(
                    #"<a class="all-more" href="/search?q=z%C3%BCr&amp;source=wikipedia&amp;lang=en">More in Wikipedia →</a>"#
                ))
            // One source failing leaves the others' rows: its section says why.
            fake.inject(.status(500))
            let failed = try await RawHTTPConnection(port: port).get("/search?q=zz&source=all")
            #expect(failed.status == 200)
            #expect(failed.text.contains("Wikipedia is unavailable right now."))
            #expect(failed.text.contains(#"data-source="wikipedia""#))
        }
    }
}

/// The All tab's fixed order of sources: Wikipedia, Books, Commons, Flickr.
private enum MultisearchOrder {
    static let all = ["wikipedia", "books", "commons", "flickr"]

    /// `sources` sorted into that order (equal to `sources` when they already are in it).
    static func expected(from sources: [String]) -> [String] {
        sources.sorted { (all.firstIndex(of: $0) ?? all.count) < (all.firstIndex(of: $1) ?? all.count) }
    }
}
