import Foundation
import HTTPServer
import Redis
import ScoutModels
import ScoutServer
import ScoutTestSupport
import Testing

@testable import ScoutServer

/// Three Scout instances sharing one Redis (issue #15): one search cache, and identical
/// searches coalesced into one upstream call across the fleet, with the lease taken over when
/// its holder dies.
@Suite(
    "Fleet: shared search cache and coalescing", .timeLimit(.minutes(10)),
    .enabled(if: Requirement.redis.mayRun, Comment(rawValue: Requirement.redis.skipReason)))
struct FleetCacheTests {
    @Test("200 identical uncached searches spread over three instances make one upstream call")
    func coalescing() async throws {
        try await withFleet(pages: FleetRedis.pages, redis: try FleetRedis.url()) { fake, fleet, _ in
            fake.faults.latency = .milliseconds(400)
            let replies = try await getAll((0..<200).map { (fleet[$0 % 3], "/api/v1/search?q=alpha") })
            #expect(Set(replies.map(\.status)) == [200])
            #expect(fake.requests.count == 1)
            #expect(fleet.map { $0.app.gatewayStatistics() }.reduce(0, +) == 1)
            let titles = Set(try replies.map { try $0.json()["items"]?[0]?["title"] })
            #expect(titles == [.string("Alpha 1")])
        }
    }

    @Test("a search one instance made is a cache hit on the others")
    func sharedCache() async throws {
        try await withFleet(pages: FleetRedis.pages, redis: try FleetRedis.url()) { fake, fleet, _ in
            let first = try await fleet[0].get("/api/v1/search?q=alpha")
            #expect(try first.json()["cached"] == false)
            for instance in fleet.dropFirst() {
                let reply = try await instance.get("/api/v1/search?q=alpha")
                #expect(reply.status == 200)
                #expect(try reply.json()["items"] == first.json()["items"])
                #expect(try reply.json()["cached"] == true)
            }
            #expect(fake.requests.count == 1)
            #expect(fleet.map { $0.app.gatewayStatistics() } == [1, 0, 0])
        }
    }

    @Test("a lease whose holder died expires, and another instance takes the search over")
    func leaseholderDeath() async throws {
        let redis = try FleetRedis.client()
        defer { Task { await redis.close() } }
        try await withFleet(pages: FleetRedis.pages, redis: try FleetRedis.url()) { fake, fleet, prefix in
            // An instance took the lease and was killed before it published anything.
            let key = SearchGateway.Key(
                source: .wikipedia, language: "en", query: try SearchQuery("alpha"), cursor: nil, limit: 20)
            _ = try await redis.send(["SET", .string(prefix + "lease:" + key.fleetKey), "dead", "PX", 1_200])
            let started = ContinuousClock.now
            let replies = try await getAll((0..<30).map { (fleet[$0 % 3], "/api/v1/search?q=alpha") })
            let waited = started.duration(to: .now)
            #expect(Set(replies.map(\.status)) == [200])
            #expect(fake.requests.count == 1)
            #expect(waited >= .milliseconds(1_000))
            #expect(waited < .seconds(5))
        }
    }

    @Test("a Redis that does not answer (paused) leaves every search answered, none 5xx, and sharing resumes")
    func redisPaused() async throws {
        let redis = try FleetRedis.client()
        defer { Task { await redis.close() } }
        try await withFleet(pages: FleetRedis.pages, redis: try FleetRedis.url()) { fake, fleet, _ in
            fake.faults.latency = .milliseconds(50)
            _ = try await redis.send(["CLIENT", "PAUSE", 2_000, "ALL"])
            let during = try await getAll((0..<30).map { (fleet[$0 % 3], "/api/v1/search?q=alpha\($0 % 5)") })
            #expect(Set(during.map(\.status)) == [200])
            try await Task.sleep(for: .milliseconds(2_500))  // the pause ends; connections come back
            _ = try await fleet[0].get("/api/v1/search?q=beta")
            try await Task.sleep(for: .seconds(2))  // the longest reconnect backoff
            let calls = fake.requests.count
            _ = try await fleet[0].get("/api/v1/search?q=gamma")
            let shared = try await fleet[1].get("/api/v1/search?q=gamma")
            #expect(shared.status == 200)
            #expect(fake.requests.count == calls + 1)
        }
    }

    @Test("Redis stopped under load: every search answered, none 5xx; shared state resumes after its restart")
    func redisStopped() async throws {
        try await PrivateRedisServer.with { redis in
            try await withFleet(
                pages: FleetRedis.pages, redis: redis.url,
                configure: { $0.fleet.heartbeatInterval = .milliseconds(100) }
            ) { fake, fleet, _ in
                fake.faults.latency = .milliseconds(250)
                let load = Task {
                    try await getAll((0..<48).map { (fleet[$0 % 3], "/api/v1/search?q=alpha\($0 % 12)") })
                }
                try await Task.sleep(for: .milliseconds(300))
                await redis.stop()
                let during = try await load.value
                // Budgets still held: each instance keeps to its third of Wikimedia's 3 slots.
                fake.recorder.resetMaxConcurrentRequests()
                let stopped = try await getAll((0..<24).map { (fleet[$0 % 3], "/api/v1/search?q=beta\($0)") })
                #expect(Set((during + stopped).map(\.status)) == [200])
                #expect(fake.recorder.maxConcurrentRequests <= 3)

                try await redis.start()  // same port and password, empty
                try await Task.sleep(for: .milliseconds(2_500))  // past the longest reconnect backoff
                _ = try await getAll((0..<24).map { (fleet[$0 % 3], "/api/v1/search?q=warm\($0)") })
                let calls = fake.requests.count
                #expect(try await fleet[0].get("/api/v1/search?q=gamma").status == 200)
                for instance in fleet.dropFirst() {
                    #expect(try await instance.get("/api/v1/search?q=gamma").status == 200)
                }
                #expect(fake.requests.count == calls + 1)
            }
        }
    }

    @Test("a Redis nobody listens on: every instance serves alone, none 5xx")
    func redisUnreachable() async throws {
        let nowhere = RedisURL(host: "127.0.0.1", port: 1, password: "unused")
        try await withFleet(pages: FleetRedis.pages, redis: nowhere) { fake, fleet, _ in
            let replies = try await getAll((0..<12).map { (fleet[$0 % 3], "/api/v1/search?q=alpha") })
            #expect(Set(replies.map(\.status)) == [200])
            #expect(fake.requests.count <= 3)
        }
    }
}
