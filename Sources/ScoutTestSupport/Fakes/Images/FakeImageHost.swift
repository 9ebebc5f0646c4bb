import Foundation
import HTTPServer
import Synchronization

/// A fake image host shaped like Wikimedia's upload server, running as a real HTTP server on
/// 127.0.0.1. Any path like `/wikipedia/commons/thumb/a/ab/X.png/120px-X.png` answers with a
/// generated image of that format, 120 pixels wide; a ``Behavior`` set for a path (or for all)
/// makes it redirect anywhere, lie about the type, send non-images, bombs or huge bodies.
/// Every request is recorded; ``FakeService/inject(_:count:when:)`` adds faults (hang, 503 …).
///
/// ```swift
/// try await withFakeImageHost { host in
///     let path = FakeImageHost.thumbnailPath(name: "Zurich", format: .jpeg)
///     host.setBehavior(.redirect(to: "http://169.254.169.254/"), forPath: path)
///     // … the proxy must refuse, and host.requests.count == 1
/// }
/// ```
public final class FakeImageHost: FakeService {
    /// How the host answers a path.
    public enum Behavior: Sendable {
        /// The generated image the path names (the default).
        case image
        /// A valid image of `format`, whatever the path says, with its true `Content-Type`.
        case imageOf(TestImage.Format, width: Int, height: Int)
        /// The path's image labelled with another `Content-Type`, such as `text/html`.
        case wrongContentType(String)
        /// These bytes with this `Content-Type` (an HTML page labelled `image/png`, say).
        case bytes([UInt8], contentType: String)
        /// A tiny file whose header declares 20000×20000 pixels.
        case bomb(TestImage.Format)
        /// A PNG-looking body of `byteCount` bytes, streamed in 64 KiB chunks; with or without
        /// `Content-Length`.
        case oversized(byteCount: Int, declaresLength: Bool)
        /// A redirect to `location` exactly as given (relative, absolute, hostile …).
        case redirect(to: String, status: Int)
        /// An empty reply with this status.
        case status(Int)

        /// A 302 to `location`.
        public static func redirect(to location: String) -> Behavior { .redirect(to: location, status: 302) }
    }

    private struct State {
        var port: UInt16 = 0
        var behaviors: [String: Behavior] = [:]
        var defaultBehavior = Behavior.image
    }

    private let state = Mutex(State())
    /// Every request received.
    public let recorder = RequestRecorder()
    /// Latency and fault script.
    public let faults: FaultPlan

    init(clock: any Clock<Duration>) {
        faults = FaultPlan(clock: clock)
    }

    /// The port it listens on.
    public var port: UInt16 { state.withLock { $0.port } }

    /// `http://127.0.0.1:PORT/`: the base of an image origin pointing here.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    /// The absolute URL of `path` (which starts with `/`) on this host.
    public func url(forPath path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// Makes the host answer `path` (decoded, as in ``RecordedRequest/path``) with `behavior`.
    public func setBehavior(_ behavior: Behavior, forPath path: String) {
        state.withLock { $0.behaviors[path] = behavior }
    }

    /// Makes the host answer every path without a behavior of its own with `behavior`.
    public func setDefaultBehavior(_ behavior: Behavior) {
        state.withLock { $0.defaultBehavior = behavior }
    }

    /// A Wikimedia-shaped thumbnail path: `/wikipedia/commons/thumb/a/ab/<name>.<ext>/<width>px-<name>.<ext>`.
    ///
    /// ```swift
    /// FakeImageHost.thumbnailPath(name: "X", format: .png)   // "/wikipedia/commons/thumb/a/ab/X.png/120px-X.png"
    /// ```
    public static func thumbnailPath(name: String, format: TestImage.Format = .png, width: Int = 120) -> String {
        let file = "\(name).\(format.fileExtension)"
        return "/wikipedia/commons/thumb/a/ab/\(file)/\(width)px-\(file)"
    }

    /// The proxy key of a path on this host: the path without its leading `/`.
    public static func key(forPath path: String) -> String { String(path.drop { $0 == "/" }) }

    func started(port: UInt16) { state.withLock { $0.port = port } }

    func answer(_ record: RecordedRequest) -> Response {
        let behavior = state.withLock { $0.behaviors[record.path] ?? $0.defaultBehavior }
        return Self.response(for: behavior, path: record.path)
    }
}

/// Starts a ``FakeImageHost`` on 127.0.0.1 (a free port), runs `body` with it, and shuts it
/// down however `body` ends; requests still hanging are cancelled.
///
/// ```swift
/// try await withFakeImageHost { host in
///     let origin = ImageOrigin.wikimedia(base: host.baseURL)
/// }
/// ```
public func withFakeImageHost<T>(
    clock: any Clock<Duration> = ContinuousClock(),
    configuration: ServerConfiguration = .fakeUpstream,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (FakeImageHost) async throws -> T
) async throws -> T {
    let fake = FakeImageHost(clock: clock)
    let responder = FakeResponder(
        recorder: fake.recorder, faults: fake.faults, searchText: { _ in nil },
        answer: { [fake] record in fake.answer(record) })
    return try await runFakeServer(
        fake, responder: responder, configuration: configuration, started: fake.started(port:), body)
}
