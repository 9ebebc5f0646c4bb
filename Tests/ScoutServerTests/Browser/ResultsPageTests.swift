import Foundation
import HTTPServer
import Localization
import ScoutServer
import Testing

/// The server-rendered results page (`GET /search`, the no-JavaScript path) and the escaping
/// it rests on (SECURITY.md T2).
@Suite("Results page rendered on the server", .timeLimit(.minutes(10)))
struct ResultsPageTests {
    static let wikipedia = PageSource(id: "wikipedia", name: "Wikipedia")

    @Test(
        "escape turns markup characters into references and keeps all other text",
        arguments: [
            ("", ""),
            ("Zürich 東京 🙂 e\u{301}", "Zürich 東京 🙂 e\u{301}"),
            ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
            (#"" onmouseover="alert(1)"#, "&quot; onmouseover=&quot;alert(1)"),
            ("' autofocus onfocus='x", "&#39; autofocus onfocus=&#39;x"),
            ("Tom & Jerry &amp; &#60;", "Tom &amp; Jerry &amp;amp; &amp;#60;"),
            ("a\u{0}b", "a\u{FFFD}b"),
        ])
    func escape(input: String, expected: String) {
        #expect(HTMLEscaping.escape(input) == expected)
    }

    @Test("escaped corpus text has no markup character left and reads back as the original")
    func escapeCorpus() throws {
        for payload in try Self.corpus() {
            let escaped = HTMLEscaping.escape(payload)
            #expect(!escaped.contains(where: { "<>\"'".contains($0) }), "\(payload)")
            let restored = escaped.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(
                of: "&gt;", with: ">"
            )
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
            #expect(restored == payload.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}"))
        }
    }

    @Test(
        "only absolute http(s) links with a host are links",
        arguments: [
            ("https://en.wikipedia.org/wiki/Z%C3%BCrich", true), ("http://127.0.0.1:8080/wiki/Oslo", true),
            ("HTTPS://EXAMPLE.ORG/x", true), ("javascript:alert(1)", false), ("JaVaScRiPt:alert(1)", false),
            (" javascript:alert(1)", false), ("jav\tascript:alert(1)", false), ("data:text/html,<script>", false),
            ("vbscript:msgbox(1)", false), ("//evil.example/x", false), ("/wiki/Relative", false),
            ("ftp://example.org/file", false), ("mailto:someone@example.org", false), ("https://", false),
            ("", false),
        ])
    func safeLink(link: String, isLink: Bool) {
        #expect((HTMLEscaping.safeLink(link) != nil) == isLink)
    }

    @Test(
        "thumbnails only from this server's paths or http(s)",
        arguments: [
            ("/img/wikipedia/abc123", true), ("https://upload.wikimedia.org/x.png", true), ("//evil.example/x", false),
            ("/\\evil.example/x", false), ("/img/a b", false), ("javascript:alert(1)", false),
            ("data:image/svg+xml,<svg onload=alert(1)>", false), ("img/relative", false),
        ])
    func safeImage(address: String, isAllowed: Bool) {
        #expect((HTMLEscaping.safeImageSource(address) != nil) == isAllowed)
    }

    @Test("query strings are percent-encoded (RFC 3986)")
    func queryEncoding() {
        #expect(
            HTMLEscaping.query([("q", "zür & co+1 #a"), ("source", "wikipedia")])
                == "q=z%C3%BCr%20%26%20co%2B1%20%23a&source=wikipedia")
        #expect(
            ResultsPage.searchPath(query: "a b", source: "wikipedia", cursor: "prefix:20")
                == "/search?q=a%20b&source=wikipedia&cursor=prefix%3A20")
    }

    @Test("a page of results: rows, highlight, links in new tabs, More results, tabs and the form")
    func results() throws {
        let items = [
            PageItem(
                id: "1", title: "Zürich", description: "Largest city in Switzerland",
                thumbnail: PageThumbnail(url: "/img/wikipedia/k1", width: 120, height: 90),
                link: "https://en.wikipedia.org/wiki/Z%C3%BCrich"),
            PageItem(
                id: "2", title: "University of Zürich", description: nil, thumbnail: nil,
                link: "https://en.wikipedia.org/wiki/University_of_Z%C3%BCrich"),
        ]
        let sources = [
            Self.wikipedia,
            PageSource(
                id: "flickr", name: "Flickr", isConfigured: false, message: "Set FLICKR_API_KEY to search Flickr."),
        ]
        let html = ResultsPage.render(
            query: "zür", source: "wikipedia", sources: sources,
            outcome: .results(items: items, next: "prefix:20", suggestion: nil))
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(html.contains("<title>zür – Scout</title>"))
        #expect(
            html.contains(#"<input class="field-input" id="q" name="q" type="text" inputmode="search" value="zür""#))
        #expect(
            html.contains(
                #"<label class="field-icon" for="q"><span class="field-label visually-hidden">Search Wikipedia</span></label>"#
            ), "the field's label is the visible magnifier, naming the source")
        #expect(html.contains(#"<h1 class="brand-heading">"#), "the page has a level-one heading")
        #expect(html.contains(#"<div class="tabs" id="tabs" role="group" aria-label="Sources">"#))
        #expect(html.contains(#"<input type="hidden" id="source" name="source" value="wikipedia">"#))
        #expect(html.contains(#"<form class="search" id="search-form" action="/search" method="get" role="search">"#))
        #expect(html.contains(#"<span class="result-title"><mark>Zür</mark>ich</span>"#))
        #expect(html.contains(#"<span class="result-title">University of <mark>Zür</mark>ich</span>"#))
        #expect(html.contains(#"<span class="result-description">Largest city in Switzerland</span>"#))
        #expect(
            html.contains(
                #"<a class="result-link" href="https://en.wikipedia.org/wiki/Z%C3%BCrich" target="_blank" rel="noopener noreferrer">"#
            ))
        #expect(
            html.contains(
                #"<img class="thumb-image" src="/img/wikipedia/k1" alt="" loading="lazy" decoding="async" width="120" height="90">"#
            ))
        #expect(html.contains(#"<span class="thumb" aria-hidden="true">U</span>"#), "placeholder with the initial")
        #expect(
            html.contains(
                #"<a class="button more-link" href="/search?q=z%C3%BCr&amp;source=wikipedia&amp;cursor=prefix%3A20">More results</a>"#
            ))
        #expect(
            html.contains(
                #"<a class="tab" href="/search?q=z%C3%BCr&amp;source=wikipedia" aria-current="page">Wikipedia</a>"#))
        #expect(
            html.contains(
                #"<span class="tab" aria-disabled="true" title="Set FLICKR_API_KEY to search Flickr.">Flickr</span>"#))
        #expect(html.contains("2+ results for <strong>zür</strong> in Wikipedia"))
        #expect(html.contains(#"data-view="results""#))
        try Self.expectOnlyOwnMarkup(html)
    }

    @Test("no results: the suggestion is a link that searches it")
    func emptyWithSuggestion() throws {
        let html = ResultsPage.render(
            query: "zurik", source: "wikipedia", sources: [Self.wikipedia],
            outcome: .results(items: [], next: nil, suggestion: "zurich"))
        #expect(html.contains("No results for <q>zurik</q>"))
        #expect(
            html.contains(
                #"Did you mean <a class="suggestion" href="/search?q=zurich&amp;source=wikipedia">zurich</a>?"#))
        #expect(html.contains(#"data-view="empty""#))
        #expect(!html.contains("more-link"))
        try Self.expectOnlyOwnMarkup(html)
    }

    @Test("a failure names the source, shows the API's sentence and offers Retry")
    func failure() throws {
        let html = ResultsPage.render(
            query: "oslo", source: "wikipedia", sources: [Self.wikipedia],
            outcome: .failure(message: "Wikipedia did not answer within 3 s.", retryAfter: 7))
        #expect(html.contains(#"<p class="notice-title">Wikipedia did not answer</p>"#))
        #expect(html.contains("Wikipedia did not answer within 3 s. Try again in 7 s."))
        #expect(
            html.contains(
                #"<a class="button button--primary retry" href="/search?q=oslo&amp;source=wikipedia">Retry</a>"#))
        #expect(html.contains(#"data-view="error""#))
        try Self.expectOnlyOwnMarkup(html)
    }

    @Test("the bare form: no status, no rows, titled Scout")
    func start() throws {
        let html = ResultsPage.render(query: "", source: "wikipedia", sources: [Self.wikipedia], outcome: .start)
        #expect(html.contains("<title>Scout</title>"))
        #expect(html.contains(#"<div class="status" id="status" role="status" aria-live="polite"></div>"#))
        #expect(html.contains(#"<ul class="result-list" id="result-list"></ul>"#))
        try Self.expectOnlyOwnMarkup(html)
    }

    @Test("the XSS corpus as titles, descriptions, links, thumbnails, query, source and messages adds no markup")
    func corpus() throws {
        let payloads = try Self.corpus()
        let items = payloads.enumerated().map { index, payload in
            PageItem(
                id: "\(index)\(payload)", title: "xss \(payload)", description: payload,
                thumbnail: PageThumbnail(url: payload, width: 120, height: 90), link: payload)
        }
        let sources = payloads.prefix(5).map { PageSource(id: $0, name: $0, isConfigured: false, message: $0) }
        for payload in payloads {
            for outcome in [
                PageOutcome.results(items: items, next: payload, suggestion: payload),
                .results(items: [], next: nil, suggestion: payload), .failure(message: payload, retryAfter: nil),
            ] {
                let html = ResultsPage.render(query: payload, source: payload, sources: sources, outcome: outcome)
                try Self.expectOnlyOwnMarkup(html, context: payload)
            }
        }
        // Shown as text: the payload appears escaped, once per field that carries it.
        let html = ResultsPage.render(
            query: "xss", source: "wikipedia", sources: [Self.wikipedia],
            outcome: .results(items: items, next: nil, suggestion: nil))
        for payload in payloads {
            #expect(html.contains(#"<span class="result-description">\#(HTMLEscaping.escape(payload))</span>"#))
        }
    }

    @Test("index.html and the rendered page load the same stylesheet, script and icon")
    func sameShell() throws {
        let index = ScoutApp.indexHTML(in: .english)
        let rendered = ResultsPage.render(query: "", source: "wikipedia", sources: [], outcome: .start)
        let references = { (html: String) throws -> Set<String> in
            Set(
                try HTMLScanner.tags(in: html).filter { ["link", "script", "img"].contains($0.name) }
                    .compactMap { $0.value(of: "href") ?? $0.value(of: "src") })
        }
        #expect(try references(index) == references(rendered))
        let ids = { (html: String) throws -> Set<String> in
            Set(try HTMLScanner.tags(in: html).compactMap { $0.value(of: "id") })
        }
        #expect(try ids(index).isSubset(of: ids(rendered)), "the script finds every element it needs on both")
    }

    // MARK: - Helpers

    static func corpus() throws -> [String] {
        struct Corpus: Decodable { let payloads: [String] }
        return try JSONDecoder().decode(Corpus.self, from: Data(contentsOf: BrowserEnvironment.corpus)).payloads
    }

    /// Tags and attributes the renderer writes; anything else came from the data.
    static let ownTags: Set<String> = [
        "!doctype", "html", "/html", "head", "/head", "meta", "title", "/title", "link", "script", "/script", "body",
        "/body", "a", "/a", "header", "/header", "img", "span", "/span", "p", "/p", "main", "/main", "form", "/form",
        "label", "/label", "div", "/div", "input", "kbd", "/kbd", "button", "/button", "section", "/section", "aside",
        "/aside", "h1", "/h1", "h2",
        "/h2", "ul", "/ul", "li", "/li", "mark", "/mark", "strong", "/strong", "q", "/q", "footer", "/footer", "nav",
        "/nav",
    ]
    static let ownAttributes: Set<String> = [
        "html", "lang", "charset", "name", "content", "rel", "href", "type", "src", "defer", "class", "alt", "width",
        "height", "id", "action", "method", "role", "for", "aria-hidden", "value", "placeholder", "autocomplete",
        "autocapitalize", "spellcheck", "maxlength", "enterkeyhint", "inputmode", "hidden", "aria-label",
        "aria-current", "aria-disabled", "title", "aria-live", "aria-labelledby", "data-view", "target", "loading",
        "decoding", "hreflang",
    ]

    /// Every tag and attribute is one the renderer writes, with one script (app.js), and every
    /// link or image address is same-origin or http(s).
    static func expectOnlyOwnMarkup(_ html: String, context: String = "") throws {
        let tags = try HTMLScanner.tags(in: html)
        for tag in tags {
            #expect(ownTags.contains(tag.name), "injected <\(tag.name)> for \(context)")
            for attribute in tag.attributes {
                #expect(ownAttributes.contains(attribute.name), "injected \(attribute.name)= for \(context)")
                if ["href", "src", "action"].contains(attribute.name) {
                    let value = attribute.value
                    let isSafe =
                        (value.hasPrefix("/") && !value.hasPrefix("//")) || value.hasPrefix("#")
                        || value.hasPrefix("https://") || value.hasPrefix("http://")
                    #expect(isSafe, "\(attribute.name)=\(value) for \(context)")
                }
            }
        }
        // One script that runs (app.js) and the data block of its texts, which never runs.
        #expect(tags.filter { $0.name == "script" }.map { $0.value(of: "src") } == ["/static/app.js", nil])
        #expect(
            tags.filter { $0.name == "script" && $0.value(of: "src") == nil }.map { $0.value(of: "type") } == [
                "application/json"
            ])
    }
}
