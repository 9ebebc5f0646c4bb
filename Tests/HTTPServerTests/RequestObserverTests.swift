import Foundation
import ScoutTestSupport
import Synchronization
import Testing

@testable import HTTPServer

/// The router's observer hears of each answered request with its route's pattern (never the
/// raw path), its status and its duration on the server's injected clock.
@Suite("Request observer", .timeLimit(.minutes(10)))
struct RequestObserverTests {
    /// Keeps what it hears, and lets a test wait for a number of requests.
    final class Recorder: RequestObserver {
        struct Finished: Equatable {
            let route: String?
            let status: Int
            let duration: Duration
        }

        let heard = Mutex<[Finished]>([])

        func requestFinished(route: String?, status: Int, duration: Duration) {
            heard.withLock { $0.append(Finished(route: route, status: status, duration: duration)) }
        }

        /// What it heard once it heard `count` requests (or what it heard when waiting ran out).
        func waitFor(_ count: Int) async -> [Finished] {
            _ = await eventually(within: .seconds(10)) { heard.withLock { $0.count >= count } }
            return heard.withLock { $0 }
        }
    }

    @Test("routes are reported by pattern; an unknown path as nil; 404 and 405 count")
    func routesByPattern() async throws {
        let recorder = Recorder()
        var router = Router()
        router.add(.get, "/books/:id/related", immediate: { _ in .text("related") })
        router.add(.get, "/files/*rest", immediate: { _ in .text("file") })
        router.add(.get, "/healthz", immediate: { _ in .text("ok") })
        router.observer = recorder
        try await withTestServer(router) { server in
            for target in ["/books/17/related", "/files/a/b/c.txt", "/healthz", "/nowhere/99"] {
                _ = try await RawHTTPConnection(port: server.port).get(target)
            }
            let post = try RawHTTPConnection(port: server.port)
            try await post.send("POST /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
            _ = try await post.readResponse()
            let heard = await recorder.waitFor(5)
            // Sorted: a request's report may come a moment after its client read the reply.
            let routes = heard.map { "\($0.route ?? "nil") \($0.status)" }.sorted()
            #expect(
                routes == ["/books/:id/related 200", "/files/*rest 200", "/healthz 200", "/healthz 405", "nil 404"])
        }
    }

    @Test("the duration is the server's clock from the request's arrival to its reply")
    func durationOnInjectedClock() async throws {
        let clock = ManualClock()
        let recorder = Recorder()
        let started = AsyncStream<Void>.makeStream()
        let release = AsyncStream<Void>.makeStream()
        var router = Router()
        router.add(.get, "/slow/:n") { _ in
            started.continuation.yield()
            for await _ in release.stream { break }
            return .text("done")
        }
        router.observer = recorder
        try await withTestServer(router, configure: { $0.clock = clock }) { server in
            let connection = try RawHTTPConnection(port: server.port)
            try await connection.send("GET /slow/1 HTTP/1.1\r\nHost: x\r\n\r\n")
            for await _ in started.stream { break }
            clock.advance(by: .milliseconds(30))
            release.continuation.yield()
            let reply = try await connection.readResponse()
            #expect(reply.status == 200)
            let heard = await recorder.waitFor(1)
            #expect(heard == [.init(route: "/slow/:n", status: 200, duration: .milliseconds(30))])
        }
    }
}
