import Foundation
import HTTPServer
import ScoutTestSupport
import Synchronization
import Testing

/// Many suspended async requests at once, and shutdown with requests in flight.
@Suite("Server concurrency and shutdown", .timeLimit(.minutes(10)))
struct ServerConcurrencyTests {
    @Test("200 concurrent suspended async requests all complete")
    func twoHundredSuspended() async throws {
        let gate = ArrivalGate(expected: 200)
        var router = Router()
        router.add(.get, "/wait") { request in
            await gate.arriveAndWait()
            return .text(request.query["n"] ?? "")
        }
        try await withTestServer(
            router,
            configure: {
                $0.limits.maxConnectionsPerIP = 256
                $0.limits.maxConnections = 512
            }
        ) { server in
            // Send all 200 first: none can finish before the last has arrived.
            var connections: [RawHTTPConnection] = []
            for index in 0..<200 {
                let connection = try RawHTTPConnection(port: server.port, timeout: .seconds(20))
                try await connection.send("GET /wait?n=\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
                connections.append(connection)
            }
            for (index, connection) in connections.enumerated() {
                let response = try await connection.readResponse()
                #expect(response.status == 200)
                #expect(response.text == "\(index)")
            }
            #expect(await gate.count == 200)
        }
    }

    @Test("shutdown lets in-flight requests finish, answers new ones 503, then refuses connections")
    func shutdownFinishesInFlight() async throws {
        let started = ArrivalGate(expected: 1)
        let release = AsyncStream<Void>.makeStream()
        var router = Router()
        router.add(.get, "/slow") { _ in
            await started.arriveAndWait()
            for await _ in release.stream { break }
            return .text("finished")
        }
        // Never advanced: shutdown ends on the request's finishing alone, not on its grace period.
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, accessLog: nil, clock: ManualClock())
        configuration.shutdownGracePeriod = .seconds(5)
        let server = Server(configuration: configuration, responder: router)
        try server.start()
        let port = server.port
        let connection = try RawHTTPConnection(port: port)
        try await connection.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(await eventually { await started.count == 1 })

        let shutdown = Task { await server.shutdown() }
        // While the request in flight goes on, a new one answers 503 and its connection closes.
        // (Until the shutdown task starts draining, the probe answers 404 and is tried again.)
        #expect(await eventually { (try? await RawHTTPConnection(port: port).get("/elsewhere"))?.status == 503 })
        release.continuation.yield()
        let response = try await connection.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "finished")
        await shutdown.value
        #expect(throws: RawHTTPError.self) { try RawHTTPConnection(port: port) }
    }

    @Test("shutdown cancels requests past the grace period; they answer 503")
    func shutdownCancelsStragglers() async throws {
        let started = ArrivalGate(expected: 2)
        let stuck = Mutex<CheckedContinuation<Void, Never>?>(nil)
        var router = Router()
        router.add(.get, "/forever") { _ in
            await started.arriveAndWait()
            try await untilCancelled()
            return .text("never")
        }
        // Ignores cancellation altogether: shutdown must still resume its connection.
        router.add(.get, "/deaf") { _ in
            await withCheckedContinuation { continuation in
                stuck.withLock { $0 = continuation }
                Task { await started.arriveAndWait() }
            }
            return .text("late")
        }
        let clock = ManualClock()
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, accessLog: nil, clock: clock)
        configuration.shutdownGracePeriod = .seconds(5)
        let server = Server(configuration: configuration, responder: router)
        try server.start()
        let cancellable = try RawHTTPConnection(port: server.port)
        try await cancellable.send("GET /forever HTTP/1.1\r\nHost: x\r\n\r\n")
        let deaf = try RawHTTPConnection(port: server.port)
        try await deaf.send("GET /deaf HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(await eventually { await started.count == 2 })

        let shutdown = Task { await server.shutdown() }
        // The grace period passes on the server's clock with both still running; cancelled,
        // /forever ends, and /deaf's half second for noticing passes too.
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(5))
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(500))
        await shutdown.value
        #expect(try await cancellable.readResponse().status == 503)
        #expect(try await deaf.readResponse().status == 503)
        stuck.withLock { $0?.resume() }
    }
}
