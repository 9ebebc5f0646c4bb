import BookCatalog
import BookStorage
import Foundation
import HTTPServer
import Networking
import Providers
import ScoutModels
import ScoutServer
import ScoutTestSupport
import Testing

/// The books provider against Scout's own server — the app `scout serve` runs, in this
/// process on 127.0.0.1 — with a temporary SQLite catalog behind it.
@Suite("Books provider against scout serve", .timeLimit(.minutes(10)))
struct BooksProviderTests {
    static func book(_ id: String, _ title: String, series: Double?, year: Int, rating: Double) -> Book {
        Book(
            source: "test", sourceID: id, title: title, seriesName: series.map { _ in "The Hunger Games" },
            seriesNumber: series, authors: ["Suzanne Collins"], year: year, averageRating: rating,
            ratingsCount: 1000 - Int(id)!,
            coverURL: URL(string: "https://images.gr-assets.com/books/1447303603m/\(id).jpg"))
    }

    static let books = [
        book("1", "The Hunger Games", series: 1, year: 2008, rating: 4.34),
        book("2", "Catching Fire", series: 2, year: 2009, rating: 4.3),
        book("3", "Mockingjay", series: 3, year: 2010, rating: 4.03),
        book("4", "Gregor the Overlander", series: nil, year: 2003, rating: 4),
    ]

    static func provider(port: UInt16, deadline: Duration = .seconds(3)) throws -> BooksProvider {
        let policy = HostPolicy(maxConcurrent: 4, requestsPerSecond: 1000, burst: 1000, backoffBase: .milliseconds(1))
        let client = APIClient(
            configuration: .init(userAgent: UserAgent.make(contact: nil), hostPolicies: ["127.0.0.1": policy]))
        return try BooksProvider(client: client, baseURL: URL(string: "http://127.0.0.1:\(port)")!, deadline: deadline)
    }

    /// Runs `body` with the port of a Scout server whose catalog holds ``books``.
    func withBookServer(_ body: (UInt16) async throws -> Void) async throws {
        try await withTemporaryDirectory { directory in
            let store = try await SQLiteBookStore(path: directory.appending(path: "books.sqlite").path)
            _ = try await store.upsert(Self.books)
            _ = try await store.rebuildRelations()
            var configuration = ScoutServerConfiguration(clock: ContinuousClock())
            configuration.imageCacheDirectory = nil
            let app = ScoutApp(configuration: configuration, books: store)
            let server = ServerConfiguration(host: "127.0.0.1", port: 0, accessLog: nil, shutdownGracePeriod: .zero)
            try await Server.withRunning(server, responder: app.router) { server in try await body(server.port) }
        }
    }

    @Test("search: rows with the summary line, the proxied cover and the related view, page by page")
    func search() async throws {
        try await withBookServer { port in
            let books = try Self.provider(port: port)
            let first = try await books.search(SearchQuery("collins"), cursor: nil, limit: 3)
            #expect(first.items.map(\.title) == ["The Hunger Games", "Catching Fire", "Mockingjay"])
            let item = first.items[0]
            #expect(item.source == .books)
            #expect(item.description == "Suzanne Collins · 2008 · ★ 4.34")
            #expect(item.thumbnail?.url.absoluteString == "http://127.0.0.1:\(port)/img/books/books/1447303603m/1.jpg")
            #expect(item.link.absoluteString == "http://127.0.0.1:\(port)/api/v1/books/\(item.id)/related")
            #expect(
                item.details == [
                    "authors": "Suzanne Collins", "year": "2008", "rating": "4.34", "series": "The Hunger Games",
                ])
            let second = try await books.search(SearchQuery("collins"), cursor: first.nextCursor, limit: 3)
            #expect(second.items.map(\.title) == ["Gregor the Overlander"])
            #expect(second.nextCursor == nil)
            #expect(try await books.search(SearchQuery("zzzz"), cursor: nil, limit: 3).items.isEmpty)
            // What matched comes along: "hunger" whole and "g" as far as typed, not "collins".
            let hunger = try await books.search(SearchQuery("hunger g"), cursor: nil, limit: 3).items.first
            #expect(hunger?.titleMatches == [TextSpan(start: 4, end: 10), TextSpan(start: 11, end: 12)])
            #expect(first.items[0].titleMatches == nil)
        }
    }

    @Test("related: grouped by kind, each with its phrase and reason; one kind on request")
    func related() async throws {
        try await withBookServer { port in
            let books = try Self.provider(port: port)
            let hunger = try #require(try await books.search(SearchQuery("hunger"), cursor: nil, limit: 1).items.first)
            let related = try await books.related(id: hunger.id)
            #expect(related.map(\.item.title) == ["Catching Fire", "Mockingjay", "Gregor the Overlander"])
            #expect(related.map(\.kind) == [.sameSeries, .sameSeries, .sameAuthor])
            #expect(related[0].phrase == "same series")
            #expect(related[0].reason == "same series: The Hunger Games #2")
            let byAuthor = try await books.related(id: hunger.id, kind: .sameAuthor)
            #expect(byAuthor.map(\.item.title) == ["Gregor the Overlander"])
        }
    }

    @Test("an unknown book and a server without a catalog are sentences that say what to do")
    func unknownBook() async throws {
        try await withBookServer { port in
            let books = try Self.provider(port: port)
            await #expect(throws: BooksProviderError.self) { try await books.related(id: "999999") }
            do {
                _ = try await books.related(id: "999999")
            } catch let error as BooksProviderError {
                #expect(error.kind == .unknownBook)
                #expect(
                    error.userMessage
                        == "The book server at http://127.0.0.1:\(port) has no such book. Search for it by title.")
            }
        }
        var configuration = ScoutServerConfiguration(clock: ContinuousClock())
        configuration.imageCacheDirectory = nil
        let app = ScoutApp(configuration: configuration)
        let server = ServerConfiguration(host: "127.0.0.1", port: 0, accessLog: nil, shutdownGracePeriod: .zero)
        try await Server.withRunning(server, responder: app.router) { server in
            let books = try Self.provider(port: server.port)
            let error = await #expect(throws: BooksProviderError.self) {
                try await books.search(SearchQuery("dune"), cursor: nil, limit: 5)
            }
            #expect(error?.kind == .noCatalog)
            #expect(error?.userMessage.contains("scout books import") == true)
        }
    }

    @Test("no server at the address: a sentence naming it and how to start it")
    func notRunning() async throws {
        // A port that was just free: the server that had it is gone.
        let port = try await withBookServerPort()
        let books = try Self.provider(port: port, deadline: .seconds(2))
        let error = await #expect(throws: BooksProviderError.self) {
            try await books.search(SearchQuery("dune"), cursor: nil, limit: 5)
        }
        #expect(error?.kind == .notAnswering)
        #expect(
            error?.userMessage
                == "The book server at http://127.0.0.1:\(port) did not answer. Start it with scout serve.")
        #expect(error?.isOffline == false)
    }

    private func withBookServerPort() async throws -> UInt16 {
        let server = ServerConfiguration(host: "127.0.0.1", port: 0, accessLog: nil, shutdownGracePeriod: .zero)
        return try await Server.withRunning(server, responder: Router()) { $0.port }
    }

    @Test("addresses that are not http(s) servers are refused, as a URL or as text")
    func configuration() {
        let client = APIClient(configuration: .init(userAgent: "test"))
        for address in ["ftp://127.0.0.1/", "file:///tmp/books", "http:///x", "http://127.0.0.1:8080/?q=1"] {
            #expect(throws: BooksConfigurationError.self) {
                try BooksProvider(client: client, baseURL: URL(string: address)!)
            }
            #expect(BooksProvider.baseURL(parsing: address) == nil, "\(address)")
        }
        #expect(BooksProvider.baseURL(parsing: "127.0.0.1:8080") == nil)
        #expect(BooksProvider.baseURL(parsing: "http://127.0.0.1:8080")?.absoluteString == "http://127.0.0.1:8080/")
        let proxied = BooksProvider.baseURL(parsing: "https://example.org/scout/")
        #expect(proxied?.absoluteString == "https://example.org/scout/")
    }
}
