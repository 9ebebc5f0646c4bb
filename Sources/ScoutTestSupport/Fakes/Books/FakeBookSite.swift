import Foundation
import HTTPServer
import Synchronization

/// A small book website for crawler tests, running as a real HTTP server on 127.0.0.1: book
/// pages marked up with JSON-LD (one with `@graph`, one with a series), Open Graph only,
/// microdata, broken HTML, missing fields and broken JSON-LD; "similar books" sections linking
/// them; a page that is no book, a Latin-1 page, a robots.txt with `Crawl-delay` that forbids
/// `/private/`, an image, a redirect, a page that always fails with 500 and a 60 KiB page.
/// ``Path`` names every address; every request is recorded.
///
/// ```swift
/// try await withFakeBookSite { site in
///     let summary = try await crawler.crawl([site.url(FakeBookSite.Path.index)])
///     #expect(site.requests.first?.path == "/robots.txt")
///     #expect(!site.requests.contains { $0.path.hasPrefix("/private/") })
/// }
/// ```
public final class FakeBookSite: FakeService {
    private struct State {
        var port: UInt16 = 0
        var pages: [String: Page]
        var robotsTxt: String
        var elsewhere: [URL] = []
        var generator: (@Sendable (String) -> Page?)?
    }

    private let state: Mutex<State>
    /// Every request received.
    public let recorder = RequestRecorder()
    /// Latency and fault script.
    public let faults: FaultPlan

    init(robotsTxt: String, clock: any Clock<Duration>) {
        state = Mutex(State(pages: BookSitePages.all, robotsTxt: robotsTxt))
        faults = FaultPlan(clock: clock)
    }

    /// The port it listens on.
    public var port: UInt16 { state.withLock { $0.port } }

    /// `http://127.0.0.1:PORT/`, the home page.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    /// The absolute URL of `path` (which starts with `/`): `site.url(FakeBookSite.Path.dune)`.
    public func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// The robots.txt served; replace it at any time.
    public var robotsTxt: String {
        get { state.withLock { $0.robotsTxt } }
        set { state.withLock { $0.robotsTxt = newValue } }
    }

    /// Pages on other sites that The Hunger Games lists among its similar books (none by default).
    public var similarElsewhere: [URL] {
        get { state.withLock { $0.elsewhere } }
        set { state.withLock { $0.elsewhere = newValue } }
    }

    /// Makes the page of a path no fixed page answers (nil: 404), as each request comes: a site
    /// of endless pages, such as ``HostileBookPages/linkFarm(at:links:)``.
    ///
    /// ```swift
    /// site.generator = { path in .html(HostileBookPages.linkFarm(at: path, links: 60_000)) }
    /// ```
    public var generator: (@Sendable (String) -> Page?)? {
        get { state.withLock { $0.generator } }
        set { state.withLock { $0.generator = newValue } }
    }

    /// Serves `page` at `path` (decoded, as in ``RecordedRequest/path``).
    public func setPage(_ page: Page, at path: String) {
        state.withLock { $0.pages[path] = page }
    }

    /// Every path the fake serves, robots.txt included.
    public var paths: [String] { state.withLock { [Path.robots] + $0.pages.keys.sorted() } }

    func started(port: UInt16) { state.withLock { $0.port = port } }

    func answer(_ record: RecordedRequest) -> Response {
        let snapshot = state.withLock { $0 }
        if record.path == Path.robots {
            return Response(status: 200, headers: ["Content-Type": "text/plain"], bytes: Array(snapshot.robotsTxt.utf8))
        }
        guard let page = snapshot.pages[record.path] ?? snapshot.generator?(record.path) else {
            return Response(
                status: 404, headers: ["Content-Type": "text/html"], bytes: Array("<h1>Not found</h1>".utf8))
        }
        let origin = "http://127.0.0.1:\(snapshot.port)"
        let elsewhere = snapshot.elsewhere.map { "<li><a href=\"\($0.absoluteString)\">Elsewhere</a></li>" }
        return page.response(origin: origin, elsewhere: elsewhere.joined())
    }

    /// The robots.txt the fake serves by default: everyone stays out of `/private/`, waits
    /// `crawlDelay` seconds between requests (written as given; nil leaves the line out), and
    /// `GreedyBot` stays out altogether.
    ///
    /// ```swift
    /// site.robotsTxt = FakeBookSite.robotsTxt(crawlDelay: "0.2")
    /// ```
    public static func robotsTxt(crawlDelay: String? = "0.02") -> String {
        """
        # The fake book site
        User-agent: *
        Disallow: /private/
        \(crawlDelay.map { "Crawl-delay: \($0)" } ?? "")

        User-agent: GreedyBot
        Disallow: /
        """
    }
}

/// Starts a ``FakeBookSite`` on 127.0.0.1 (a free port), runs `body` with it, and shuts it down
/// however `body` ends.
///
/// ```swift
/// try await withFakeBookSite(robotsTxt: FakeBookSite.robotsTxt(crawlDelay: nil)) { site in
///     // crawl site.baseURL …
/// }
/// ```
public func withFakeBookSite<T>(
    robotsTxt: String = FakeBookSite.robotsTxt(),
    clock: any Clock<Duration> = ContinuousClock(),
    configuration: ServerConfiguration = .fakeUpstream,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (FakeBookSite) async throws -> T
) async throws -> T {
    let fake = FakeBookSite(robotsTxt: robotsTxt, clock: clock)
    let responder = FakeResponder(
        recorder: fake.recorder, faults: fake.faults, searchText: { _ in nil },
        answer: { [fake] record in fake.answer(record) })
    return try await runFakeServer(
        fake, responder: responder, configuration: configuration, started: fake.started(port:), body)
}
