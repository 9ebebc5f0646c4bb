import Foundation
import HTTPServer
import ScoutTestSupport
import Testing

/// Each test reads a captured Wikipedia reply from ../shared/fixtures/wikipedia, seeds the fake
/// with its pages, sends the same kind of request, and compares the JSON shape of the fake's
/// reply with the capture (plus key values). Skipped without ../shared, failed under CI.
@Suite("FakeWikipedia vs captured replies (reads ../shared)", .timeLimit(.minutes(10)))
struct WikipediaSampleShapeTests {
    /// Paths in captures that exist only because their request asked for modules the fake does
    /// not model (`prop=revisions|pageprops|coordinates`); the fake accepts and ignores those.
    static let unmodelledProps: Set<String> = [
        "$.query.pages[].revisions", "$.query.pages[].pageprops", "$.query.pages[].coordinates",
    ]

    func sample(_ name: String) throws -> JSONValue {
        try SharedFixtures.json("fixtures/wikipedia/\(name)")
    }

    func query(_ fake: FakeWikipedia, _ parameters: KeyValuePairs<String, String>) async throws -> JSONValue {
        let reply = try await HTTPClient.get(HTTPClient.url(fake.baseURL, parameters))
        #expect(reply.status == 200)
        return try reply.json()
    }

    func expectShape(
        _ reply: JSONValue, matches sample: JSONValue, ignoring: Set<String> = [],
        adjust: (JSONShape) -> JSONShape = { $0 }, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let expected = adjust(JSONShape(sample).removing(ignoring))
        let actual = JSONShape(reply).removing(ignoring)
        #expect(
            actual == expected, "shape differs:\n\(actual.difference(from: expected).joined(separator: "\n"))",
            sourceLocation: sourceLocation)
    }

    @Test(
        "prefixsearch, formatversion=2, description + pageimages, list=search riding along (ios_ArticleSearchPrefix_fv2, reads ../shared)",
        .enabled(if: Requirement.sharedFixtures.mayRun, Comment(rawValue: Requirement.sharedFixtures.skipReason)))
    func prefixSearchFormatVersion2() async throws {
        let sample = try sample("ios_ArticleSearchPrefix_fv2.json")
        var pages = SampleSeeds.pages(from: sample, extract: "Barack")
        pages.append(.init(pageID: 99_000_001, title: "Barack (given name)", extract: "Barack"))
        try await withFakeWikipedia(pages: pages, suggestions: ["Barack": "barracks"]) { fake throws in
            let reply = try await query(
                fake,
                [
                    "action": "query", "format": "json", "formatversion": "2", "generator": "prefixsearch",
                    "gpssearch": "Barack", "gpsnamespace": "0", "gpslimit": "6",
                    "prop": "description|pageimages|revisions|pageprops|coordinates", "piprop": "thumbnail",
                    "pithumbsize": "320", "pilimit": "6", "rvprop": "ids", "ppprop": "displaytitle", "redirects": "1",
                    "list": "search", "srsearch": "Barack", "srnamespace": "0", "srwhat": "text",
                    "srinfo": "suggestion", "srprop": "", "sroffset": "0", "srlimit": "1",
                ])
            expectShape(reply, matches: sample, ignoring: Self.unmodelledProps)
            #expect(SampleSeeds.titlesByIndex(reply) == SampleSeeds.titlesByIndex(sample))
            #expect(reply["continue"]?["gpsoffset"] == 6)
            #expect(reply["continue"]?["sroffset"] == 1)
            #expect(reply["continue"]?["continue"] == "gpsoffset||")
            #expect(reply["batchcomplete"] == true)
            #expect(reply["query"]?["searchinfo"]?["suggestion"] == "barracks")
            #expect(reply["query"]?["redirects"]?[0]?["from"] == "Barack Hussein Obama")
            for page in reply["query"]?["pages"]?.arrayValue ?? [] {
                #expect((page["thumbnail"]?["width"]?.numberValue ?? 0) <= 320)
            }
        }
    }

    @Test(
        "prefixsearch, formatversion=2, pageterms + pageimages, redirects, list=search (android_prefix_search_results, reads ../shared)",
        .enabled(if: Requirement.sharedFixtures.mayRun, Comment(rawValue: Requirement.sharedFixtures.skipReason)))
    func prefixSearchAndroid() async throws {
        let sample = try sample("android_prefix_search_results.json")
        var pages = SampleSeeds.pages(from: sample, extract: "Aba")
        pages.append(.init(pageID: 99_000_002, title: "Abaxx", extract: "Aba"))
        try await withFakeWikipedia(pages: pages, suggestions: ["Aba": "ababa"]) { fake throws in
            let reply = try await query(fake, Self.androidPrefixRequest(search: "Aba"))
            // The 2017 capture predates `pageid` in list=search results; today's API (and so
            // the fake) sends it, as ios_ArticleSearchPrefix_fv2.json shows.
            expectShape(reply, matches: sample) { $0.setting("$.query.search[].pageid", to: ["number"]) }
            #expect(SampleSeeds.titlesByIndex(reply) == SampleSeeds.titlesByIndex(sample))
            #expect(reply["continue"]?["gpsoffset"] == 20)
            let redirects = reply["query"]?["redirects"]?.arrayValue ?? []
            #expect(redirects.map { $0["from"]?.stringValue ?? "" } == ["Abama", "Abamax"])
            #expect(redirects.map { $0["index"]?.numberValue ?? 0 } == [1, 2])
            for page in reply["query"]?["pages"]?.arrayValue ?? [] {
                #expect((page["thumbnail"]?["width"]?.numberValue ?? 0) <= 320)
            }
        }
    }

    static func androidPrefixRequest(search: String) -> KeyValuePairs<String, String> {
        [
            "action": "query", "format": "json", "formatversion": "2", "redirects": "true",
            "prop": "pageterms|pageimages", "wbptterms": "description", "piprop": "thumbnail", "pilicense": "any",
            "generator": "prefixsearch", "gpsnamespace": "0", "list": "search", "srnamespace": "0",
            "srwhat": "text", "srinfo": "suggestion", "srprop": "", "sroffset": "0", "srlimit": "1",
            "gpslimit": "20", "pithumbsize": "320", "gpssearch": search, "srsearch": search,
        ]
    }

    @Test(
        "prefixsearch with no match and list=search riding along (android_prefix_search_results_empty, reads ../shared)",
        .enabled(if: Requirement.sharedFixtures.mayRun, Comment(rawValue: Requirement.sharedFixtures.skipReason)))
    func prefixSearchEmpty() async throws {
        let sample = try sample("android_prefix_search_results_empty.json")
        try await withFakeWikipedia(pages: [.init(pageID: 1, title: "Abacus", extract: "counting frame")]) {
            fake throws in
            let reply = try await query(fake, Self.androidPrefixRequest(search: "qmxjsudek"))
            expectShape(reply, matches: sample)
            #expect(reply["query"]?["search"] == [])
            #expect(reply["query"]?["pages"] == nil)
        }
    }

    @Test(
        "prefixsearch alone with no match has no query member (constructed_prefixsearch_fv2_no_results, reads ../shared)",
        .enabled(if: Requirement.sharedFixtures.mayRun, Comment(rawValue: Requirement.sharedFixtures.skipReason)))
    func prefixSearchNoResults() async throws {
        let sample = try sample("constructed_prefixsearch_fv2_no_results.json")
        try await withFakeWikipedia(pages: [.init(pageID: 1, title: "Abacus")]) { fake throws in
            let reply = try await query(
                fake,
                [
                    "action": "query", "format": "json", "formatversion": "2", "generator": "prefixsearch",
                    "gpssearch": "qmxjsudek", "prop": "description|pageimages",
                ])
            expectShape(reply, matches: sample)
            #expect(reply == sample)
        }
    }

    @Test(
        "prefixsearch, formatversion=1, pages keyed by id (ios_BarackSearch_fv1, reads ../shared)",
        .enabled(if: Requirement.sharedFixtures.mayRun, Comment(rawValue: Requirement.sharedFixtures.skipReason)))
    func prefixSearchFormatVersion1() async throws {
        let sample = try sample("ios_BarackSearch_fv1.json")
        var pages = SampleSeeds.pages(from: sample, extract: "Barc")
        pages.append(.init(pageID: 99_000_003, title: "Barcxx", extract: "Barc"))
        try await withFakeWikipedia(pages: pages) { fake throws in
            let reply = try await query(
                fake,
                [
                    "action": "query", "format": "json", "generator": "prefixsearch", "gpssearch": "Barc",
                    "gpsnamespace": "0", "gpslimit": "24", "prop": "pageterms|pageimages", "wbptterms": "description",
                    "piprop": "thumbnail", "pithumbsize": "140", "pilimit": "24", "redirects": "", "list": "search",
                    "srsearch": "Barc", "srnamespace": "0", "srwhat": "text", "srinfo": "suggestion", "srprop": "",
                    "sroffset": "0", "srlimit": "1",
                ])
            // The capture predates `pageid` in list=search results (see prefixSearchAndroid).
            expectShape(reply, matches: sample) { $0.setting("$.query.search[].pageid", to: ["number"]) }
            #expect(SampleSeeds.titlesByIndex(reply) == SampleSeeds.titlesByIndex(sample))
            #expect(reply["batchcomplete"] == "")
            #expect(reply["query"]?["pages"]?["534366"]?["title"] == "Barack Obama")
            #expect(reply["query"]?["pages"]?["534366"]?["index"] == 15)
            for page in reply["query"]?["pages"]?.objectValue?.values.map({ $0 }) ?? [] {
                #expect((page["thumbnail"]?["width"]?.numberValue ?? 0) <= 140)
            }
        }
    }

    @Test(
        "prefixsearch, formatversion=1, pilimit=max reports limits (ios_DogSearchResults_fv1, reads ../shared)",
        .enabled(if: Requirement.sharedFixtures.mayRun, Comment(rawValue: Requirement.sharedFixtures.skipReason)))
    func prefixSearchDog() async throws {
        let sample = try sample("ios_DogSearchResults_fv1.json")
        try await withFakeWikipedia(pages: SampleSeeds.pages(from: sample)) { fake throws in
            let reply = try await query(
                fake,
                [
                    "action": "query", "format": "json", "generator": "prefixsearch", "gpssearch": "dog",
                    "gpslimit": "1", "prop": "pageimages|pageterms", "piprop": "thumbnail", "pithumbsize": "320",
                    "pilimit": "max", "wbptterms": "description", "redirects": "1",
                ])
            expectShape(reply, matches: sample)
            #expect(reply["limits"]?["pageimages"] == 50)
            #expect(reply["query"]?["pages"]?["4269567"]?["terms"]?["description"] == ["Domestic animal"])
        }
    }

    @Test(
        "generator=search, formatversion=2 (android_full_text_search_results, reads ../shared)",
        .enabled(if: Requirement.sharedFixtures.mayRun, Comment(rawValue: Requirement.sharedFixtures.skipReason)))
    func fullTextGenerator() async throws {
        let sample = try sample("android_full_text_search_results.json")
        var pages = SampleSeeds.pages(from: sample, extract: "A place in Queens.")
        pages.append(.init(pageID: 99_000_004, title: "Queens County", extract: "Queens"))
        try await withFakeWikipedia(pages: pages) { fake throws in
            let reply = try await query(
                fake,
                [
                    "format": "json", "formatversion": "2", "action": "query", "prop": "pageterms|pageimages|pageprops",
                    "ppprop": "mainpage|disambiguation", "wbptterms": "description", "generator": "search",
                    "gsrnamespace": "0", "gsrwhat": "text", "gsrinfo": "", "gsrprop": "redirecttitle",
                    "piprop": "thumbnail", "pilicense": "any", "pithumbsize": "320", "gsrlimit": "20",
                    "gsrsearch": "queens",
                ])
            expectShape(reply, matches: sample)
            #expect(SampleSeeds.titlesByIndex(reply) == SampleSeeds.titlesByIndex(sample))
            #expect(reply["continue"]?["gsroffset"] == 20)
            #expect(reply["continue"]?["continue"] == "gsroffset||")
        }
    }

    @Test(
        "list=search with default srprop and totalhits, formatversion=1 (wikicheck_de_listsearch_Hallo, reads ../shared)",
        .enabled(if: Requirement.sharedFixtures.mayRun, Comment(rawValue: Requirement.sharedFixtures.skipReason)))
    func listSearchDefaultProps() async throws {
        let sample = try sample("wikicheck_de_listsearch_Hallo.json")
        var pages = (sample["query"]?["search"]?.arrayValue ?? []).map { item in
            FakeWikipedia.Page(
                pageID: Int(item["pageid"]?.numberValue ?? 0), title: item["title"]?.stringValue ?? "",
                extract: "Hallo Welt, ein Gruß.", lastEdited: item["timestamp"]?.stringValue ?? "")
        }
        pages.append(.init(pageID: 99_000_005, title: "Hallo (Begriffsklärung)", extract: "Hallo"))
        try await withFakeWikipedia(pages: pages) { fake throws in
            let reply = try await query(
                fake,
                [
                    "action": "query", "list": "search", "prop": "info", "inprop": "url", "utf8": "",
                    "format": "json", "srlimit": "6", "srsearch": "Hallo",
                ])
            expectShape(reply, matches: sample)
            #expect(reply["continue"]?["sroffset"] == 6)
            #expect(reply["continue"]?["continue"] == "-||info")
            #expect(reply["query"]?["searchinfo"]?["totalhits"] == 7)
            let snippet = reply["query"]?["search"]?[0]?["snippet"]?.stringValue ?? ""
            #expect(snippet.contains(#"<span class="searchmatch">Hallo</span>"#))
            let titles = reply["query"]?["search"]?.arrayValue?.compactMap { $0["title"]?.stringValue }
            #expect(titles == sample["query"]?["search"]?.arrayValue?.compactMap { $0["title"]?.stringValue })
        }
    }

    @Test(
        "list=search riding along with a prefixsearch that finds nothing (ios_ArticleSearchEmpty, reads ../shared)",
        .enabled(if: Requirement.sharedFixtures.mayRun, Comment(rawValue: Requirement.sharedFixtures.skipReason)))
    func listSearchWithEmptyGenerator() async throws {
        let sample = try sample("ios_ArticleSearchEmpty.json")
        let pages: [FakeWikipedia.Page] = [
            .init(pageID: 3_352_873, title: "Asad", extract: "asad"),
            .init(pageID: 3_352_874, title: "Hafez al-Asad", extract: "asad"),
        ]
        try await withFakeWikipedia(pages: pages, suggestions: ["asad": "azad"]) { fake throws in
            let same = try await query(
                fake,
                [
                    "action": "query", "format": "json", "formatversion": "2", "generator": "prefixsearch",
                    "gpssearch": "azad", "prop": "description", "list": "search", "srsearch": "asad",
                    "srinfo": "suggestion", "srprop": "", "srlimit": "1",
                ])
            expectShape(same, matches: sample)
            #expect(same["continue"]?["continue"] == "-||description")
            #expect(same["query"]?["searchinfo"]?["suggestion"] == "azad")
        }
    }

    @Test(
        "legacy list=search with rawcontinue and an unknown parameter (goldsmith_legacy_listsearch_*, reads ../shared)",
        .enabled(if: Requirement.sharedFixtures.mayRun, Comment(rawValue: Requirement.sharedFixtures.skipReason)),
        arguments: [
            ("goldsmith_legacy_listsearch_suggestion_butteryfly.json", "butteryfly", "suggestion"),
            ("goldsmith_legacy_listsearch_suggestion_only_hallelulejah.json", "hallelulejah", "suggestion"),
            ("goldsmith_legacy_listsearch_BarackObama.json", "Barack Obama", nil),
            ("goldsmith_legacy_listsearch_empty_qmxjsudek.json", "qmxjsudek", nil),
        ] as [(String, String, String?)])
    func legacyListSearch(file: String, search: String, srinfo: String?) async throws {
        let sample = try sample(file)
        let titles = sample["query"]?["search"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
        var pages = titles.enumerated().map {
            FakeWikipedia.Page(pageID: 100 + $0.offset, title: $0.element, extract: search)
        }
        if sample["query-continue"] != nil {
            pages.append(.init(pageID: 99, title: "Another \(search)", extract: search))
        }
        let suggestions = sample["query"]?["searchinfo"]?["suggestion"]?.stringValue.map { [search: $0] } ?? [:]
        try await withFakeWikipedia(pages: pages, suggestions: suggestions) { fake throws in
            var parameters: [(String, String)] = [
                ("action", "query"), ("format", "json"), ("rawcontinue", ""), ("list", "search"), ("srprop", ""),
                ("srlimit", String(max(1, titles.count))), ("limit", String(max(1, titles.count))),
                ("srsearch", search),
            ]
            if let srinfo { parameters.append(("srinfo", srinfo)) }
            let query = parameters.map { "\($0.0)=\(HTTPClient.encode($0.1))" }.joined(separator: "&")
            let reply = try await HTTPClient.get(HTTPClient.url(fake.baseURL, query: query)).json()
            // Today's API adds `pageid` to each result, `suggestionsnippet` next to `suggestion`,
            // and reports `totalhits` also when it is 0; the 2014 captures have none of these.
            expectShape(reply, matches: sample) { shape in
                var shape = shape
                if !titles.isEmpty { shape = shape.setting("$.query.search[].pageid", to: ["number"]) }
                if sample["query"]?["searchinfo"]?["suggestion"] != nil {
                    shape = shape.setting("$.query.searchinfo.suggestionsnippet", to: ["string"])
                }
                if srinfo == nil {
                    shape = shape.setting("$.query.searchinfo", to: ["object"])
                        .setting("$.query.searchinfo.totalhits", to: ["number"])
                }
                return shape
            }
            #expect(reply["query"]?["search"]?.arrayValue?.compactMap { $0["title"]?.stringValue } == titles)
            #expect(reply["warnings"]?["main"]?["*"] == "Unrecognized parameter: limit.")
            #expect(reply["batchcomplete"] == nil)
        }
    }

    @Test(
        "titles with redirects and a missing title, legacy formatversion=1 (goldsmith_legacy_info_inprop_url_*, reads ../shared)",
        .enabled(if: Requirement.sharedFixtures.mayRun, Comment(rawValue: Requirement.sharedFixtures.skipReason)),
        arguments: [
            ("goldsmith_legacy_info_inprop_url_redirect_MenloPark.json", "Menlo Park, New Jersey"),
            ("goldsmith_legacy_info_inprop_url_missing_purpleberry.json", "purpleberry"),
        ])
    func titlesAndRedirects(file: String, title: String) async throws {
        let sample = try sample(file)
        // prop=info is accepted but not modelled: these members come from it.
        let info: Set<String> = [
            "lastrevid", "editurl", "counter", "length", "contentmodel", "pagelanguage", "touched", "fullurl",
        ]
        let pages: [FakeWikipedia.Page] = [
            .init(pageID: 125_414, title: "Edison, New Jersey", redirects: ["Menlo Park, New Jersey"])
        ]
        try await withFakeWikipedia(pages: pages) { fake throws in
            let reply = try await query(
                fake,
                [
                    "action": "query", "format": "json", "rawcontinue": "", "prop": "info|pageprops", "inprop": "url",
                    "redirects": "", "titles": title,
                ])
            expectShape(reply, matches: sample, ignoring: Set(info.map { "$.query.pages.<id>.\($0)" }))
            #expect(reply["query"]?["redirects"] == sample["query"]?["redirects"])
            #expect(reply["query"]?["normalized"] == sample["query"]?["normalized"])
        }
    }

    @Test(
        "errorformat=plaintext error for a bad action (android_api_error, reads ../shared)",
        .enabled(if: Requirement.sharedFixtures.mayRun, Comment(rawValue: Requirement.sharedFixtures.skipReason)))
    func plaintextError() async throws {
        let sample = try sample("android_api_error.json")
        try await withFakeWikipedia { fake throws in
            let reply = try await HTTPClient.get(
                HTTPClient.url(
                    fake.baseURL,
                    [
                        "action": "oscillate", "format": "json", "formatversion": "2", "errorformat": "plaintext",
                    ]))
            #expect(reply.status == 200)
            #expect(reply.header("MediaWiki-API-Error") == "badvalue")
            let json = try reply.json()
            // Today's API names the module of each error; the capture predates that.
            expectShape(json, matches: sample) { $0.setting("$.errors[].module", to: ["string"]) }
            #expect(json["errors"]?[0]?["text"] == sample["errors"]?[0]?["text"])
            #expect(json["errors"]?[0]?["module"] == "main")
        }
    }

    @Test(
        "classic error for a bad action, formatversion=1 (android_api_error_classic_format, reads ../shared)",
        .enabled(if: Requirement.sharedFixtures.mayRun, Comment(rawValue: Requirement.sharedFixtures.skipReason)))
    func classicError() async throws {
        let sample = try sample("android_api_error_classic_format.json")
        try await withFakeWikipedia { fake throws in
            let reply = try await query(fake, ["action": "oscillate", "format": "json"])
            expectShape(reply, matches: sample)
            #expect(reply["error"]?["info"] == sample["error"]?["info"])
            // Since MediaWiki 1.35 the code is `badvalue` (the 2017 capture says `unknown_action`).
            #expect(reply["error"]?["code"] == "badvalue")
        }
    }

    @Test(
        "opensearch (constructed_opensearch_barack, reads ../shared)",
        .enabled(if: Requirement.sharedFixtures.mayRun, Comment(rawValue: Requirement.sharedFixtures.skipReason)))
    func openSearch() async throws {
        let sample = try sample("constructed_opensearch_barack.json")
        let titles = sample[1]?.arrayValue?.compactMap(\.stringValue) ?? []
        let pages = titles.enumerated().map { FakeWikipedia.Page(pageID: $0.offset + 1, title: $0.element) }
        try await withFakeWikipedia(pages: pages) { fake throws in
            let reply = try await query(fake, ["action": "opensearch", "format": "json", "search": "Barack Obama"])
            expectShape(reply, matches: sample)
            #expect(reply == sample)
        }
    }
}
