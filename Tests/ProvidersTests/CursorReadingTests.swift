import Foundation
import Networking
import Providers
import ScoutModels
import ScoutTestSupport
import Testing

/// Each provider reads back only the cursors it writes, in one spelling (SECURITY.md T19): what
/// a server keys its cache on and asks the upstream for. No request is made.
@Suite("Cursor readings", .timeLimit(.minutes(1)))
struct CursorReadingTests {
    static let client = APIClient(configuration: .init(userAgent: UserAgent.make(contact: nil)))
    static let fiftyIDs = (1...50).map(String.init).joined(separator: ".")

    static let wikipediaReadings: [(text: String, reading: CursorReading)] = [
        ("prefix:0", .firstPage), ("prefix:000", .firstPage), ("prefix:20", .page(SearchCursor("prefix:20"))),
        ("prefix:0020", .page(SearchCursor("prefix:20"))), ("prefix:10000", .page(SearchCursor("prefix:10000"))),
        ("text:0:", .page(SearchCursor("text:0:"))), ("text:10", .page(SearchCursor("text:10:"))),
        ("text:10:2.10.1", .page(SearchCursor("text:10:1.2.10"))), ("text:10:2.2.02", .page(SearchCursor("text:10:2"))),
        ("text:1:" + fiftyIDs, .page(SearchCursor("text:1:" + fiftyIDs))), ("text:1:" + fiftyIDs + ".51", .invalid),
        ("prefix:10001", .invalid), ("prefix:-1", .invalid), ("prefix:+1", .invalid), ("prefix: 1", .invalid),
        ("prefix:1:", .invalid), ("prefix", .invalid), ("prefix:", .invalid), ("text:1:0", .invalid),
        ("text:1:a", .invalid), ("text:1:1.", .invalid), ("text:1:1:2", .invalid), ("Prefix:1", .invalid),
        ("", .invalid),
    ]

    @Test("Wikipedia: prefix:<offset> and text:<offset>:<page ids>", arguments: wikipediaReadings)
    func wikipedia(text: String, reading: CursorReading) throws {
        let provider = try WikipediaProvider(client: Self.client, apiTemplate: "http://127.0.0.1:1/w/api.php")
        #expect(provider.readCursor(text) == reading)
    }

    static let commonsReadings: [(text: String, reading: CursorReading)] = [
        ("0", .firstPage), ("20", .page(SearchCursor("20"))), ("0020", .page(SearchCursor("20"))),
        ("10000", .page(SearchCursor("10000"))), ("10001", .invalid), ("-20", .invalid), ("2e1", .invalid),
        ("\u{FF12}", .invalid), ("", .invalid),
    ]

    @Test("Commons: a continuation offset", arguments: commonsReadings)
    func commons(text: String, reading: CursorReading) throws {
        let provider = try CommonsProvider(client: Self.client, apiAddress: "http://127.0.0.1:1/w/api.php")
        #expect(provider.readCursor(text) == reading)
    }

    static let flickrReadings: [(text: String, reading: CursorReading)] = [
        ("1", .firstPage), ("001", .firstPage), ("2", .page(SearchCursor("2"))), ("4000", .page(SearchCursor("4000"))),
        ("4001", .invalid), ("0", .invalid), ("two", .invalid), (String(repeating: "9", count: 25), .invalid),
    ]

    @Test("Flickr: a page number", arguments: flickrReadings)
    func flickr(text: String, reading: CursorReading) throws {
        let provider = try FlickrProvider(
            client: Self.client, apiKey: FlickrAPIKey("k"), apiAddress: "http://127.0.0.1:1/services/rest/")
        #expect(provider.readCursor(text) == reading)
    }

    @Test("no cursor is given out past the deepest offset: the list ends there")
    func listsEndAtTheDeepestOffset() async throws {
        let pages = (1...10_060).map { FakeWikipedia.Page(pageID: $0, title: "Alpha \($0)") }
        try await withFakeWikipedia(pages: pages) { fake in
            let provider = try WikipediaProvider(client: Self.client, apiTemplate: fake.baseURL.absoluteString)
            let query = try SearchQuery("alpha")
            let near = try await provider.search(query, cursor: SearchCursor("prefix:9900"), limit: 50)
            #expect(near.nextCursor == SearchCursor("prefix:9950"))
            let deepest = try await provider.search(query, cursor: near.nextCursor, limit: 50)
            #expect(deepest.items.count == 50)
            #expect(deepest.nextCursor == SearchCursor("prefix:10000"))
            let last = try await provider.search(query, cursor: deepest.nextCursor, limit: 50)
            #expect(last.items.count == 50)
            #expect(last.nextCursor == nil)
        }
    }
}
