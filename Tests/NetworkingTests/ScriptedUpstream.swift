import Foundation
import HTTPServer
import Networking
import Synchronization

/// A tiny upstream on 127.0.0.1 whose replies a test scripts one by one, recording what came in
/// and how many requests were in flight at once.
final class ScriptedUpstream: Sendable {
    struct Received: Sendable {
        let target: String
        let userAgent: String?
        let acceptEncoding: String?
        let query: QueryParameters
        /// The client's port: one per connection, so equal ports mean a reused connection.
        let remotePort: UInt16?
    }

    private struct State {
        var script: [@Sendable (Request) async -> Response] = []
        var fallback: @Sendable (Request) async -> Response = { _ in .json(bytes: Array(#"{"ok":true}"#.utf8)) }
        var received: [Received] = []
        var inFlight = 0
        var maxInFlight = 0
    }

    private let state = Mutex(State())
    /// Whether ``received`` keeps every request (a storm's would grow the test's memory).
    private let recordsRequests: Bool

    init(recordsRequests: Bool = true) {
        self.recordsRequests = recordsRequests
    }

    /// Replies used in order, one per request; after them, the fallback.
    func enqueue(_ reply: @escaping @Sendable (Request) async -> Response) {
        state.withLock { $0.script.append(reply) }
    }

    func enqueue(_ response: Response, times: Int = 1) {
        for _ in 0..<times { enqueue { _ in response } }
    }

    func setFallback(_ reply: @escaping @Sendable (Request) async -> Response) {
        state.withLock { $0.fallback = reply }
    }

    var received: [Received] { state.withLock { $0.received } }
    var maxInFlight: Int { state.withLock { $0.maxInFlight } }

    var router: Router {
        var router = Router()
        router.add(.get, "/*path") { [self] request in
            let recordsRequests = self.recordsRequests
            let reply = state.withLock { state in
                if recordsRequests {
                    state.received.append(
                        Received(
                            target: request.rawTarget, userAgent: request.headers["User-Agent"],
                            acceptEncoding: request.headers["Accept-Encoding"], query: request.query,
                            remotePort: request.remoteAddress?.port))
                }
                state.inFlight += 1
                state.maxInFlight = max(state.maxInFlight, state.inFlight)
                return state.script.isEmpty ? state.fallback : state.script.removeFirst()
            }
            let response = await reply(request)
            state.withLock { $0.inFlight -= 1 }
            return response
        }
        return router
    }

    /// Runs `body` with this upstream listening; `url` is its base address.
    func serve<T>(_ body: (_ url: URL) async throws -> T) async throws -> T {
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, accessLog: nil)
        configuration.shutdownGracePeriod = .milliseconds(100)
        configuration.limits.maxConnectionsPerIP = 256
        return try await Server.withRunning(configuration, responder: router) { server in
            try await body(URL(string: "http://127.0.0.1:\(server.port)/api")!)
        }
    }
}

struct Reply: Decodable, Sendable, Equatable {
    let ok: Bool
}

/// A client whose every host follows `policy`.
func makeClient(
    policy: HostPolicy = HostPolicy(), clock: any Clock<Duration> = ContinuousClock()
) -> APIClient {
    APIClient(
        configuration: .init(userAgent: "Scout/test (tests@example.org)", hostPolicies: ["127.0.0.1": policy]),
        clock: clock)
}

/// A policy with no waiting between attempts, so tests run fast.
func quickPolicy(maxAttempts: Int = 3, maxConcurrent: Int = 8, breakerThreshold: Int = 50) -> HostPolicy {
    HostPolicy(
        maxConcurrent: maxConcurrent, requestsPerSecond: 1000, burst: 1000, maxAttempts: maxAttempts,
        backoffBase: .milliseconds(1), backoffCap: .milliseconds(5), breakerThreshold: breakerThreshold,
        breakerCooldown: .seconds(30))
}

func okEndpoint(_ url: URL, query: [(name: String, value: String)] = [], deadline: Duration = .seconds(3))
    -> Endpoint<Reply>
{
    Endpoint<Reply>(source: "Upstream", url: url, query: query, deadline: deadline)
}
