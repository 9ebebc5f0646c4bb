import Foundation
import Networking
import ScoutModels
import ScoutTestSupport
import Testing

@testable import Providers

/// Every real sample in ../shared/fixtures/wikipedia decodes to the expected items
/// (reads ../shared: skipped outside CI when it is missing, a failure in CI).
@Suite(
    "Wikipedia samples decode (reads ../shared)",
    .enabled(if: Requirement.sharedFixtures.mayRun, Comment(rawValue: Requirement.sharedFixtures.skipReason)),
    .timeLimit(.minutes(10)))
struct WikipediaFixtureTests {
    struct Expectation: Sendable, CustomStringConvertible {
        let file: String
        let count: Int
        let firstTitles: [String]
        var suggestion: String? = nil
        var errorCode: String? = nil
        var description: String { file }
    }

    static let expectations: [Expectation] = [
        .init(file: "android_api_error.json", count: 0, firstTitles: [], errorCode: "unknown_action"),
        .init(file: "android_api_error_classic_format.json", count: 0, firstTitles: [], errorCode: "unknown_action"),
        .init(
            file: "android_full_text_search_results.json", count: 20,
            firstTitles: ["IND Queens Boulevard Line", "Queens Boulevard", "Queens"]),
        .init(file: "android_full_text_search_results_empty.json", count: 0, firstTitles: []),
        .init(
            file: "android_prefix_search_results.json", count: 20,
            firstTitles: ["Narthecium", "Amitriptyline", "Abama Open de Canarias"], suggestion: "ababa"),
        .init(file: "android_prefix_search_results_empty.json", count: 0, firstTitles: []),
        .init(file: "constructed_prefixsearch_fv2_no_results.json", count: 0, firstTitles: []),
        .init(file: "goldsmith_legacy_info_inprop_url_missing_purpleberry.json", count: 0, firstTitles: []),
        .init(
            file: "goldsmith_legacy_info_inprop_url_redirect_MenloPark.json", count: 1,
            firstTitles: ["Edison, New Jersey"]),
        .init(file: "goldsmith_legacy_listsearch_BarackObama.json", count: 0, firstTitles: []),
        .init(file: "goldsmith_legacy_listsearch_empty_qmxjsudek.json", count: 0, firstTitles: []),
        .init(
            file: "goldsmith_legacy_listsearch_suggestion_butteryfly.json", count: 0, firstTitles: [],
            suggestion: "butterfly"),
        .init(
            file: "goldsmith_legacy_listsearch_suggestion_only_hallelulejah.json", count: 0, firstTitles: [],
            suggestion: "hallelujah"),
        .init(file: "ios_ArticleSearchEmpty.json", count: 0, firstTitles: [], suggestion: "azad"),
        .init(
            file: "ios_ArticleSearchPrefix_fv2.json", count: 6,
            firstTitles: ["Barack Obama", "Barack Obama citizenship conspiracy theories", "Barack Obama Sr."],
            suggestion: "barracks"),
        .init(file: "ios_BarackSearch_fv1.json", count: 24, firstTitles: ["Barc", "FC Barcelona", "Barclays"]),
        .init(file: "ios_DogSearchResults_fv1.json", count: 1, firstTitles: ["Dog"]),
        .init(file: "wikicheck_de_listsearch_Hallo.json", count: 0, firstTitles: []),
    ]

    static func provider() throws -> WikipediaProvider {
        try WikipediaProvider(client: APIClient(configuration: .init(userAgent: "Scout/test (tests)")))
    }

    @Test("each sample decodes to the expected items, in rank order", arguments: expectations)
    func decodes(expectation: Expectation) throws {
        let data = try SharedFixtures.data("fixtures/wikipedia/\(expectation.file)")
        if let code = expectation.errorCode {
            let error = #expect(throws: APIError.self) { try WikipediaQueryResponse.decode(data, source: "Wikipedia") }
            #expect(
                error?.kind == .upstream(code: code, message: "Unrecognized value for parameter \"action\": oscillate.")
            )
            return
        }
        let reply = try WikipediaQueryResponse.decode(data, source: "Wikipedia")
        let items = try Self.provider().items(from: reply)
        #expect(items.count == expectation.count)
        #expect(Array(items.map(\.title).prefix(3)) == expectation.firstTitles)
        #expect(reply.query?.searchinfo?.suggestion == expectation.suggestion)
        for item in items {
            #expect(item.link.absoluteString.hasPrefix("https://en.wikipedia.org/wiki/"))
            #expect(item.source == .wikipedia)
        }
    }

    @Test("every sample in the folder has an expectation")
    func coverage() throws {
        let folder = try SharedFixtures.url("fixtures/wikipedia")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        let covered = Set(Self.expectations.map(\.file)).union(["constructed_opensearch_barack.json"])
        #expect(Set(files) == covered)
    }

    @Test("the opensearch sample is not a query reply: an invalid reply, not a crash")
    func opensearchIsRejected() throws {
        let data = try SharedFixtures.data("fixtures/wikipedia/constructed_opensearch_barack.json")
        #expect(throws: JSONPullReader.Failure.self) { try WikipediaQueryResponse.decode(data, source: "Wikipedia") }
    }

    @Test("descriptions, thumbnails and redirect ranks come through")
    func details() throws {
        let data = try SharedFixtures.data("fixtures/wikipedia/ios_ArticleSearchPrefix_fv2.json")
        let items = try Self.provider().items(from: WikipediaQueryResponse.decode(data, source: "Wikipedia"))
        let obama = try #require(items.first)
        #expect(obama.id == "534366")
        #expect(obama.description == "President of the United States from 2009 to 2017")
        #expect(obama.thumbnail?.width == 320)
        #expect(obama.link.absoluteString == "https://en.wikipedia.org/wiki/Barack_Obama")
    }
}

@Suite("Wikipedia decoding", .timeLimit(.minutes(10)))
struct WikipediaDecodingTests {
    @Test("one malformed page is dropped, not the reply; a malformed thumbnail only loses itself (T6)")
    func malformedPageDropped() throws {
        let json = """
            {"query":{"pages":[
              {"pageid":1,"ns":0,"title":"First","index":1},
              {"pageid":"not a number","ns":0,"title":"Broken","index":2},
              {"pageid":3,"ns":0,"index":3},
              {"pageid":4,"ns":0,"title":"Fourth","index":4,"thumbnail":{"source":"https://upload.wikimedia.org/x.jpg","width":"wide"}}
            ]}}
            """
        let provider = try WikipediaProvider(client: APIClient(configuration: .init(userAgent: "t")))
        let items = provider.items(from: try WikipediaQueryResponse.decode(Data(json.utf8), source: "Wikipedia"))
        #expect(items.map(\.title) == ["First", "Fourth"])
        #expect(items.last?.thumbnail == nil)
    }

    @Test(
        "article links encode titles like MediaWiki",
        arguments: [
            ("AC/DC", "https://en.wikipedia.org/wiki/AC/DC"),
            ("C++", "https://en.wikipedia.org/wiki/C%2B%2B"),
            ("What? Why!", "https://en.wikipedia.org/wiki/What%3F_Why!"),
            ("100% & more #1", "https://en.wikipedia.org/wiki/100%25_%26_more_%231"),
            ("Zürich", "https://en.wikipedia.org/wiki/Z%C3%BCrich"),
            ("Café (film)", "https://en.wikipedia.org/wiki/Caf%C3%A9_(film)"),
        ])
    func links(title: String, link: String) throws {
        let api = URL(string: "https://en.wikipedia.org/w/api.php")!
        #expect(WikipediaLinks.articleURL(title: title, apiURL: api)?.absoluteString == link)
    }

    @Test("thumbnail widths snap up to Wikimedia's standard sizes")
    func snapping() {
        #expect(WikipediaLinks.snappedWidth(100) == 120)
        #expect(WikipediaLinks.snappedWidth(120) == 120)
        #expect(WikipediaLinks.snappedWidth(300) == 330)
        #expect(WikipediaLinks.snappedWidth(5000) == 3840)
    }

    @Test("language codes and API addresses are checked")
    func configuration() {
        let client = APIClient(configuration: .init(userAgent: "t"))
        #expect(throws: WikipediaConfigurationError.invalidLanguage("en/../x")) {
            try WikipediaProvider(client: client, language: "en/../x")
        }
        #expect(throws: WikipediaConfigurationError.invalidAPIAddress("ftp://x/api.php")) {
            try WikipediaProvider(client: client, apiTemplate: "ftp://x/api.php")
        }
        #expect(throws: Never.self) { try WikipediaProvider(client: client, language: "zh-yue") }
    }
}
