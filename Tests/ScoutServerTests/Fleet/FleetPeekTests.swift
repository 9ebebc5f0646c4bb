import Foundation
import Redis
import ScoutTestSupport
import Synchronization
import Testing

@testable import ScoutServer

/// A search this instance has not cached asks the fleet for the client's token and the shared
/// page at once: one round trip to Redis, whether the token comes from the bucket or from the
/// instance's reserve; a refused client gets no page; without Redis the local bucket decides.
@Suite(
    "Fleet: the client's token and the shared page in one round trip", .timeLimit(.minutes(2)),
    .enabled(if: Requirement.redis.mayRun, Comment(rawValue: Requirement.redis.skipReason)))
struct FleetPeekTests {
    /// Counts the calls a Redis client made.
    final class CallCounter: RedisObserver {
        let calls = Atomic<Int>(0)
        func callFinished(duration: Duration, failure: RedisError.Kind?) { calls.add(1, ordering: .relaxed) }
        var count: Int { calls.load(ordering: .relaxed) }
    }

    /// A fleet state whose Redis calls are counted, with clients' buckets of `burst` (refilled
    /// at `rate` a second), once its first heartbeat is done. Its clock never moves: the next
    /// heartbeat never comes, and a reserve never expires under a slow test.
    private static func state(
        url: RedisURL, prefix: String, burst: Int, rate: Double = 0.001, counter: CallCounter
    ) async throws -> RedisFleetState {
        let clock = ManualClock()
        let client = RedisClient(
            url: url, connections: 1,
            configuration: RedisConfiguration(
                connectTimeout: .milliseconds(500), commandTimeout: .milliseconds(250), clock: clock,
                observer: counter))
        let state = RedisFleetState(
            client: client, prefix: prefix,
            limiter: ClientRateLimiter(requestsPerSecond: rate, burst: burst, clock: clock),
            clientRate: (rate, burst), heartbeatInterval: .seconds(3600), clock: clock, log: { _ in })
        try #require(await eventually { counter.count > 0 }, "the first heartbeat")
        try #require(counter.count == 1, "one heartbeat")
        return state
    }

    /// Waits until no refill of a client's reserve is under way: each fills the reserve before
    /// it leaves `refills`.
    private static func refillsLanded(_ state: RedisFleetState) async throws {
        try #require(await eventually { state.refills.withLock { $0.isEmpty } }, "refills under way")
    }

    @Test("a published page comes with the token, in one round trip; a missing one is nil")
    func pageWithToken() async throws {
        let prefix = "scout-test:\(UUID().uuidString):"
        let counter = CallCounter()
        let state = try await Self.state(url: try FleetRedis.url(), prefix: prefix, burst: 30, counter: counter)
        let page = SharedPageCodec.encode(SharedPageCodecTests.full)
        await state.publish(page, for: "k", token: "t", lifetime: .seconds(30), staleLifetime: .seconds(60))
        let before = counter.count
        guard case .admitted(let shared) = await state.admit(client: "203.0.113.9", peeking: "k") else {
            Issue.record("refused")
            return
        }
        #expect(counter.count == before + 1)
        #expect(shared?.bytes == page)
        #expect(shared.map { $0.remaining > .seconds(25) && $0.remaining <= .seconds(30) } == true)
        #expect(await state.admit(client: "203.0.113.9", peeking: "missing") == .admitted(nil))
        #expect(counter.count == before + 2)
    }

    @Test("a token from the reserve still costs one round trip, and leaves the shared bucket alone")
    func reservedToken() async throws {
        let prefix = "scout-test:\(UUID().uuidString):"
        let counter = CallCounter()
        // A burst of 64 for a fleet of one: 16 tokens a round trip, 15 of them kept.
        let state = try await Self.state(url: try FleetRedis.url(), prefix: prefix, burst: 64, counter: counter)
        let redis = try FleetRedis.client()
        defer { Task { await redis.close() } }
        #expect(await state.admit(client: "198.51.100.7", peeking: "k") == .admitted(nil))
        let bucket = RedisArgument.string(prefix + "client:198.51.100.7")
        let tokens = try await redis.send(["HGET", bucket, "tokens"]).stringValue
        #expect(tokens.flatMap(Double.init).map { $0 >= 47.9 && $0 < 48.1 } == true, "64 − 16")
        await state.publish([1, 2, 3], for: "k", token: "t", lifetime: .seconds(30), staleLifetime: .seconds(60))
        let before = counter.count
        guard case .admitted(let shared) = await state.admit(client: "198.51.100.7", peeking: "k") else {
            Issue.record("refused")
            return
        }
        #expect(shared?.bytes == [1, 2, 3])
        #expect(counter.count == before + 1)
        #expect(try await redis.send(["HGET", bucket, "tokens"]).stringValue == tokens, "taken from the reserve")
    }

    @Test("a client over its limit is refused with the wait, and gets no page")
    func refused() async throws {
        let prefix = "scout-test:\(UUID().uuidString):"
        let counter = CallCounter()
        let state = try await Self.state(url: try FleetRedis.url(), prefix: prefix, burst: 1, rate: 1, counter: counter)
        await state.publish([7], for: "k", token: "t", lifetime: .seconds(30), staleLifetime: .seconds(60))
        guard case .admitted(let first) = await state.admit(client: "192.0.2.1", peeking: "k") else {
            Issue.record("refused within a burst of 1")
            return
        }
        #expect(first?.bytes == [7])
        guard case .refused(let wait) = await state.admit(client: "192.0.2.1", peeking: "k") else {
            Issue.record("admitted past a burst of 1")
            return
        }
        #expect(wait > .zero && wait <= .seconds(1))
    }

    @Test("a burst of concurrent requests that finds the reserve dry shares its refills: each token admits one")
    func concurrentDry() async throws {
        let prefix = "scout-test:\(UUID().uuidString):"
        let counter = CallCounter()
        // A burst of 40 for a fleet of one: 10 tokens a round trip. Each of 40 requests asking
        // Redis for a reservation of its own would empty the bucket after four of them.
        let state = try await Self.state(url: try FleetRedis.url(), prefix: prefix, burst: 40, counter: counter)
        let before = counter.count
        let admitted = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<40 {
                group.addTask {
                    guard index.isMultiple(of: 2) else { return await state.admit(client: "198.51.100.9") == nil }
                    guard case .admitted = await state.admit(client: "198.51.100.9", peeking: "k") else { return false }
                    return true
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(admitted == 40)
        #expect(counter.count - before < 40, "requests waited for refills instead of each asking Redis")
        try await Self.refillsLanded(state)
        var left = 0
        while state.admitFromReserve(client: "198.51.100.9") { left += 1 }
        #expect(left == 0, "tokens taken from the bucket and never used")
        #expect(await state.admit(client: "198.51.100.9") != nil)
    }

    @Test("a reserve at half a reservation is refilled ahead in one round trip; no token is lost or made")
    func refilledAhead() async throws {
        let prefix = "scout-test:\(UUID().uuidString):"
        let counter = CallCounter()
        // A burst of 64 for a fleet of one: 16 tokens a round trip, refilled ahead at 8 left.
        let state = try await Self.state(url: try FleetRedis.url(), prefix: prefix, burst: 64, counter: counter)
        let redis = try FleetRedis.client()
        defer { Task { await redis.close() } }
        let bucket = RedisArgument.string(prefix + "client:198.51.100.8")
        func bucketTokens() async throws -> Int {
            Int(try await redis.send(["HGET", bucket, "tokens"]).stringValue.flatMap(Double.init) ?? -1)
        }
        func refilled(to tokens: Int) async throws {
            try #require(try await eventually { try await bucketTokens() == tokens }, "bucket at \(tokens)")
            try await Self.refillsLanded(state)  // the reply kept in the reserve
        }
        #expect(await state.admit(client: "198.51.100.8") == nil)  // 16 taken, 15 kept
        var admitted = 1
        let before = counter.count
        for _ in 0..<6 { admitted += state.admitFromReserve(client: "198.51.100.8") ? 1 : 0 }
        let untouched = try await bucketTokens()
        #expect(counter.count == before && untouched == 48, "9 left: no refill yet")
        admitted += state.admitFromReserve(client: "198.51.100.8") ? 1 : 0  // 8 left: refill ahead
        // 7, 6 and 5 left, each low: the refill ahead under way stays the only one.
        for _ in 0..<3 { admitted += state.admitFromReserve(client: "198.51.100.8") ? 1 : 0 }
        try await refilled(to: 32)
        #expect(counter.count == before + 1, "one refill ahead")
        // 21 in the reserve: 12 more go without Redis, the 13th (8 left) would ask ahead again.
        for _ in 0..<12 { admitted += state.admitFromReserve(client: "198.51.100.8") ? 1 : 0 }
        #expect(counter.count == before + 1 && admitted == 23)
        // Spent to the end: every token of the burst admits exactly one request.
        while true {
            if state.admitFromReserve(client: "198.51.100.8") {
                admitted += 1
            } else if await state.admit(client: "198.51.100.8") == nil {
                admitted += 1
            } else {
                try await Self.refillsLanded(state)
                guard state.admitFromReserve(client: "198.51.100.8") else { break }
                admitted += 1
            }
        }
        let left = try await bucketTokens()
        #expect(admitted == 64 && left == 0)
    }

    @Test("with Redis not answering, the instance's own bucket admits and refuses, with no page")
    func redisDown() async throws {
        let counter = CallCounter()
        let nobody = RedisURL(host: "127.0.0.1", port: 1, password: nil)
        let client = RedisClient(
            url: nobody, connections: 1,
            configuration: RedisConfiguration(connectTimeout: .milliseconds(200), observer: counter))
        let state = RedisFleetState(
            client: client, limiter: ClientRateLimiter(requestsPerSecond: 0.001, burst: 2), clientRate: (0.001, 2),
            heartbeatInterval: .seconds(3600), log: { _ in })
        #expect(await state.admit(client: "192.0.2.2", peeking: "k") == .admitted(nil))
        #expect(await state.admit(client: "192.0.2.2", peeking: "k") == .admitted(nil))
        guard case .refused = await state.admit(client: "192.0.2.2", peeking: "k") else {
            Issue.record("the local bucket of 2 let a third through")
            return
        }
    }
}
