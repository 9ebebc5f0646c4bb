import Foundation
import Networking
import ScoutModels
import ScoutTestSupport
import Synchronization
import Testing

@testable import Providers

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Flickr provider against FakeFlickr over real HTTP.
@Suite("Flickr provider against FakeFlickr", .timeLimit(.minutes(10)))
struct FlickrProviderTests {
    static let key = FakeFlickr.defaultAPIKey
    static let photos: [FakeFlickr.Photo] =
        [
            .init(
                id: "49514337848", owner: "7478087@N06", secret: "bbdbb5f761", server: "65535",
                title: "Bamboo forest", ownerName: "markustrois", license: 4, width: 3178, height: 4932),
            .init(
                id: "477842380", owner: "35034362831@N01", secret: "ee69046f6f", server: "200", title: "  ",
                ownerName: "", tags: ["bamboo"], width: 500, height: 375),
        ]
        + (1...23).map {
            .init(
                id: "\(1000 + $0)", owner: "1@N01", secret: "abc\($0)", server: "7", title: "Hut \($0)", width: 800,
                height: 600)
        }

    static func provider(_ fake: FakeFlickr, key: String? = key) throws -> FlickrProvider {
        let policy = HostPolicy(maxConcurrent: 3, requestsPerSecond: 1000, burst: 1000, backoffBase: .milliseconds(1))
        let client = APIClient(
            configuration: .init(userAgent: UserAgent.make(contact: nil), hostPolicies: ["127.0.0.1": policy]))
        return try FlickrProvider(
            client: client, apiKey: key.flatMap(FlickrAPIKey.init), apiAddress: fake.baseURL.absoluteString)
    }

    @Test("flickr.photos.search with the key, page, page size, safe search and extras")
    func requestShape() async throws {
        try await withFakeFlickr(photos: Self.photos) { fake in
            _ = try await Self.provider(fake).search(SearchQuery("bamboo"), cursor: nil, limit: 900)
            let parameters = try #require(fake.requests.first?.parameters)
            #expect(parameters["method"] == "flickr.photos.search")
            #expect(parameters["api_key"] == Self.key)
            #expect(parameters["text"] == "bamboo")
            #expect(parameters["page"] == "1")
            #expect(parameters["per_page"] == "500", "Flickr sends at most 500 per page")
            #expect(parameters["safe_search"] == "1")
            #expect(parameters["extras"] == "url_q,url_m,owner_name,license")
            #expect(parameters["format"] == "json")
            #expect(parameters["nojsoncallback"] == "1")
        }
    }

    @Test("photos as results: live.staticflickr.com URLs, the photo page, owner and licence")
    func mapping() async throws {
        try await withFakeFlickr(photos: Self.photos) { fake in
            let page = try await Self.provider(fake).search(SearchQuery("bamboo"), cursor: nil, limit: 10)
            #expect(page.items.map(\.id) == ["49514337848", "477842380"])
            let first = page.items[0]
            #expect(first.title == "Bamboo forest")
            #expect(first.description == "markustrois · CC BY 2.0")
            #expect(
                first.thumbnail?.url.absoluteString
                    == "https://live.staticflickr.com/65535/49514337848_bbdbb5f761_q.jpg")
            #expect(first.thumbnail?.width == 150)
            #expect(first.link.absoluteString == "https://www.flickr.com/photos/7478087@N06/49514337848")
            #expect(first.details["image"] == "https://live.staticflickr.com/65535/49514337848_bbdbb5f761_z.jpg")
            #expect(first.source == .flickr)
            #expect(page.items[1].title == "Untitled")
            #expect(page.items[1].description == "All rights reserved")
            #expect(page.total == 2)
            #expect(page.nextCursor == nil)
        }
    }

    @Test("page numbers as cursors, each page once, none after the last")
    func paging() async throws {
        try await withFakeFlickr(photos: Self.photos) { fake in
            let provider = try Self.provider(fake)
            let (ids, cursors) = try await pageThrough(provider, "hut")
            #expect(ids.count == 23)
            #expect(Set(ids).count == 23)
            #expect(cursors == [SearchCursor("2"), SearchCursor("3"), nil])
            #expect(fake.requests.compactMap { $0.parameters["page"] } == ["1", "2", "3"])
        }
    }

    @Test("no page past Flickr's 4,000-result ceiling")
    func ceiling() async throws {
        let many = (0..<4_100).map {
            FakeFlickr.Photo(
                id: "\($0 + 1)", owner: "1@N01", secret: "s", server: "1", title: "sea", width: 10, height: 10)
        }
        try await withFakeFlickr(photos: many) { fake in
            let provider = try Self.provider(fake)
            let page = try await provider.search(SearchQuery("sea"), cursor: SearchCursor("8"), limit: 500)
            #expect(page.items.count == 500)
            #expect(page.total == 4_100)
            #expect(page.nextCursor == nil)
        }
    }

    @Test("without a key the source says how to set one, and sends nothing")
    func missingKey() async throws {
        try await withFakeFlickr(photos: Self.photos) { fake in
            let provider = try Self.provider(fake, key: nil)
            #expect(!provider.isConfigured)
            do {
                _ = try await provider.search(SearchQuery("bamboo"), cursor: nil, limit: 10)
                Issue.record("a search without a key must fail")
            } catch let error as FlickrError {
                #expect(error.kind == .missingKey)
                #expect(error.userMessage.contains("https://www.flickr.com/services/apps/create/"))
                // A library user configures the key in code: the message names no variable of scout's.
                #expect(!error.userMessage.contains("FLICKR_API_KEY"))
            }
            #expect(fake.requests.isEmpty)
        }
        #expect(FlickrAPIKey("  ") == nil)
        #expect(FlickrAPIKey("") == nil)
    }

    @Test("stat: fail codes become sentences")
    func failureCodes() async throws {
        #expect(FlickrError.sentence(forCode: 100) == "the Flickr API key is invalid")
        #expect(FlickrError.sentence(forCode: 105) == "Flickr is unavailable")
        try await withFakeFlickr(photos: Self.photos) { fake in
            do {
                _ = try await Self.provider(fake, key: "ffffffffffffffffffffffffffffffff")
                    .search(SearchQuery("bamboo"), cursor: nil, limit: 10)
                Issue.record("an unknown key must fail")
            } catch let error as FlickrError {
                #expect(error.kind == .flickr(code: 100))
                #expect(error.userMessage == "The Flickr API key is invalid. Check the key.")
            }
        }
        let unavailable = #"{"stat":"fail","code":105,"message":"Service currently unavailable"}"#
        do {
            _ = try FlickrProvider.decode(Data(unavailable.utf8), source: "Flickr")
            Issue.record("stat fail must throw")
        } catch let error as APIError {
            let wrapped = FlickrError(error, redacting: try #require(FlickrAPIKey("k")))
            #expect(wrapped.userMessage == "Flickr is unavailable. Retry in a little while.")
        }
    }

    @Test("text in which Flickr finds no word to search (its code 3) is a search without results")
    func textWithoutWordsHasNoResults() async throws {
        try await withFakeFlickr(photos: Self.photos) { fake in
            for text in ["°", "&&", "¿?"] {
                let page = try await Self.provider(fake).search(SearchQuery(text), cursor: nil, limit: 10)
                #expect(page.items.isEmpty && page.nextCursor == nil && page.total == 0, "\(text)")
            }
            #expect(fake.requests.count == 3, "each was asked of Flickr, which answered code 3")
        }
    }

    @Test("total and pages accepted as numbers or strings; a bad photo is dropped, not the page")
    func flexibleNumbers() throws {
        let body = """
            {"photos":{"page":"1","pages":"3","perpage":2,"total":"5","photo":[
            {"id":"1","owner":"1@N01","secret":"a","server":"2","title":"ok","license":"5","width_q":"150"},
            {"id":"2","owner":"1@N01","title":"no secret"}]},"stat":"ok"}
            """
        let photos = try FlickrProvider.decode(Data(body.utf8), source: "Flickr")
        #expect(photos.pages == 3)
        #expect(photos.total == 5)
        #expect(photos.photo.map(\.id) == ["1"])
        #expect(photos.photo.first?.license == 5)
    }

    @Test("an address (SCOUT_FLICKR_API) and a key (FLICKR_API_KEY) configure the source")
    func configuration() throws {
        let client = APIClient(configuration: .init(userAgent: "Scout/test"))
        let plain = try FlickrProvider(client: client, apiKey: nil)
        #expect(plain.apiURL.absoluteString == FlickrProvider.defaultAPIAddress)
        #expect(!plain.isConfigured)
        let mirror = try FlickrProvider(
            client: client, apiKey: FlickrAPIKey("abc"), apiAddress: "http://127.0.0.1:9/rest/")
        #expect(mirror.apiURL.absoluteString == "http://127.0.0.1:9/rest/")
        #expect(mirror.isConfigured)
        #expect(throws: FlickrConfigurationError.self) {
            try FlickrProvider(client: client, apiKey: nil, apiAddress: "not a url")
        }
    }
}

/// SECURITY.md T3: a canary key never shows up in what the provider returns, throws or prints.
@Suite("Flickr key canary (T3)", .timeLimit(.minutes(10)))
struct FlickrCanaryTests {
    static let canary = "c0ffee00canary00c0ffee00canary00"

    /// Everything a caller could print or log about `value`.
    static func renderings(_ value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        return [String(describing: value), String(reflecting: value), dumped]
    }

    static func expectNoCanary(_ value: Any, sourceLocation: SourceLocation = #_sourceLocation) {
        for text in renderings(value) {
            #expect(!text.contains(canary), "the key leaked: \(text)", sourceLocation: sourceLocation)
        }
    }

    @Test("errors, results and the provider itself never carry the key")
    func canary() async throws {
        try await withFakeFlickr(photos: FlickrProviderTests.photos, apiKeys: [Self.canary]) { fake in
            let provider = try FlickrProviderTests.provider(fake, key: Self.canary)
            Self.expectNoCanary(provider)
            let page = try await provider.search(SearchQuery("bamboo"), cursor: nil, limit: 10)
            #expect(fake.requests.first?.parameters["api_key"] == Self.canary, "the key does reach Flickr")
            let json = String(decoding: try JSONEncoder().encode(page), as: UTF8.self)
            #expect(!json.contains(Self.canary))
            Self.expectNoCanary(page)

            fake.apiKeys = []
            do {
                _ = try await provider.search(SearchQuery("bamboo"), cursor: nil, limit: 10)
                Issue.record("a refused key must fail")
            } catch {
                Self.expectNoCanary(error)
                Self.expectNoCanary((error as? any SearchFailure)?.userMessage ?? "")
            }
        }
        // A connection failure's details quote the URL, query and key included, before redaction.
        let client = APIClient(configuration: .init(userAgent: "Scout/test"))
        let unreachable = try FlickrProvider(
            client: client, apiKey: FlickrAPIKey(Self.canary), apiAddress: "http://127.0.0.1:1/services/rest/")
        do {
            _ = try await unreachable.search(SearchQuery("bamboo"), cursor: nil, limit: 10)
            Issue.record("a closed port must fail")
        } catch let error as FlickrError {
            #expect(error.kind == .other)
            Self.expectNoCanary(error)
            Self.expectNoCanary(error.underlying as Any)
        }
    }
}

/// The real samples in ../shared/fixtures/flickr decode (skipped outside CI when missing).
@Suite(
    "Flickr samples decode (reads ../shared)",
    .enabled(if: Requirement.sharedFixtures.mayRun, Comment(rawValue: Requirement.sharedFixtures.skipReason)),
    .timeLimit(.minutes(10)))
struct FlickrFixtureTests {
    static func decode(_ name: String) throws -> FlickrSearchResponse.Photos {
        try FlickrProvider.decode(SharedFixtures.data("fixtures/flickr/\(name)"), source: "Flickr")
    }

    static var provider: FlickrProvider {
        get throws {
            try FlickrProvider(
                client: APIClient(configuration: .init(userAgent: "Scout/test")), apiKey: FlickrAPIKey("k"))
        }
    }

    @Test("a real search with extras: 30 photos, every one a result")
    func withExtras() throws {
        let photos = try Self.decode("cccatalog_flickr_photos_search_with_extras.json")
        #expect(photos.photo.count == 30)
        #expect(photos.total == 30)
        let items = try photos.photo.compactMap(Self.provider.item(for:))
        #expect(items.count == 30)
        #expect(items[0].title == "Warsy (église) • 7433")
        #expect(items[0].description == "markustrois · CC BY-NC-SA 2.0")
        #expect(items[0].link.absoluteString == "https://www.flickr.com/photos/7478087@N06/49514337848")
        #expect(items.allSatisfy { $0.thumbnail?.url.host == "live.staticflickr.com" })
    }

    @Test("a plain photo list: total as a string, 635 pages")
    func plain() throws {
        let photos = try Self.decode("flickrex_photos.json")
        #expect(photos.pages == 635)
        #expect(photos.total == 1_270)
        #expect(
            try photos.photo.compactMap(Self.provider.item(for:)).map(\.title)
                == ["Joi with backyard bamboo", "Joi with bamboo"])
    }

    @Test("an empty result")
    func empty() throws {
        let photos = try Self.decode("constructed_photos_search_empty.json")
        #expect(photos.photo.isEmpty)
        #expect(photos.pages == 0)
    }

    @Test(
        "failures keep Flickr's code",
        arguments: [("constructed_error_invalid_api_key.json", "100"), ("flickrex_fail.json", "112")])
    func failures(file: String, code: String) throws {
        do {
            _ = try Self.decode(file)
            Issue.record("stat fail must throw")
        } catch let error as APIError {
            guard case .upstream(let found, _) = error.kind else {
                Issue.record("expected an upstream error, got \(error.kind)")
                return
            }
            #expect(found == code)
        }
    }
}

/// SECURITY.md T15: Flickr allows 3,600 calls per hour per key. Twenty searchers that want far
/// more run for two simulated hours on a manual clock through the client's own `flickr.com`
/// budget; no hour may see more than 3,600 calls.
@Suite("Flickr budget: 3,600 calls per hour per key (T15)", .timeLimit(.minutes(10)))
struct FlickrBudgetTests {
    /// Answers every call at once with an empty page and notes when it came, on the manual clock.
    final class CountingTransport: Transport {
        let clock: ManualClock
        let arrivals = Mutex<[Duration]>([])
        static let body = Data(#"{"photos":{"page":1,"pages":1,"perpage":10,"total":"0","photo":[]},"stat":"ok"}"#.utf8)

        init(clock: ManualClock) { self.clock = clock }

        func send(_ request: URLRequest, maxBytes: Int, allowsRedirects: Bool) async throws -> TransportReply {
            arrivals.withLock { $0.append(clock.now.offset) }
            return TransportReply(status: 200, headers: [:], body: Self.body)
        }
    }

    @Test("two hours of demand: never more than 3,600 calls in any hour")
    func hourlyBudget() async throws {
        let clock = ManualClock()
        let transport = CountingTransport(clock: clock)
        // The default host policies, as `scout` and `scout serve` use them; api.flickr.com is Flickr's.
        let client = APIClient(configuration: .init(userAgent: "Scout/test"), transport: transport, clock: clock)
        let flickr = try FlickrProvider(client: client, apiKey: FlickrAPIKey("k"), deadline: .seconds(1_000_000))
        let searchers = 20
        let tasks = (0..<searchers).map { _ in
            Task {
                while !Task.isCancelled { _ = try? await flickr.search(SearchQuery("x"), cursor: nil, limit: 10) }
            }
        }
        // Quiet means every searcher waits for a token and its call's deadline: two sleepers each.
        await Self.quiet(clock, sleepers: 2 * searchers)
        for _ in 0..<7_200 {
            clock.advance(by: .seconds(1))
            await Self.quiet(clock, sleepers: 2 * searchers)
        }
        for task in tasks { task.cancel() }

        let times = transport.arrivals.withLock { $0 }.sorted()
        #expect(times.count >= 7_000, "the searchers kept the budget busy")
        var worst = 0
        var start = 0
        for end in times.indices {
            while times[end] - times[start] >= .seconds(3_600) { start += 1 }
            worst = max(worst, end - start + 1)
        }
        #expect(worst <= 3_600, "\(worst) calls in one hour")
    }

    /// Waits until `sleepers` tasks sleep on `clock` (at most a second of real time).
    static func quiet(_ clock: ManualClock, sleepers: Int) async {
        _ = await eventually(within: .seconds(1), pollingEvery: .milliseconds(1)) { clock.sleeperCount >= sleepers }
    }
}
