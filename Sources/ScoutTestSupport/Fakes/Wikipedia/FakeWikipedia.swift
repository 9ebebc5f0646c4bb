import Foundation
import HTTPServer
import Synchronization

/// A fake of Wikipedia's MediaWiki action API (`/w/api.php`) over an in-memory list of pages,
/// running as a real HTTP server on 127.0.0.1. Start one with ``withFakeWikipedia(pages:suggestions:clock:configuration:isolation:_:)``.
///
/// It answers `action=query` with `generator=prefixsearch` (case- and diacritic-insensitive
/// title prefixes, redirects included), `generator=search` and `list=search` (every word in the
/// title, a redirect or the text), `titles`/`pageids`, `redirects`, and
/// `prop=pageimages|pageterms|description`, in `formatversion=1` or `2`, with the real API's
/// continuation, `index`, `limits`, warnings and both error shapes (classic `error`, and
/// `errors` with `errorformat`); also `action=opensearch`. Replies follow the samples captured
/// from Wikipedia in `../shared/fixtures/wikipedia`.
///
/// Ranking is the order of ``pages``: list pages most relevant first. Pages are written in
/// page-id order with an `index` giving the rank, as the real API does, so clients must sort.
///
/// ```swift
/// try await withFakeWikipedia(pages: [
///     .init(pageID: 1, title: "Zürich", description: "city in Switzerland"),
/// ]) { fake in
///     fake.suggestions["zurik"] = "zurich"
///     fake.inject(.status(503), count: 1)
///     let provider = WikipediaProvider(apiURL: fake.baseURL)
///     // …
/// }
/// ```
public final class FakeWikipedia: FakeService {
    private struct State {
        var index: WikipediaIndex
        var languageIndexes: [String: WikipediaIndex] = [:]
        var suggestions: [String: String]
        var servedBy = "mw-api-ext.fake"
        var articleBaseURL = "https://en.wikipedia.org/wiki/"
        var port: UInt16 = 0
    }

    private let state: Mutex<State>
    /// Every request received.
    public let recorder = RequestRecorder()
    /// Latency and fault script.
    public let faults: FaultPlan

    /// A fake with `pages` that is not listening yet; ``withFakeWikipedia(pages:suggestions:clock:configuration:isolation:_:)`` starts it.
    init(pages: [Page], suggestions: [String: String], clock: any Clock<Duration>) {
        state = Mutex(State(index: WikipediaIndex(pages: pages), suggestions: suggestions))
        faults = FaultPlan(clock: clock)
    }

    /// The port it listens on.
    public var port: UInt16 { state.withLock { $0.port } }

    /// `http://127.0.0.1:PORT/w/api.php`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)\(MediaWikiAPI.path)")! }

    /// The pages, most relevant first; replace them at any time.
    public var pages: [Page] {
        get { state.withLock { $0.index.pages } }
        set {
            let index = WikipediaIndex(pages: newValue)
            state.withLock { $0.index = index }
        }
    }

    /// "Did you mean" suggestions by search text (`fake.suggestions["butteryfly"] = "butterfly"`),
    /// reported in `searchinfo.suggestion` by `list=search` (matched ignoring case and diacritics).
    public var suggestions: [String: String] {
        get { state.withLock { $0.suggestions } }
        set { state.withLock { $0.suggestions = newValue } }
    }

    /// The `servedby` value of error replies.
    public var servedBy: String {
        get { state.withLock { $0.servedBy } }
        set { state.withLock { $0.servedBy = newValue } }
    }

    /// Where `action=opensearch` says articles live (`https://en.wikipedia.org/wiki/`).
    public var articleBaseURL: String {
        get { state.withLock { $0.articleBaseURL } }
        set { state.withLock { $0.articleBaseURL = newValue } }
    }

    /// The pages of other Wikipedias, by language code. A request whose `Host` is
    /// `<code>.localhost` — the address ``languageTemplate`` makes for `{lang}` (libcurl
    /// resolves every `*.localhost` to loopback) — searches `languages[code]` (none: no
    /// pages); any other host searches ``pages``. Each code is a host of its own to a client,
    /// so one fake stands for many Wikimedia hosts and counts their requests in flight together.
    public var languages: [String: [Page]] {
        get { state.withLock { $0.languageIndexes.mapValues(\.pages) } }
        set {
            let indexes = newValue.mapValues(WikipediaIndex.init(pages:))
            state.withLock { $0.languageIndexes = indexes }
        }
    }

    /// `http://{lang}.localhost:PORT/w/api.php`: a `SCOUT_WIKIPEDIA_API` whose every language
    /// is a host of its own, all answered by this fake (see ``languages``).
    public var languageTemplate: String { "http://{lang}.localhost:\(port)\(MediaWikiAPI.path)" }

    /// The language a request was sent to: the `<code>` of its `Host: <code>.localhost:PORT`,
    /// nil for any other host.
    public static func language(of record: RecordedRequest) -> String? {
        guard let host = record.headers["Host"]?.split(separator: ":").first?.lowercased(),
            host.hasSuffix(".localhost")
        else { return nil }
        return String(host.dropLast(".localhost".count))
    }

    /// Adds `page` as the least relevant page.
    public func add(_ page: Page) {
        state.withLock { $0.index = WikipediaIndex(pages: $0.index.pages + [page]) }
    }

    func started(port: UInt16) { state.withLock { $0.port = port } }

    /// The reply to `record` from the current pages (no faults, no latency).
    func answer(_ record: RecordedRequest) -> Response {
        let snapshot = state.withLock { $0 }
        let index = Self.language(of: record).map { snapshot.languageIndexes[$0] ?? WikipediaIndex(pages: []) }
        let api = MediaWikiAPI(
            index: index ?? snapshot.index, suggestions: snapshot.suggestions, servedBy: snapshot.servedBy,
            apiURL: "http://127.0.0.1:\(snapshot.port)\(MediaWikiAPI.path)", articleBaseURL: snapshot.articleBaseURL)
        return api.respond(to: record)
    }

    /// The text a request searches for, which keys per-query latency.
    static func searchText(of record: RecordedRequest) -> String? {
        let parameters = record.parameters
        return parameters["gpssearch"] ?? parameters["gsrsearch"] ?? parameters["srsearch"] ?? parameters["search"]
    }
}

/// Starts a ``FakeWikipedia`` on 127.0.0.1 (a free port), runs `body` with it, and shuts it down
/// however `body` ends; requests still hanging are cancelled.
///
/// ```swift
/// let titles = try await withFakeWikipedia(pages: pages) { fake in
///     try await search("zur", apiURL: fake.baseURL).map(\.title)
/// }
/// ```
///
/// - Parameters:
///   - pages: The articles, most relevant first.
///   - suggestions: "Did you mean" suggestions by search text.
///   - clock: The clock latency and slow bodies run on (a ``ManualClock`` in tests that must not wait).
///   - configuration: The server settings; ``HTTPServer/ServerConfiguration/fakeUpstream`` by default.
public func withFakeWikipedia<T>(
    pages: [FakeWikipedia.Page] = [],
    suggestions: [String: String] = [:],
    clock: any Clock<Duration> = ContinuousClock(),
    configuration: ServerConfiguration = .fakeUpstream,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (FakeWikipedia) async throws -> T
) async throws -> T {
    let fake = FakeWikipedia(pages: pages, suggestions: suggestions, clock: clock)
    let responder = FakeResponder(
        recorder: fake.recorder, faults: fake.faults, searchText: FakeWikipedia.searchText,
        answer: { [fake] record in fake.answer(record) })
    return try await runFakeServer(
        fake, responder: responder, configuration: configuration, started: fake.started(port:), body)
}
