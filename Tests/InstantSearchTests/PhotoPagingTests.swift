import Foundation
import Networking
import Providers
import ScoutModels
import ScoutTestSupport
import Testing

@testable import InstantSearch

/// Endless scrolling as the photo grid does it: ``Paginator`` decides, a provider fetches from
/// FakeCommons or FakeFlickr over real HTTP.
@Suite("Photo paging through Paginator against FakeCommons and FakeFlickr", .timeLimit(.minutes(10)))
struct PhotoPagingTests {
    static let query = try! SearchQuery("hut")

    static var client: APIClient {
        let policy = HostPolicy(maxConcurrent: 3, requestsPerSecond: 1000, burst: 1000, backoffBase: .milliseconds(1))
        return APIClient(
            configuration: .init(userAgent: UserAgent.make(contact: nil), hostPolicies: ["127.0.0.1": policy]))
    }

    static let files = (1...25).map { FakeCommons.File(pageID: $0, title: "File:Hut \($0).jpg") }
    static let photos = (1...25).map {
        FakeFlickr.Photo(
            id: "\($0)", owner: "1@N01", secret: "s\($0)", server: "7", title: "Hut \($0)", width: 640, height: 480)
    }

    /// Scrolls to the end: asks for the next page until the paginator has nothing to fetch.
    /// Returns how many fetches it started; a failed fetch is left failed.
    @discardableResult
    static func scrollToEnd(_ paginator: inout Paginator, _ provider: any SearchProvider, limit: Int = 10) async -> Int
    {
        var fetches = 0
        while case .fetch(let cursor) = paginator.loadNextPage() {
            fetches += 1
            #expect(paginator.loadNextPage() == .none, "never two loads at once")
            do {
                paginator.receive(try await provider.search(query, cursor: cursor, limit: limit))
            } catch {
                paginator.fail()
                break
            }
        }
        return fetches
    }

    @Test("Commons: pages ahead by continuation, each once, exhausted at the last")
    func commonsPages() async throws {
        try await withFakeCommons(files: Self.files) { fake in
            let commons = try CommonsProvider(client: Self.client, apiAddress: fake.baseURL.absoluteString)
            var paginator = Paginator()
            #expect(await Self.scrollToEnd(&paginator, commons) == 3)
            #expect(paginator.phase == .exhausted)
            #expect(paginator.items.count == 25)
            #expect(paginator.loadNextPage() == .none)
            #expect(fake.requests.compactMap { $0.parameters["gsroffset"] } == ["0", "10", "20"])
        }
    }

    @Test("Flickr: pages ahead by page number, each once, exhausted at the last")
    func flickrPages() async throws {
        try await withFakeFlickr(photos: Self.photos) { fake in
            let flickr = try FlickrProvider(
                client: Self.client, apiKey: FlickrAPIKey(FakeFlickr.defaultAPIKey),
                apiAddress: fake.baseURL.absoluteString)
            var paginator = Paginator()
            #expect(await Self.scrollToEnd(&paginator, flickr) == 3)
            #expect(paginator.phase == .exhausted)
            #expect(paginator.items.count == 25)
            #expect(fake.requests.compactMap { $0.parameters["page"] } == ["1", "2", "3"])
        }
    }

    @Test("a photo that moves to the next page while scrolling is shown once")
    func dedupeAcrossPages() async throws {
        try await withFakeFlickr(photos: Self.photos) { fake in
            let flickr = try FlickrProvider(
                client: Self.client, apiKey: FlickrAPIKey(FakeFlickr.defaultAPIKey),
                apiAddress: fake.baseURL.absoluteString)
            var paginator = Paginator()
            let first = try #require(paginator.loadNextPage().cursorToFetch, "a fresh paginator fetches the first page")
            paginator.receive(try await flickr.search(Self.query, cursor: first, limit: 10))
            // A new upload ranks first: everything shifts by one, so page 2 starts with page 1's last.
            fake.photos.insert(
                .init(id: "999", owner: "1@N01", secret: "new", server: "7", title: "Hut new", width: 640, height: 480),
                at: 0)
            let second = try #require(
                paginator.loadNextPage().cursorToFetch, "a loaded page with more fetches the next")
            let added = paginator.receive(try await flickr.search(Self.query, cursor: second, limit: 10))
            #expect(added.count == 9)
            #expect(paginator.items.count == 19)
            #expect(Set(paginator.items.map(\.id)).count == 19)
        }
    }

    @Test("Commons: a failed page keeps the loaded ones, and retry loads it")
    func commonsRetry() async throws {
        try await withFakeCommons(files: Self.files) { fake in
            let commons = try CommonsProvider(client: Self.client, apiAddress: fake.baseURL.absoluteString)
            fake.failPage(atOffset: 10, with: .malformedJSON)
            var paginator = Paginator()
            #expect(await Self.scrollToEnd(&paginator, commons) == 2)
            #expect(paginator.phase == .failed(cursor: SearchCursor("10")))
            #expect(paginator.items.count == 10)
            #expect(paginator.hasMore)
            #expect(await Self.scrollToEnd(&paginator, commons) == 2, "the failed page again, then the last")
            #expect(paginator.items.count == 25)
            #expect(paginator.phase == .exhausted)
            #expect(fake.requests.compactMap { $0.parameters["gsroffset"] } == ["0", "10", "10", "20"])
        }
    }

    @Test("Flickr: a page that fails on every attempt, then answers on retry")
    func flickrRetry() async throws {
        try await withFakeFlickr(photos: Self.photos) { fake in
            let flickr = try FlickrProvider(
                client: Self.client, apiKey: FlickrAPIKey(FakeFlickr.defaultAPIKey),
                apiAddress: fake.baseURL.absoluteString)
            // The client retries a 503 three times within one call; all three fail.
            fake.inject(.status(503), count: 3) { $0.parameters["page"] == "2" }
            var paginator = Paginator()
            await Self.scrollToEnd(&paginator, flickr)
            #expect(paginator.phase == .failed(cursor: SearchCursor("2")))
            #expect(paginator.items.map(\.id) == (1...10).map(String.init))
            await Self.scrollToEnd(&paginator, flickr)
            #expect(paginator.items.count == 25)
            #expect(paginator.phase == .exhausted)
        }
    }

    @Test("scrolling fast starts one load at a time")
    func oneLoadAtATime() async throws {
        try await withFakeCommons(files: Self.files) { fake in
            fake.faults.latency = .milliseconds(30)
            let commons = try CommonsProvider(client: Self.client, apiAddress: fake.baseURL.absoluteString)
            let feed = Feed(provider: commons)
            // Twenty "near the end" signals at once, as a fast scroll sends them, three times over.
            for _ in 0..<3 {
                await withTaskGroup(of: Void.self) { group in
                    for _ in 0..<20 { group.addTask { await feed.scrolledNearEnd() } }
                }
            }
            #expect(fake.recorder.maxConcurrentRequests == 1)
            #expect(fake.requests.compactMap { $0.parameters["gsroffset"] } == ["0", "10", "20"])
            #expect(await feed.paginator.items.count == 25)
        }
    }
}

/// A grid's loader: the paginator owned by an actor, so every scroll signal sees its state.
private actor Feed {
    let provider: any SearchProvider
    private(set) var paginator = Paginator()

    init(provider: any SearchProvider) { self.provider = provider }

    func scrolledNearEnd() async {
        guard case .fetch(let cursor) = paginator.loadNextPage() else { return }
        do {
            paginator.receive(try await provider.search(PhotoPagingTests.query, cursor: cursor, limit: 10))
        } catch {
            paginator.fail()
        }
    }
}

extension Paginator.Action {
    /// The cursor this action fetches — `.some(nil)` for the first page — or nil when it fetches
    /// nothing, so a test can `#require` a fetch.
    var cursorToFetch: SearchCursor?? {
        if case .fetch(let cursor) = self { return .some(cursor) }
        return nil
    }
}
