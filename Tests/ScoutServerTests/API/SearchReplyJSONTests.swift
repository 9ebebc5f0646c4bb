import Foundation
import HTTPServer
import ImageLoading
import ScoutModels
import ScoutTestSupport
import Synchronization
import Testing

@testable import ScoutServer

/// The search reply written by hand against `JSONEncoder`, byte for byte, on pages built to
/// cover every key present and absent and strings with every character that needs escaping;
/// and the caches the uncached search path leans on (rendered once, proxy paths, LRU eviction).
@Suite("Search reply JSON", .timeLimit(.minutes(10)))
struct SearchReplyJSONTests {
    static let pieces: [String] = [
        "a", "Zürich", " ", "\"", "\\", "/", "</script>", "\u{0}", "\u{1}", "\u{8}", "\t", "\n", "\u{B}", "\u{C}", "\r",
        "\u{1F}", "\u{7F}", "\u{85}", "\u{2028}", "\u{FEFF}", "e\u{301}", "東京", "👍🏽", "%41", "&amp;", "\u{202E}",
    ]

    static func text(_ random: inout SplitMix64) -> String {
        (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    static func maybe<T>(_ random: inout SplitMix64, _ make: (inout SplitMix64) -> T) -> T? {
        Bool.random(using: &random) ? make(&random) : nil
    }

    static func reply(_ random: inout SplitMix64) -> SearchReply {
        let items = (0..<Int.random(in: 0...4, using: &random)).map { index in
            SearchReply.Item(
                item: .init(
                    id: "\(index)" + text(&random), title: text(&random), description: maybe(&random, text),
                    thumbnail: maybe(&random) { random in
                        .init(
                            url: "/img/x/" + text(&random),
                            width: maybe(&random) { Int.random(in: 0...5000, using: &$0) },
                            height: maybe(&random) { Int.random(in: -1...5000, using: &$0) })
                    },
                    link: URL(string: "https://en.wikipedia.org/wiki/A_(b)?x=1&y=%C3%A9#f\(index)")!,
                    titleMatches: maybe(&random) { random in
                        (0..<Int.random(in: 0...3, using: &random)).map { TextSpan(start: $0, end: $0 + 2) }
                    }, lang: maybe(&random, text)),
                photo: maybe(&random) { random in
                    var facts = PhotoFacts(
                        item: SearchItem(
                            id: "1", title: "", description: nil, thumbnail: nil, link: URL(string: "https://x.org")!,
                            source: .flickr),
                        thumbnails: ThumbnailLinker(origins: [:]))!
                    facts.author = maybe(&random, text)
                    facts.license = maybe(&random, text)
                    facts.width = maybe(&random) { Int.random(in: 1...9000, using: &$0) }
                    facts.height = maybe(&random) { Int.random(in: 1...9000, using: &$0) }
                    facts.image = maybe(&random) { "/img/flickr/" + text(&$0) }
                    return facts
                })
        }
        return SearchReply(
            body: SearchResponseBody(
                query: text(&random), source: SourceID(rawValue: "wiki" + text(&random)), items: items.map(\.item),
                next: maybe(&random, text), suggestion: maybe(&random, text),
                tookMs: Int.random(in: 0...100_000, using: &random), cached: Bool.random(using: &random)),
            items: items)
    }

    @Test("the hand-written reply is JSONEncoder's, byte for byte")
    func matchesJSONEncoder() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var random = SplitMix64(seed: 2024)
        for _ in 0..<2_000 {
            let reply = Self.reply(&random)
            let expected = Array(try encoder.encode(reply))
            let rendered = reply.rendered().body(cached: reply.body.cached, tookMs: reply.body.tookMs)
            #expect(rendered == expected, "\(String(decoding: expected, as: UTF8.self))")
        }
    }

    @Test("every control character is escaped as JSONEncoder escapes it")
    func controls() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let everyASCII = String(decoding: (0...0x7F).map { UInt8($0) }, as: UTF8.self)
        var writer = JSONByteWriter()
        writer.string(everyASCII)
        #expect(writer.bytes == Array(try encoder.encode(everyASCII)))
    }

    @Test("the cached body and the searcher's body differ only in cached and tookMs")
    func renderedOnce() throws {
        let rendered = RenderedReply { writer in writer.raw(#""items":[],"next":null,"#) }
        #expect(
            String(decoding: rendered.cachedBody.bytes, as: UTF8.self)
                == #"{"cached":true,"items":[],"next":null,"tookMs":0}"#)
        #expect(rendered.body(cached: true, tookMs: 0) == rendered.cachedBody.bytes)
        #expect(
            String(decoding: rendered.body(cached: false, tookMs: 12), as: UTF8.self)
                == #"{"cached":false,"items":[],"next":null,"tookMs":12}"#)
    }

    @Test("proxy path prefixes percent-encode the source as Foundation does")
    func proxyPathPrefix() {
        let unreserved = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        for name in ["wikipedia", "books-i", "a b/é?", "~x_y.z", "%", "東京"] {
            let origin = ImageOrigin.wikimedia(source: SourceID(rawValue: name))
            #expect(origin.proxyPathPrefix == "/img/\(name.addingPercentEncoding(withAllowedCharacters: unreserved)!)/")
        }
    }

    @Test("the thumbnail linker answers the same from memory, also once full and started over")
    func linkerMemory() {
        let origins: [SourceID: [ImageOrigin]] = [.wikipedia: [.wikimedia()], .books: ImageOrigin.goodreads()]
        let urls = [
            "https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/X.png/120px-X.png",
            "https://upload.wikimedia.org/wikipedia/commons/thumb/1/1a/B_%28x%29.JPG/140px-B_%28x%29.JPG",
            "https://upload.wikimedia.org/robots.txt", "https://images.gr-assets.com/books/1447303603m/2767052.jpg",
            "https://i.gr-assets.com/images/S/compressed.photo.goodreads.com/books/1586722975i/2767052._SY75_.jpg",
        ].map { URL(string: $0)! }
        for capacity in [1, 2, 100] {
            let linker = ThumbnailLinker(origins: origins, capacity: capacity)
            for _ in 0..<3 {
                for url in urls {
                    for source in [SourceID.wikipedia, .books, .flickr] {
                        let expected = origins[source]?.lazy.compactMap { $0.proxyPath(for: url) }.first
                        #expect(linker.proxiedPath(for: url, source: source) == expected)
                    }
                }
            }
        }
    }

    @Test("a full gateway cache drops the least recently used reply")
    func leastRecentlyUsed() async throws {
        let provider = CountingProvider()
        let gateway = SearchGateway(
            timeToLive: .seconds(600), capacity: 2,
            render: { page, query, source in SearchAPI.render(page, query, source, thumbnails: .init(origins: [:])) })
        func key(_ text: String) throws -> SearchGateway.Key {
            .init(source: .wikipedia, language: "en", query: try SearchQuery(text), cursor: nil, limit: 20)
        }
        func search(_ text: String) async throws {
            _ = try await gateway.search(try key(text), provider: provider)
        }
        try await search("a")
        try await search("b")
        #expect(gateway.cachedResponse(for: try key("a")) != nil)  // a is now more recent than b
        try await search("c")
        #expect(gateway.cachedResponse(for: try key("b")) == nil)
        #expect(gateway.cachedResponse(for: try key("c")) != nil)  // a cache hit is a use: c, then a
        #expect(gateway.cachedResponse(for: try key("a")) != nil)
        try await search("d")
        #expect(gateway.cachedResponse(for: try key("c")) == nil)
        #expect(gateway.cachedResponse(for: try key("d")) != nil)
        #expect(gateway.cachedResponse(for: try key("a")) != nil)
        for round in 0..<500 {  // many uses and evictions, a kept recent: the recency list stays right
            try await search("q\(round)")
            #expect(gateway.cachedResponse(for: try key("a")) != nil)
        }
        #expect(provider.calls == 4 + 500)
    }

    @Test("the recency list returns the oldest live key and sweeps stale uses")
    func recencyList() {
        var recency = RecencyList<Int>()
        var latest: [Int: UInt64] = [:]
        var stamp: UInt64 = 0
        var random = SplitMix64(seed: 1)
        for _ in 0..<10_000 {
            let key = Int.random(in: 0..<50, using: &random)
            stamp += 1
            latest[key] = stamp
            recency.used(key, stamp: stamp, live: latest.count) { latest[$0] == $1 }
            if latest.count > 20 {
                let oldest = latest.min { $0.value < $1.value }!.key
                #expect(recency.leastRecent(live: latest.count) { latest[$0] == $1 } == oldest)
                latest[oldest] = nil
            }
        }
    }

    @Test("the recency list of a cache that never evicts stays bounded: stale uses are swept on use")
    func recencyListWithoutEvictions() {
        var recency = RecencyList<Int>()
        var latest: [Int: UInt64] = [:]
        for stamp in UInt64(1)...100_000 {
            let key = Int(stamp % 60)
            latest[key] = stamp
            recency.used(key, stamp: stamp, live: latest.count) { latest[$0] == $1 }
            #expect(recency.count <= 2 * latest.count + 65)
            if recency.count > 2 * latest.count + 65 { break }
        }
        #expect(recency.leastRecent(live: latest.count) { latest[$0] == $1 } == 41)
    }
}
