import Foundation
import HTTPServer

/// What every fake upstream offers a test: where it listens, what it received, and the
/// ``FaultPlan`` that makes it misbehave.
///
/// ```swift
/// try await withFakeWikipedia(pages: pages) { fake in
///     fake.inject(.status(503), count: 2)
///     // … the client retries twice and then succeeds …
///     #expect(fake.requests.count == 3)
/// }
/// ```
public protocol FakeService: AnyObject, Sendable {
    /// The port it listens on (127.0.0.1).
    var port: UInt16 { get }
    /// The URL a client is configured with, such as `http://127.0.0.1:PORT/w/api.php`.
    var baseURL: URL { get }
    /// Every request it received.
    var recorder: RequestRecorder { get }
    /// Its latency and fault script.
    var faults: FaultPlan { get }
}

extension FakeService {
    /// Every request received so far, oldest first.
    public var requests: [RecordedRequest] { recorder.requests }

    /// Scripts `fault` for the next `count` matching requests (every one when nil); see
    /// ``FaultPlan/inject(_:count:when:)``.
    public func inject(
        _ fault: Fault, count: Int? = nil, when predicate: (@Sendable (RecordedRequest) -> Bool)? = nil
    ) {
        faults.inject(fault, count: count, when: predicate)
    }

    /// Removes every scripted fault; latencies stay.
    public func clearFaults() { faults.clearFaults() }

    /// Suspends until at least `count` requests have arrived.
    public func waitForRequests(count: Int) async { await recorder.waitForRequests(count: count) }
}

extension ServerConfiguration {
    /// How fakes listen: 127.0.0.1 on a free port, no access log, no security headers a real API
    /// would not send, a connection limit that lets one test (or benchmark) open many, and no
    /// grace period at shutdown, so a hanging request never delays the end of a test.
    public static var fakeUpstream: ServerConfiguration {
        var configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, threadCount: 2, defaultHeaders: [:], accessLog: nil,
            shutdownGracePeriod: .zero)
        configuration.limits.maxConnectionsPerIP = 1024
        configuration.limits.maxConnections = 2048
        configuration.limits.idleTimeoutSeconds = 10
        return configuration
    }
}

/// Starts `responder` on `configuration`, tells `started` the port, runs `body`, and shuts the
/// server down however `body` ends.
func runFakeServer<Fake: FakeService, T>(
    _ fake: Fake,
    responder: some HTTPResponder,
    configuration: ServerConfiguration,
    started: (UInt16) -> Void,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (Fake) async throws -> T
) async throws -> T {
    let server = Server(configuration: configuration, responder: responder)
    try server.start()
    started(server.port)
    do {
        let result = try await body(fake)
        await server.shutdown()
        return result
    } catch {
        await server.shutdown()
        throw error
    }
}
