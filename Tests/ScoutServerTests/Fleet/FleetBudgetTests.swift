import Foundation
import HTTPServer
import Networking
import Redis
import ScoutServer
import ScoutTestSupport
import Testing

@testable import ScoutServer

/// The upstream budgets and per-client limits of three instances sharing one Redis: Wikimedia
/// sees at most 3 requests at once from the whole fleet, a `Retry-After` one instance was told
/// holds for all, a crashed instance's slots come back, and a client over its limit on one
/// instance is over it on the others.
@Suite(
    "Fleet: shared upstream budgets and client limits", .timeLimit(.minutes(10)),
    .enabled(if: Requirement.redis.mayRun, Comment(rawValue: Requirement.redis.skipReason)))
struct FleetBudgetTests {
    @Test("a Retry-After told to one instance holds for all: no call inside the window")
    func sharedRetryAfter() async throws {
        try await withFleet(pages: FleetRedis.pages, redis: try FleetRedis.url()) { fake, fleet, _ in
            fake.inject(.retryAfter(seconds: 30), count: 1)
            let told = try await fleet[0].get("/api/v1/search?q=alpha")
            #expect(told.status == 503)
            #expect(fake.requests.count == 1)
            for (index, instance) in fleet.enumerated() {
                let reply = try await instance.get("/api/v1/search?q=beta\(index)")
                #expect(reply.status == 503)
                #expect(try reply.json()["error"]?["code"] == "upstream_unavailable")
                let seconds = try #require(reply.headers["Retry-After"].flatMap { Int($0) })
                #expect((25...30).contains(seconds))
            }
            #expect(fake.requests.count == 1)
        }
    }

    @Test("Wikimedia never sees more than 3 concurrent requests from three instances")
    func concurrencyCap() async throws {
        try await withFleet(pages: FleetRedis.pages, redis: try FleetRedis.url()) { fake, fleet, _ in
            fake.faults.latency = .milliseconds(150)
            let replies = try await getAll((0..<24).map { (fleet[$0 % 3], "/api/v1/search?q=alpha\($0)") })
            #expect(fake.recorder.maxConcurrentRequests == 3)
            #expect(fake.requests.count >= 24)
            #expect(Set(replies.map(\.status)) == [200])
        }
    }

    @Test("without Redis the same load goes past 3 at once (3 per instance): what the fleet's cap prevents")
    func withoutSharing() async throws {
        try await withFleet(pages: FleetRedis.pages, redis: nil) { fake, fleet, _ in
            fake.faults.latency = .milliseconds(150)
            let replies = try await getAll((0..<24).map { (fleet[$0 % 3], "/api/v1/search?q=alpha\($0)") })
            #expect(fake.recorder.maxConcurrentRequests > 3)
            #expect(Set(replies.map(\.status)) == [200])
        }
    }

    @Test("a circuit breaker one instance opened holds for all: no call while it is open")
    func sharedBreaker() async throws {
        try await withFleet(pages: FleetRedis.pages, redis: try FleetRedis.url()) { fake, fleet, _ in
            fake.inject(.status(503))
            // Three attempts a search, five failures in a row open the breaker.
            for query in ["alpha", "beta"] {
                #expect(try await fleet[0].get("/api/v1/search?q=\(query)").status == 503)
            }
            let calls = fake.requests.count
            #expect(calls == 5)
            for (index, instance) in fleet.enumerated() {
                let reply = try await instance.get("/api/v1/search?q=gamma\(index)")
                #expect(reply.status == 503)
                #expect(try reply.json()["error"]?["code"] == "upstream_unavailable")
            }
            #expect(fake.requests.count == calls)
        }
    }

    @Test("with Redis unreachable each of three instances keeps to its share: still ≤ 3 at once, none 5xx")
    func shareWhileRedisIsDown() async throws {
        let nowhere = RedisURL(host: "127.0.0.1", port: 1, password: "unused")
        try await withFleet(
            pages: FleetRedis.pages, redis: nowhere, configure: { $0.fleet.minimumFleetSize = 3 }
        ) { fake, fleet, _ in
            fake.faults.latency = .milliseconds(100)
            let replies = try await getAll((0..<12).map { (fleet[$0 % 3], "/api/v1/search?q=beta\($0)") })
            #expect(fake.recorder.maxConcurrentRequests <= 3)
            #expect(Set(replies.map(\.status)) == [200])
        }
    }

    @Test("a crashed instance's slots come back when their lease ends")
    func slotsComeBack() async throws {
        let redis = try FleetRedis.client()
        defer { Task { await redis.close() } }
        try await withFleet(pages: FleetRedis.pages, redis: try FleetRedis.url()) { fake, fleet, prefix in
            // A killed instance held all three slots; their leases end in 1.5 s.
            let slots = prefix + "budget:wikimedia:slots"
            let time = try await redis.send(["TIME"]).expectArray()
            let now = (Int(time[0].stringValue ?? "0") ?? 0) * 1000 + (Int(time[1].stringValue ?? "0") ?? 0) / 1000
            for slot in 1...3 {
                _ = try await redis.send(["ZADD", .string(slots), .integer(now + 1_500), .string("dead-\(slot)")])
            }
            let started = ContinuousClock.now
            let reply = try await fleet[1].get("/api/v1/search?q=alpha")
            #expect(reply.status == 200)
            #expect(started.duration(to: .now) >= .milliseconds(1_200))
            #expect(fake.requests.count == 1)
        }
    }

    @Test("a slot is renewed while its call runs, up to the lease the call asked for, and no longer")
    func slotRenewal() async throws {
        let url = try FleetRedis.url()
        let prefix = "scout-test:\(UUID().uuidString):"
        let (holder, other) = (
            FleetRedis.state(url, prefix: prefix, slotLease: .milliseconds(150)),
            FleetRedis.state(url, prefix: prefix, slotLease: .milliseconds(150))
        )
        let one = HostPolicy(maxConcurrent: 1, requestsPerSecond: 100, burst: 100)
        func isGranted(_ decision: SharedBudgetDecision) -> String? {
            if case .granted(let slot) = decision { return slot }
            return nil
        }
        // A call of up to 5 s keeps its slot past many 150 ms leases.
        let slot = try #require(isGranted(await holder.acquire(host: "w", policy: one, lease: .seconds(5))))
        // A slot's lease runs out on Redis's clock, in real time: only real time shows renewals.
        try await Task.sleep(for: .milliseconds(600))
        #expect(isGranted(await other.acquire(host: "w", policy: one, lease: .seconds(5))) == nil)
        await holder.release(host: "w", slot: slot)
        let next = try #require(isGranted(await other.acquire(host: "w", policy: one, lease: .milliseconds(300))))
        // One that asked for 300 ms and hangs loses it soon after.
        var taken: String?
        _ = await eventually(within: .milliseconds(600)) {
            taken = isGranted(await holder.acquire(host: "w", policy: one, lease: .seconds(5)))
            return taken != nil
        }
        #expect(taken != nil)
        await other.release(host: "w", slot: next)
        await holder.client.close()
        await other.client.close()
    }

    @Test("a client over its limit on one instance is limited on the others")
    func clientLimit() async throws {
        try await withClientLimitedFleet(burst: 3) { fleet in
            for index in 0..<3 {
                #expect(try await fleet[0].get("/api/v1/search?q=alpha\(index)").status == 200)
            }
            for instance in fleet {
                let limited = try await instance.get("/api/v1/search?q=alpha")
                #expect(limited.status == 429)
                #expect(limited.headers["Retry-After"] != nil)
            }
        }
    }

    @Test("tokens an instance reserves ahead never admit more than the client's bucket across the fleet")
    func reservedTokens() async throws {
        try await withClientLimitedFleet(burst: 48) { fleet in
            var admitted = 0
            for index in 0..<90 {
                // Four queries over and over: most answers are cached, so most go the immediate way.
                let reply = try await fleet[index % 3].get("/api/v1/search?q=alpha\(index % 4)")
                if reply.status == 200 { admitted += 1 } else { #expect(reply.status == 429) }
            }
            // 48 in the bucket, and at most one more refilled at 0.1 a second while the test runs.
            #expect(admitted <= 49)
            #expect(admitted >= 30)
            for instance in fleet { #expect(try await instance.get("/api/v1/search?q=alpha0").status == 429) }
        }
    }

    /// Three instances whose clients may send `burst` searches and then one every 10 s.
    private func withClientLimitedFleet(burst: Int, _ body: ([FleetInstance]) async throws -> Void) async throws {
        try await withFleet(
            pages: FleetRedis.pages, redis: try FleetRedis.url(),
            configure: {
                $0.clientRequestsPerSecond = 0.1
                $0.clientBurst = burst
            }
        ) { _, fleet, _ in try await body(fleet) }
    }
}
