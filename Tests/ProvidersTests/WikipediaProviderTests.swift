import Foundation
import Networking
import Providers
import ScoutModels
import ScoutTestSupport
import Testing

/// The provider against FakeWikipedia over real HTTP.
@Suite("Wikipedia provider against FakeWikipedia", .timeLimit(.minutes(10)))
struct WikipediaProviderTests {
    static let pages: [FakeWikipedia.Page] = [
        .init(
            pageID: 1, title: "Zürich", description: "Largest city in Switzerland",
            thumbnail: .init(
                source: "https://upload.wikimedia.org/wikipedia/commons/a/ab/Zurich.jpg", width: 1600, height: 1200),
            extract: "Zürich is the largest city in Switzerland"),
        .init(
            pageID: 2, title: "Zürich Hauptbahnhof", description: "Railway station",
            extract: "The main station of Zürich"),
        .init(pageID: 3, title: "Zurich Insurance Group", extract: "An insurer in Zürich"),
        .init(pageID: 4, title: "Lake Zurich", description: "Lake in Switzerland", extract: "A lake by Zürich"),
        .init(pageID: 5, title: "Swiss cheese", extract: "Cheese made in Zürich and elsewhere"),
    ]

    static func provider(_ fake: FakeWikipedia, deadline: Duration = .seconds(3)) throws -> WikipediaProvider {
        let policy = HostPolicy(maxConcurrent: 3, requestsPerSecond: 1000, burst: 1000, backoffBase: .milliseconds(1))
        let client = APIClient(
            configuration: .init(userAgent: UserAgent.make(contact: nil), hostPolicies: ["127.0.0.1": policy]))
        return try WikipediaProvider(client: client, apiTemplate: fake.baseURL.absoluteString, deadline: deadline)
    }

    @Test("one request: prefix search with images and descriptions, full-text search riding along")
    func prefixSearch() async throws {
        try await withFakeWikipedia(pages: Self.pages) { fake in
            let page = try await Self.provider(fake).search(SearchQuery("zur"), cursor: nil, limit: 2)
            #expect(page.items.map(\.title) == ["Zürich", "Zürich Hauptbahnhof"])
            #expect(page.items[0].description == "Largest city in Switzerland")
            #expect(page.items[0].thumbnail?.width == 120)
            #expect(page.items[0].link.absoluteString == "http://127.0.0.1:\(fake.port)/wiki/Z%C3%BCrich")
            #expect(page.items[1].thumbnail == nil)
            #expect(fake.requests.count == 1)
            let parameters = try #require(fake.requests.first?.parameters)
            #expect(parameters["generator"] == "prefixsearch")
            #expect(parameters["list"] == "search")
            // A page of full-text hits rides along: the fill, should the prefix search be short.
            #expect(parameters["srlimit"] == "2")
            #expect(parameters["srinfo"] == "suggestion|totalhits")
            #expect(parameters["formatversion"] == "2")
            #expect(parameters["pithumbsize"] == "120")
            #expect(page.hasMore)
        }
    }

    @Test("a short prefix result is filled up by the full-text hits of the same request, without repeats")
    func fullTextFill() async throws {
        try await withFakeWikipedia(pages: Self.pages) { fake in
            let page = try await Self.provider(fake).search(SearchQuery("zürich"), cursor: nil, limit: 5)
            #expect(page.items.count == 5)
            #expect(Set(page.items.map(\.id)).count == 5)
            #expect(
                page.items.map(\.title) == [
                    "Zürich", "Zürich Hauptbahnhof", "Zurich Insurance Group", "Lake Zurich", "Swiss cheese",
                ])
            #expect(page.total == 5)
            // One round trip: the fill used to be a second request (generator=search) after it.
            #expect(fake.requests.map { $0.parameters["generator"] } == ["prefixsearch"])
            // The fill's rows are list=search hits, which MediaWiki gives no page properties.
            #expect(page.items[3].description == nil && page.items[3].thumbnail == nil)
            #expect(page.items[3].link.absoluteString == "http://127.0.0.1:\(fake.port)/wiki/Lake_Zurich")
        }
    }

    @Test("a full first page of prefix matches continues with prefix search alone")
    func prefixContinuation() async throws {
        let many = (1...12).map { FakeWikipedia.Page(pageID: $0, title: "Alpha \($0)") }
        try await withFakeWikipedia(pages: many) { fake in
            let provider = try Self.provider(fake)
            let first = try await provider.search(SearchQuery("alpha"), cursor: nil, limit: 10)
            let second = try await provider.search(SearchQuery("alpha"), cursor: first.nextCursor, limit: 10)
            #expect(first.items.map(\.id) == (1...10).map(String.init))
            #expect(second.items.map(\.id) == ["11", "12"])
            #expect(second.nextCursor == nil)
            let later = try #require(fake.requests.last?.parameters)
            #expect(later["gpsoffset"] == "10")
            #expect(later["list"] == nil)
        }
    }

    @Test("continuation pages through every prefix match exactly once")
    func continuation() async throws {
        let many = (1...23).map { FakeWikipedia.Page(pageID: $0, title: "Alpha \($0)") }
        try await withFakeWikipedia(pages: many) { fake in
            let (ids, _) = try await pageThrough(try Self.provider(fake), "alpha")
            #expect(ids.count == 23)
            #expect(Set(ids).count == 23)
        }
    }

    @Test("full-text continuation after a fill never repeats the prefix matches")
    func fullTextContinuation() async throws {
        // Two titles match by prefix; every page mentions "alpha" in its text.
        let pages =
            [
                FakeWikipedia.Page(pageID: 1, title: "Alpha", extract: "alpha"),
                FakeWikipedia.Page(pageID: 2, title: "Alphabet", extract: "alpha"),
            ]
            + (3...30).map { FakeWikipedia.Page(pageID: $0, title: "Topic \($0)", extract: "about alpha") }
        try await withFakeWikipedia(pages: pages) { fake in
            let (ids, cursors) = try await pageThrough(try Self.provider(fake), "alpha")
            #expect(cursors.first == SearchCursor("text:10:1.2"))
            #expect(Array(ids.prefix(2)) == ["1", "2"])
            #expect(ids.count == 30)
            #expect(Set(ids).count == 30)
            // After the fill, the full-text search continues as a generator (with images and
            // descriptions) from where the hits that rode along stopped.
            let later = fake.requests.dropFirst().map(\.parameters)
            #expect(later.allSatisfy { $0["generator"] == "search" })
            #expect(later.first?["gsroffset"] == "10")
        }
    }

    @Test("no results comes with the suggestion")
    func suggestion() async throws {
        try await withFakeWikipedia(pages: Self.pages, suggestions: ["zurik": "zurich"]) { fake in
            let page = try await Self.provider(fake).search(SearchQuery("zurik"), cursor: nil, limit: 10)
            #expect(page.items.isEmpty)
            #expect(page.suggestion == "zurich")
        }
    }

    @Test("every request names Scout, its version and a contact (T15)")
    func userAgent() async throws {
        try await withFakeWikipedia(pages: Self.pages) { fake in
            let provider = try Self.provider(fake)
            for text in ["z", "zu", "zür"] { _ = try await provider.search(SearchQuery(text), cursor: nil, limit: 5) }
            #expect(!fake.requests.isEmpty)
            #expect(fake.requests.allSatisfy { $0.userAgent == UserAgent.make(contact: nil) })
            #expect(fake.requests.allSatisfy { $0.userAgent?.hasPrefix("Scout/\(ScoutVersion.current) (") == true })
        }
    }

    @Test("a hanging upstream is a timeout naming Wikipedia, within the deadline (T8)")
    func hang() async throws {
        try await withFakeWikipedia(pages: Self.pages) { fake in
            fake.inject(.hang)
            let provider = try Self.provider(fake, deadline: .milliseconds(400))
            let error = await #expect(throws: APIError.self) {
                try await provider.search(SearchQuery("zur"), cursor: nil, limit: 5)
            }
            #expect(error?.userMessage == "Wikipedia did not answer within 400 ms. Retry?")
        }
    }

    @Test("429 with Retry-After, then 503s, then success: the window is obeyed (T9)")
    func rateLimitThenRecovery() async throws {
        try await withFakeWikipedia(pages: Self.pages) { fake in
            fake.inject(.retryAfter(seconds: 7), count: 1)
            let provider = try Self.provider(fake)
            let limited = await #expect(throws: APIError.self) {
                try await provider.search(SearchQuery("zur"), cursor: nil, limit: 5)
            }
            #expect(limited?.retryAfter == .seconds(7))
            await #expect(throws: APIError.self) { try await provider.search(SearchQuery("zu"), cursor: nil, limit: 5) }
            #expect(fake.requests.count == 1)
        }
    }

    @Test("malformed JSON and truncated bodies are failures, never partial results (T6, T8)")
    func brokenReplies() async throws {
        try await withFakeWikipedia(pages: Self.pages) { fake in
            let provider = try Self.provider(fake)
            fake.inject(.malformedJSON, count: 1)
            let malformed = await #expect(throws: APIError.self) {
                try await provider.search(SearchQuery("zur"), cursor: nil, limit: 5)
            }
            #expect(malformed?.kind == .invalidResponse)
            fake.inject(.truncatedBody, count: 3)
            await #expect(throws: APIError.self) {
                try await provider.search(SearchQuery("zur"), cursor: nil, limit: 5)
            }
        }
    }
}
