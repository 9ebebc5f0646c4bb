import Foundation
import HTTPServer
import Synchronization

/// A fake of Wikimedia Commons' MediaWiki action API (`/w/api.php`) answering file searches —
/// `action=query&generator=search&gsrnamespace=6` with `prop=imageinfo` — over an in-memory list
/// of files, running as a real HTTP server on 127.0.0.1. Start one with
/// ``withFakeCommons(files:clock:configuration:isolation:_:)``.
///
/// Replies follow the real API: pages in page-id order with their rank in `index`, `continue`
/// with `gsroffset` while more files match and `batchcomplete` on the last page, `imageinfo`
/// with exactly the requested `iiprop` (`url`, `size`, `mime`, `extmetadata` filtered by
/// `iiextmetadatafilter`), thumbnails at `iiurlwidth` (never upscaled), extmetadata values as
/// HTML, files without image information as pages without `imageinfo`, and MediaWiki's error
/// shapes. Ranking is the order of ``files``.
///
/// ```swift
/// try await withFakeCommons(files: files) { fake in
///     fake.failPage(atOffset: 20, times: 3)   // the second page fails, then answers
///     let commons = try CommonsProvider(client: client, apiAddress: fake.baseURL.absoluteString)
/// }
/// ```
public final class FakeCommons: FakeService {
    private struct State {
        var files: [File]
        var port: UInt16 = 0
    }

    private let state: Mutex<State>
    /// Every request received.
    public let recorder = RequestRecorder()
    /// Latency and fault script.
    public let faults: FaultPlan

    init(files: [File], clock: any Clock<Duration>) {
        state = Mutex(State(files: files))
        faults = FaultPlan(clock: clock)
    }

    /// The port it listens on.
    public var port: UInt16 { state.withLock { $0.port } }

    /// `http://127.0.0.1:PORT/w/api.php`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)\(MediaWikiAPI.path)")! }

    /// The files, most relevant first; replace them at any time.
    public var files: [File] {
        get { state.withLock { $0.files } }
        set { state.withLock { $0.files = newValue } }
    }

    /// Makes the search page starting at `offset` (`gsroffset`, 0 for the first) fail `times`
    /// times with `fault`, then answer normally. The client retries a 503 up to its host
    /// policy's attempts, so `times` at least that many makes one call fail.
    ///
    /// ```swift
    /// fake.failPage(atOffset: 10, times: 3)
    /// ```
    public func failPage(atOffset offset: Int, times: Int = 1, with fault: Fault = .status(503)) {
        inject(fault, count: times) { request in Int(request.parameters["gsroffset"] ?? "0") ?? 0 == offset }
    }

    /// How many requests asked for the page starting at `offset`.
    public func requestCount(atOffset offset: Int) -> Int {
        requests.filter { Int($0.parameters["gsroffset"] ?? "0") ?? 0 == offset }.count
    }

    func started(port: UInt16) { state.withLock { $0.port = port } }

    /// The reply to `record` from the current files (no faults, no latency).
    func answer(_ record: RecordedRequest) -> Response {
        let snapshot = state.withLock { $0 }
        return CommonsAPI(files: snapshot.files, apiURL: "http://127.0.0.1:\(snapshot.port)\(MediaWikiAPI.path)")
            .respond(to: record)
    }
}

/// Starts a ``FakeCommons`` on 127.0.0.1 (a free port), runs `body` with it, and shuts it down
/// however `body` ends; requests still hanging are cancelled.
///
/// ```swift
/// let titles = try await withFakeCommons(files: files) { fake in
///     try await search("matterhorn", apiURL: fake.baseURL).map(\.title)
/// }
/// ```
///
/// - Parameters:
///   - files: The files, most relevant first.
///   - clock: The clock latency and slow bodies run on (a ``ManualClock`` in tests that must not wait).
///   - configuration: The server settings; ``HTTPServer/ServerConfiguration/fakeUpstream`` by default.
public func withFakeCommons<T>(
    files: [FakeCommons.File] = [],
    clock: any Clock<Duration> = ContinuousClock(),
    configuration: ServerConfiguration = .fakeUpstream,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (FakeCommons) async throws -> T
) async throws -> T {
    let fake = FakeCommons(files: files, clock: clock)
    let responder = FakeResponder(
        recorder: fake.recorder, faults: fake.faults, searchText: { $0.parameters["gsrsearch"] },
        answer: { [fake] record in fake.answer(record) })
    return try await runFakeServer(
        fake, responder: responder, configuration: configuration, started: fake.started(port:), body)
}
