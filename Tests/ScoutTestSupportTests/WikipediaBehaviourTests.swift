import Foundation
import HTTPServer
import ScoutTestSupport
import Testing

@Suite("FakeWikipedia behaviour", .timeLimit(.minutes(10)))
struct WikipediaBehaviourTests {
    static let cities: [FakeWikipedia.Page] = [
        .init(
            pageID: 36_800, title: "Zürich", description: "largest city in Switzerland",
            thumbnail: .init(
                source: "https://upload.wikimedia.org/wikipedia/commons/a/ab/Zurich_skyline.jpg", width: 2400,
                height: 1600),
            redirects: ["Zurich", "Zuerich"], extract: "Zürich is the largest city in Switzerland."),
        .init(
            pageID: 1_200, title: "Zurbarán", description: "Spanish painter",
            thumbnail: .init(
                source: "https://upload.wikimedia.org/wikipedia/commons/thumb/1/1f/Zurbaran.svg/250px-Zurbaran.svg.png",
                width: 250, height: 300),
            extract: "Francisco de Zurbarán was a Spanish painter."),
        .init(pageID: 5, title: "Züri West", extract: "Züri West is a Swiss rock band from Bern."),
    ]

    static func numbered(_ count: Int) -> [FakeWikipedia.Page] {
        (1...count).map { .init(pageID: 1_000 - $0, title: String(format: "Page %02d", $0), extract: "numbered page") }
    }

    func get(_ fake: FakeWikipedia, _ parameters: KeyValuePairs<String, String>) async throws -> JSONValue {
        try await HTTPClient.get(HTTPClient.url(fake.baseURL, parameters)).json()
    }

    func prefix(_ fake: FakeWikipedia, _ search: String, extra: KeyValuePairs<String, String> = [:]) async throws
        -> JSONValue
    {
        var query = [
            "action=query", "format=json", "formatversion=2", "generator=prefixsearch",
            "gpssearch=\(HTTPClient.encode(search))", "prop=description%7Cpageimages%7Cpageterms", "redirects=1",
        ]
        query += extra.map { "\($0.key)=\(HTTPClient.encode($0.value))" }
        return try await HTTPClient.get(HTTPClient.url(fake.baseURL, query: query.joined(separator: "&"))).json()
    }

    @Test("prefix search ignores case and diacritics", arguments: ["zur", "ZÜR", "Zür", "zu", "zuri"])
    func foldedPrefix(search: String) async throws {
        try await withFakeWikipedia(pages: Self.cities) { fake throws in
            let reply = try await prefix(fake, search)
            let titles = SampleSeeds.titlesByIndex(reply)
            #expect(titles.first == "Zürich")
            if search.count >= 3, search.lowercased() != "zuri" { #expect(titles.contains("Zurbarán")) }
            if search.lowercased() == "zuri" { #expect(titles == ["Zürich", "Züri West"]) }
        }
    }

    @Test("pages come in page-id order with index as the rank")
    func pageIDOrder() async throws {
        try await withFakeWikipedia(pages: Self.cities) { fake throws in
            let reply = try await prefix(fake, "zu")
            let pages = reply["query"]?["pages"]?.arrayValue ?? []
            #expect(pages.compactMap { $0["pageid"]?.numberValue } == [5, 1_200, 36_800])
            #expect(SampleSeeds.titlesByIndex(reply) == ["Zürich", "Zurbarán", "Züri West"])
            #expect(pages.compactMap { $0["index"]?.numberValue }.sorted() == [1, 2, 3])
        }
    }

    @Test("gpslimit and gpsoffset page through results with continue, indexes counting on")
    func paging() async throws {
        try await withFakeWikipedia(pages: Self.numbered(25)) { fake throws in
            let first = try await prefix(fake, "page")
            #expect(SampleSeeds.titlesByIndex(first) == (1...10).map { String(format: "Page %02d", $0) })
            #expect(first["continue"] == ["gpsoffset": 10, "continue": "gpsoffset||"])
            let last = try await prefix(fake, "page", extra: ["gpsoffset": "20", "gpslimit": "10"])
            #expect(SampleSeeds.titlesByIndex(last) == (21...25).map { String(format: "Page %02d", $0) })
            let indexes = SampleSeeds.pageObjects(last).compactMap { $0["index"]?.numberValue }
            #expect(indexes == [21, 22, 23, 24, 25])
            #expect(last["continue"] == nil)
            #expect(last["batchcomplete"] == true)
        }
    }

    @Test("gpslimit=max reports the limit; a limit over the maximum is clamped with a warning")
    func limits() async throws {
        try await withFakeWikipedia(pages: Self.numbered(3)) { fake throws in
            let max = try await prefix(fake, "page", extra: ["gpslimit": "max"])
            #expect(max["limits"]?["prefixsearch"] == 500)
            let over = try await prefix(fake, "page", extra: ["gpslimit": "501"])
            let warning = over["warnings"]?["prefixsearch"]?["warnings"]?.stringValue ?? ""
            #expect(warning.contains("gpslimit"))
            #expect(SampleSeeds.titlesByIndex(over).count == 3)
        }
    }

    @Test("a title reached through a redirect is resolved and listed under redirects")
    func redirects() async throws {
        try await withFakeWikipedia(pages: Self.cities) { fake throws in
            let resolved = try await prefix(fake, "zuer")
            #expect(SampleSeeds.titlesByIndex(resolved) == ["Zürich"])
            #expect(resolved["query"]?["redirects"] == [["index": 1, "from": "Zuerich", "to": "Zürich"]])

            // Without `redirects` the result is the redirect page itself, as on the real API.
            let raw = try await get(
                fake,
                [
                    "action": "query", "format": "json", "formatversion": "2", "generator": "prefixsearch",
                    "gpssearch": "zuer", "prop": "description",
                ])
            let page = try #require(raw["query"]?["pages"]?[0])
            #expect(page["title"] == "Zuerich")
            #expect(page["description"] == nil)
            #expect(raw["query"]?["redirects"] == nil)

            let titles = try await get(
                fake,
                [
                    "action": "query", "format": "json", "formatversion": "2", "titles": "zurich|Nowhere",
                    "redirects": "", "prop": "description",
                ])
            #expect(titles["query"]?["normalized"] == [["from": "zurich", "to": "Zurich"]])
            #expect(titles["query"]?["redirects"] == [["from": "Zurich", "to": "Zürich"]])
            let pages = titles["query"]?["pages"]?.arrayValue ?? []
            #expect(pages.contains { $0["title"] == "Nowhere" && $0["missing"] == true })
            #expect(pages.contains { $0["title"] == "Zürich" && $0["description"] == "largest city in Switzerland" })
        }
    }

    @Test("pageimages scales the width to pithumbsize keeping the aspect ratio, never up")
    func thumbnails() async throws {
        try await withFakeWikipedia(pages: Self.cities) { fake throws in
            let reply = try await prefix(
                fake, "zur", extra: ["pithumbsize": "320", "piprop": "thumbnail|name|original"])
            let pages = SampleSeeds.pageObjects(reply)
            let zurich = try #require(pages.first)
            #expect(
                zurich["thumbnail"] == [
                    "source":
                        "https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/Zurich_skyline.jpg/320px-Zurich_skyline.jpg",
                    "width": 320, "height": 213,
                ])
            #expect(zurich["pageimage"] == "Zurich_skyline.jpg")
            #expect(zurich["original"]?["width"] == 2400)
            let painter = try #require(pages.dropFirst().first)
            #expect(painter["thumbnail"]?["width"] == 250)
            #expect(painter["thumbnail"]?["height"] == 300)
            let small = try await prefix(fake, "zurb", extra: ["pithumbsize": "100"])
            #expect(
                SampleSeeds.pageObjects(small).first?["thumbnail"] == [
                    "source":
                        "https://upload.wikimedia.org/wikipedia/commons/thumb/1/1f/Zurbaran.svg/100px-Zurbaran.svg.png",
                    "width": 100, "height": 120,
                ])
            let defaults = try await prefix(fake, "zür")
            #expect(SampleSeeds.pageObjects(defaults).first?["thumbnail"]?["width"] == 50)
        }
    }

    @Test("pilimit caps the pages that get images and continues with picontinue")
    func imageLimit() async throws {
        let pages = (1...4).map {
            FakeWikipedia.Page(
                pageID: $0, title: "Photo \($0)",
                thumbnail: .init(
                    source: "https://upload.wikimedia.org/wikipedia/commons/1/12/P\($0).jpg", width: 800, height: 600))
        }
        try await withFakeWikipedia(pages: pages) { fake throws in
            let reply = try await prefix(fake, "photo", extra: ["pilimit": "2"])
            #expect(reply["batchcomplete"] == nil)
            #expect(reply["continue"]?["picontinue"] == 2)
            #expect(SampleSeeds.pageObjects(reply).filter { $0["thumbnail"] != nil }.count == 2)
        }
    }

    @Test("generator=search needs every word, ignores case and diacritics, honours -exclusions")
    func fullText() async throws {
        try await withFakeWikipedia(pages: Self.cities) { fake throws in
            func titles(_ search: String) async throws -> [String] {
                SampleSeeds.titlesByIndex(
                    try await get(
                        fake,
                        [
                            "action": "query", "format": "json", "formatversion": "2", "generator": "search",
                            "gsrsearch": search,
                        ]))
            }
            #expect(try await titles("SPANISH painter") == ["Zurbarán"])
            #expect(try await titles("zurbaran") == ["Zurbarán"])
            #expect(try await titles("switzerland") == ["Zürich"])
            #expect(try await titles("swiss -bern") == [])
            #expect(try await titles("swiss") == ["Züri West"])
            #expect(try await titles("painter switzerland") == [])
        }
    }

    @Test("list=search reports totalhits, the configured suggestion and snippets; rewrites on request")
    func listSearch() async throws {
        try await withFakeWikipedia(pages: Self.cities, suggestions: ["zurik": "zurich"]) { fake throws in
            let reply = try await get(
                fake,
                [
                    "action": "query", "format": "json", "formatversion": "2", "list": "search", "srsearch": "zurik",
                    "srinfo": "suggestion|totalhits",
                ])
            #expect(
                reply["query"]?["searchinfo"] == [
                    "totalhits": 0, "suggestion": "zurich", "suggestionsnippet": "zurich",
                ])
            #expect(reply["query"]?["search"] == [])
            let rewritten = try await get(
                fake,
                [
                    "action": "query", "format": "json", "formatversion": "2", "list": "search", "srsearch": "zurik",
                    "srenablerewrites": "1", "srprop": "snippet",
                ])
            #expect(rewritten["query"]?["searchinfo"]?["rewrittenquery"] == "zurich")
            #expect(rewritten["query"]?["search"]?[0]?["title"] == "Zürich")
            #expect(
                rewritten["query"]?["search"]?[0]?["snippet"]
                    == #"<span class="searchmatch">Zürich</span> is the largest city in Switzerland."#)
        }
    }

    @Test("generator=search reports searchinfo too (gsrinfo), and list=search hits carry page ids")
    func fullTextInfoAndHits() async throws {
        try await withFakeWikipedia(pages: Self.cities, suggestions: ["zurik": "zurich"]) { fake throws in
            let generated = try await get(
                fake,
                [
                    "action": "query", "format": "json", "formatversion": "2", "generator": "search",
                    "gsrsearch": "zurik", "gsrinfo": "totalhits|suggestion", "gsrenablerewrites": "1",
                ])
            #expect(
                generated["query"]?["searchinfo"] == [
                    "totalhits": 1, "suggestion": "zurich", "suggestionsnippet": "zurich",
                ])
            #expect(SampleSeeds.titlesByIndex(generated) == ["Zürich"])
            let silent = try await get(
                fake,
                [
                    "action": "query", "format": "json", "formatversion": "2", "generator": "search",
                    "gsrsearch": "switzerland", "gsrinfo": "",
                ])
            #expect(silent["query"]?["searchinfo"] == nil)
            let listed = try await get(
                fake,
                [
                    "action": "query", "format": "json", "formatversion": "2", "list": "search",
                    "srsearch": "switzerland", "srprop": "",
                ])
            #expect(listed["query"]?["search"] == [["ns": 0, "title": "Zürich", "pageid": 36_800]])
        }
    }

    @Test("missing, malformed and unknown parameters give MediaWiki's errors in both shapes")
    func errors() async throws {
        try await withFakeWikipedia { fake throws in
            let missing = try await get(
                fake,
                [
                    "action": "query", "format": "json", "formatversion": "2", "generator": "prefixsearch",
                ])
            #expect(missing["error"]?["code"] == "missingparam")
            #expect(missing["error"]?["info"] == #"The "gpssearch" parameter must be set."#)
            #expect(missing["error"]?["docref"]?.stringValue?.hasPrefix("See http://127.0.0.1:") == true)
            #expect(missing["servedby"] != nil)

            let plain = try await get(
                fake,
                [
                    "action": "query", "format": "json", "list": "search", "srsearch": "", "errorformat": "plaintext",
                ])
            #expect(
                plain["errors"] == [
                    [
                        "code": "missingparam", "text": #"The "srsearch" parameter must be set."#,
                        "module": "query+search",
                    ]
                ])

            let badInteger = try await get(
                fake,
                [
                    "action": "query", "format": "json", "generator": "prefixsearch", "gpssearch": "a",
                    "gpsoffset": "x",
                ])
            #expect(badInteger["error"]?["code"] == "badinteger")
            #expect(badInteger["error"]?["*"] != nil)

            let badGenerator = try await get(fake, ["action": "query", "format": "json", "generator": "allpages"])
            #expect(badGenerator["error"]?["info"] == #"Unrecognized value for parameter "generator": allpages."#)
        }
    }

    @Test("formatversion=1 escapes non-ASCII unless utf8 is set; 2 sends UTF-8")
    func escaping() async throws {
        try await withFakeWikipedia(pages: Self.cities) { fake throws in
            func body(_ extra: String) async throws -> String {
                try await HTTPClient.get(
                    HTTPClient.url(
                        fake.baseURL,
                        query:
                            "action=query&format=json&titles=Z%C3%BCrich" + extra)
                ).text
            }
            #expect(try await body("").contains(#"Z\u00fcrich"#))
            #expect(try await body("&utf8=1").contains("Zürich"))
            #expect(try await body("&formatversion=2").contains("Zürich"))
            #expect(try await body("&formatversion=2&ascii=1").contains(#"Z\u00fcrich"#))
        }
    }

    @Test("without format=json the API answers HTML (jsonfm), as the real one does")
    func defaultFormat() async throws {
        try await withFakeWikipedia(pages: Self.cities) { fake throws in
            let reply = try await HTTPClient.get(HTTPClient.url(fake.baseURL, ["action": "query", "titles": "Zürich"]))
            #expect(reply.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(throws: (any Error).self) { try reply.json() }
        }
    }

    @Test("POSTed forms are read like query strings; other paths are 404")
    func postAndPaths() async throws {
        try await withFakeWikipedia(pages: Self.cities) { fake throws in
            let body = Data("action=query&format=json&formatversion=2&generator=prefixsearch&gpssearch=z%C3%BCr".utf8)
            let posted = try await HTTPClient.get(
                fake.baseURL, method: "POST", body: body, contentType: "application/x-www-form-urlencoded")
            #expect(SampleSeeds.titlesByIndex(try posted.json()).first == "Zürich")
            let elsewhere = try await HTTPClient.get(URL(string: "http://127.0.0.1:\(fake.port)/wiki/Z%C3%BCrich")!)
            #expect(elsewhere.status == 404)
        }
    }

    @Test("pages and suggestions can change while the fake runs")
    func liveChanges() async throws {
        try await withFakeWikipedia { fake throws in
            #expect(try await prefix(fake, "zur")["query"] == nil)
            fake.pages = Self.cities
            fake.add(.init(pageID: 77, title: "Zurich Insurance Group"))
            #expect(
                SampleSeeds.titlesByIndex(try await prefix(fake, "zurich")) == ["Zürich", "Zurich Insurance Group"])
            #expect(fake.baseURL.absoluteString == "http://127.0.0.1:\(fake.port)/w/api.php")
        }
    }
}
