import Foundation
import HTTPServer
import Synchronization

/// A fake of Flickr's REST API (`/services/rest/`) answering `flickr.photos.search` over an
/// in-memory list of photos, running as a real HTTP server on 127.0.0.1. Start one with
/// ``withFakeFlickr(photos:apiKeys:clock:configuration:isolation:_:)``.
///
/// Replies follow the samples captured from Flickr in `../shared/fixtures/flickr`: `photos` with
/// `page`/`pages`/`perpage` as numbers and `total` as a string, only the requested `extras`
/// (`url_t` with `height_t`/`width_t`, …), `stat`; failures as `{"stat":"fail","code","message"}`
/// with HTTP 200 (100 invalid key, 112 unknown method, 3 parameterless search, 111 unknown format).
/// `format=json&nojsoncallback=1` gives JSON, `format=json` alone JSONP (`jsonFlickrApi(…)`), no
/// format REST XML, as on Flickr. Ranking is the order of ``photos``.
///
/// ```swift
/// try await withFakeFlickr(photos: photos, apiKeys: ["test-key"]) { fake in
///     fake.inject(.retryAfter(seconds: 1), count: 1)
///     let page = try await flickr.search("bamboo", baseURL: fake.baseURL, key: "test-key")
/// }
/// ```
public final class FakeFlickr: FakeService {
    /// A well-formed key (32 hex digits) that ``withFakeFlickr(photos:apiKeys:clock:configuration:isolation:_:)`` accepts by default.
    public static let defaultAPIKey = "0123456789abcdef0123456789abcdef"

    private struct State {
        var photos: [Photo]
        var apiKeys: Set<String>
        var port: UInt16 = 0
    }

    private let state: Mutex<State>
    /// Every request received.
    public let recorder = RequestRecorder()
    /// Latency and fault script.
    public let faults: FaultPlan

    init(photos: [Photo], apiKeys: Set<String>, clock: any Clock<Duration>) {
        state = Mutex(State(photos: photos, apiKeys: apiKeys))
        faults = FaultPlan(clock: clock)
    }

    /// The port it listens on.
    public var port: UInt16 { state.withLock { $0.port } }

    /// `http://127.0.0.1:PORT/services/rest/`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)\(FlickrAPI.path)/")! }

    /// The photos, most relevant first; replace them at any time.
    public var photos: [Photo] {
        get { state.withLock { $0.photos } }
        set { state.withLock { $0.photos = newValue } }
    }

    /// The API keys it accepts; any other key fails with code 100.
    public var apiKeys: Set<String> {
        get { state.withLock { $0.apiKeys } }
        set { state.withLock { $0.apiKeys = newValue } }
    }

    func started(port: UInt16) { state.withLock { $0.port = port } }

    /// The reply to `record` from the current photos (no faults, no latency).
    func answer(_ record: RecordedRequest) -> Response {
        let snapshot = state.withLock { $0 }
        return FlickrAPI(photos: snapshot.photos, apiKeys: snapshot.apiKeys).respond(to: record)
    }
}

/// Starts a ``FakeFlickr`` on 127.0.0.1 (a free port), runs `body` with it, and shuts it down
/// however `body` ends; requests still hanging are cancelled.
///
/// ```swift
/// try await withFakeFlickr(photos: photos, apiKeys: ["test-key"]) { fake in
///     // point the client at fake.baseURL
/// }
/// ```
///
/// - Parameters:
///   - photos: The photos, most relevant first.
///   - apiKeys: Keys that are accepted; others fail with code 100.
///   - clock: The clock latency and slow bodies run on.
///   - configuration: The server settings; ``HTTPServer/ServerConfiguration/fakeUpstream`` by default.
public func withFakeFlickr<T>(
    photos: [FakeFlickr.Photo] = [],
    apiKeys: Set<String> = [FakeFlickr.defaultAPIKey],
    clock: any Clock<Duration> = ContinuousClock(),
    configuration: ServerConfiguration = .fakeUpstream,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (FakeFlickr) async throws -> T
) async throws -> T {
    let fake = FakeFlickr(photos: photos, apiKeys: apiKeys, clock: clock)
    let responder = FakeResponder(
        recorder: fake.recorder, faults: fake.faults, searchText: { $0.parameters["text"] },
        answer: { [fake] record in fake.answer(record) })
    return try await runFakeServer(
        fake, responder: responder, configuration: configuration, started: fake.started(port:), body)
}
