import Foundation
import HTTPServer
import Networking
import ScoutTestSupport
import Testing

@Suite("APIClient", .timeLimit(.minutes(10)))
struct APIClientTests {
    @Test("every request carries the User-Agent and the exact query")
    func userAgentAndQuery() async throws {
        let upstream = ScriptedUpstream()
        try await upstream.serve { url in
            let client = makeClient(policy: quickPolicy())
            for value in ["a+b&c=d#e", "Zürich", "東京", "100% ☕️", "x y"] {
                let reply = try await client.send(okEndpoint(url, query: [("q", value)]))
                #expect(reply == Reply(ok: true))
            }
            #expect(upstream.received.map { $0.query["q"] } == ["a+b&c=d#e", "Zürich", "東京", "100% ☕️", "x y"])
            #expect(upstream.received.allSatisfy { $0.userAgent == "Scout/test (tests@example.org)" })
        }
    }

    @Test("the deadline ends a hanging call with a sentence naming the source (T8)")
    func deadline() async throws {
        let upstream = ScriptedUpstream()
        upstream.setFallback { _ in
            try? await untilCancelled()
            return .text("late")
        }
        try await upstream.serve { url in
            let client = makeClient(policy: quickPolicy(maxAttempts: 1))
            let clock = ContinuousClock()
            let started = clock.now
            let error = await #expect(throws: APIError.self) {
                try await client.send(okEndpoint(url, deadline: .milliseconds(300)))
            }
            // The exact bound is checked on a manual clock below; in real time, on a loaded
            // two-core machine, this only proves the call ends promptly rather than hanging.
            #expect(clock.now - started < .milliseconds(300) + .seconds(5))
            #expect(error?.kind == .timedOut(.milliseconds(300)))
            #expect(error?.userMessage == "Upstream did not answer within 300 ms. Retry?")
        }
    }

    @Test("a deadline measured on a manual clock")
    func deadlineOnManualClock() async throws {
        let upstream = ScriptedUpstream()
        upstream.setFallback { _ in
            try? await untilCancelled()
            return .text("late")
        }
        try await upstream.serve { url in
            let clock = ManualClock()
            let client = makeClient(policy: quickPolicy(maxAttempts: 1), clock: clock)
            let call = Task { try await client.send(okEndpoint(url, deadline: .seconds(3))) }
            await clock.waitForSleepers(count: 1)
            clock.advance(by: .seconds(3))
            await #expect(throws: APIError.self) { try await call.value }
        }
    }

    @Test("cancelling the caller is a CancellationError, not an APIError")
    func cancellation() async throws {
        let upstream = ScriptedUpstream()
        upstream.setFallback { _ in
            try? await untilCancelled()
            return .text("late")
        }
        try await upstream.serve { url in
            let client = makeClient(policy: quickPolicy())
            let call = Task { try await client.send(okEndpoint(url)) }
            #expect(await eventually { upstream.received.count == 1 })  // the call is in flight
            call.cancel()
            await #expect(throws: CancellationError.self) { try await call.value }
        }
    }

    @Test("a body over the byte cap fails before decoding; so does a large Content-Length")
    func byteCap() async throws {
        let upstream = ScriptedUpstream()
        let huge = Array(repeating: UInt8(ascii: "x"), count: 3 * 1024 * 1024)
        upstream.enqueue(Response(bytes: huge))
        upstream.enqueue(
            Response(
                body: .stream(
                    ResponseStream(declaredLength: nil) {
                        Array(repeating: UInt8(ascii: "y"), count: 256 * 1024)
                    })))
        try await upstream.serve { url in
            let client = makeClient(policy: quickPolicy(maxAttempts: 1))
            var endpoint = okEndpoint(url)
            endpoint.maxResponseBytes = 1024 * 1024
            for index in 0..<2 {
                let error = await #expect(throws: APIError.self) { try await client.send(endpoint) }
                #expect(error?.kind == .tooLarge(limit: 1024 * 1024), "reply \(index)")
            }
        }
    }

    @Test("redirects are refused unless the endpoint allows them")
    func redirects() async throws {
        let upstream = ScriptedUpstream()
        upstream.enqueue(Response(status: 302, headers: ["Location": "/api/elsewhere"]))
        try await upstream.serve { url in
            let client = makeClient(policy: quickPolicy())
            let error = await #expect(throws: APIError.self) { try await client.send(okEndpoint(url)) }
            #expect(error?.kind == .redirectRefused)
            #expect(upstream.received.count == 1)
        }
    }

    @Test("5xx is retried, then succeeds")
    func retriesServerErrors() async throws {
        let upstream = ScriptedUpstream()
        upstream.enqueue(Response.text("down", status: 503), times: 2)
        try await upstream.serve { url in
            let client = makeClient(policy: quickPolicy(maxAttempts: 3))
            let reply = try await client.send(okEndpoint(url))
            #expect(reply == Reply(ok: true))
            #expect(upstream.received.count == 3)
        }
    }

    @Test("retries stop at the attempt limit with a sentence")
    func retriesGiveUp() async throws {
        let upstream = ScriptedUpstream()
        upstream.setFallback { _ in .text("down", status: 500) }
        try await upstream.serve { url in
            let client = makeClient(policy: quickPolicy(maxAttempts: 3))
            let error = await #expect(throws: APIError.self) { try await client.send(okEndpoint(url)) }
            #expect(error?.kind == .unavailable)
            #expect(error?.userMessage == "Upstream is unavailable right now. Retry in a little while.")
            #expect(upstream.received.count == 3)
        }
    }

    @Test("429 with Retry-After: no call to that host inside the window (T9)")
    func retryAfterWindow() async throws {
        let upstream = ScriptedUpstream()
        upstream.enqueue(Response(status: 429, headers: ["Retry-After": "7"], bytes: []))
        try await upstream.serve { url in
            let clock = ManualClock()
            let client = makeClient(policy: quickPolicy(), clock: clock)
            let first = await #expect(throws: APIError.self) { try await client.send(okEndpoint(url)) }
            #expect(first?.kind == .rateLimited(retryAfter: .seconds(7)))
            clock.advance(by: .seconds(6))
            let second = await #expect(throws: APIError.self) { try await client.send(okEndpoint(url)) }
            #expect(second?.kind == .rateLimited(retryAfter: .seconds(1)))
            #expect(upstream.received.count == 1)
            clock.advance(by: .seconds(1))
            let reply = try await client.send(okEndpoint(url))
            #expect(reply == Reply(ok: true))
            #expect(upstream.received.count == 2)
        }
    }

    @Test("at most maxConcurrent calls in flight per host (T15)")
    func concurrencyCap() async throws {
        let upstream = ScriptedUpstream()
        upstream.setFallback { _ in
            // Slow in real time, so the client's calls overlap at the server and the cap shows.
            try? await Task.sleep(for: .milliseconds(30))
            return .json(bytes: Array(#"{"ok":true}"#.utf8))
        }
        try await upstream.serve { url in
            let client = makeClient(policy: quickPolicy(maxConcurrent: 3))
            try await withThrowingTaskGroup(of: Reply.self) { group in
                for _ in 0..<12 { group.addTask { try await client.send(okEndpoint(url)) } }
                for try await reply in group { #expect(reply.ok) }
            }
            #expect(upstream.received.count == 12)
            #expect(upstream.maxInFlight <= 3)
        }
    }

    @Test("the token bucket holds calls past the burst until tokens refill")
    func tokenBucket() async throws {
        let upstream = ScriptedUpstream()
        try await upstream.serve { url in
            let clock = ManualClock()
            let policy = HostPolicy(maxConcurrent: 8, requestsPerSecond: 1, burst: 2, maxAttempts: 1)
            let client = makeClient(policy: policy, clock: clock)
            _ = try await client.send(okEndpoint(url, deadline: .seconds(60)))
            _ = try await client.send(okEndpoint(url, deadline: .seconds(60)))
            let third = Task { try await client.send(okEndpoint(url, deadline: .seconds(60))) }
            await clock.waitForSleepers(count: 2)  // the deadline and the token wait
            #expect(upstream.received.count == 2)
            clock.advance(by: .seconds(1))
            let reply = try await third.value
            #expect(reply == Reply(ok: true))
            #expect(upstream.received.count == 3)
        }
    }

    @Test("the circuit breaker opens after consecutive failures and probes after the cooldown")
    func circuitBreaker() async throws {
        let upstream = ScriptedUpstream()
        upstream.enqueue(Response.text("down", status: 500), times: 3)
        try await upstream.serve { url in
            let clock = ManualClock()
            var policy = quickPolicy(maxAttempts: 1, breakerThreshold: 3)
            policy.breakerCooldown = .seconds(30)
            let client = makeClient(policy: policy, clock: clock)
            for _ in 0..<3 { await #expect(throws: APIError.self) { try await client.send(okEndpoint(url)) } }
            let refused = await #expect(throws: APIError.self) { try await client.send(okEndpoint(url)) }
            #expect(refused?.kind == .unavailable)
            #expect(upstream.received.count == 3)
            clock.advance(by: .seconds(30))
            let reply = try await client.send(okEndpoint(url))
            #expect(reply == Reply(ok: true))
            #expect(upstream.received.count == 4)
        }
    }

    @Test("a truncated body is a failure; malformed JSON is an invalid reply")
    func brokenBodies() async throws {
        let upstream = ScriptedUpstream()
        upstream.enqueue(Response(body: .stream(ResponseStream(declaredLength: 500) { nil })))
        upstream.enqueue(Response.json(bytes: Array(#"{"ok": tru"#.utf8)))
        try await upstream.serve { url in
            let client = makeClient(policy: quickPolicy(maxAttempts: 1))
            let truncated = await #expect(throws: APIError.self) { try await client.send(okEndpoint(url)) }
            #expect(truncated?.kind == .transport)
            let malformed = await #expect(throws: APIError.self) { try await client.send(okEndpoint(url)) }
            #expect(malformed?.kind == .invalidResponse)
        }
    }
}
