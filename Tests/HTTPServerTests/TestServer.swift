import Foundation
import HTTPServer
import ScoutTestSupport

/// Starts a server on 127.0.0.1:0 with test-friendly limits, runs `body`, and shuts it down.
func withTestServer<T>(
    _ router: Router,
    configure: (inout ServerConfiguration) -> Void = { _ in },
    _ body: (Server) async throws -> T
) async throws -> T {
    var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, threadCount: 2, accessLog: nil)
    configuration.shutdownGracePeriod = .seconds(2)
    configure(&configuration)
    return try await Server.withRunning(configuration, responder: router, body)
}

/// An error whose description must never reach a client.
struct SecretInternalError: Error, CustomStringConvertible {
    var description: String { "database password is hunter2" }
}

/// An error that picks its own response.
struct TeapotError: HTTPResponseError {
    var status: Int { 418 }
    var code: String { "teapot" }
    var message: String { "This server is a teapot. Ask for coffee elsewhere." }
    var headers: HTTPHeaders { ["Retry-After": "7"] }
    var details: [String: JSONValue] { ["source": "kitchen"] }
}

/// Counts arrivals and releases every waiter once `expected` have arrived.
actor ArrivalGate {
    private let expected: Int
    private var arrived = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(expected: Int) { self.expected = expected }

    func arriveAndWait() async {
        arrived += 1
        if arrived >= expected {
            for waiter in waiters { waiter.resume() }
            waiters.removeAll()
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    var count: Int { arrived }
}
