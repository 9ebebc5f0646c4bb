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
    /// The fleet's size as `instance` sees it (`/metrics`).
    static func fleetSize(of instance: FleetInstance) async throws -> Double? {
        MetricsScrape(text: try await instance.get("/metrics").text)["scout_fleet_size"]
    }

    /// Whether the instances share a search again once Redis answers: a search one made is a
    /// cache hit on the others, one upstream call in all. The app's clock is the real one here
    /// (under load, waits for a host's slot poll on it), so this waits out the reconnect backoff
    /// (2 s at most) as it happens, trying again every 50 ms.
    static func sharingResumes(_ fleet: [FleetInstance], fake: FakeWikipedia) async -> Bool {
        var attempt = 0
        return await eventually(within: .seconds(10), pollingEvery: .milliseconds(50)) {
            attempt += 1
            let calls = fake.requests.count
            for instance in fleet {
                guard (try? await instance.get("/api/v1/search?q=gamma\(attempt)"))?.status == 200 else { return false }
            }
            return fake.requests.count == calls + 1
        }
    }

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

    @Test("a Redis that does not answer (frozen) leaves every search answered, none 5xx, and sharing resumes")
    func redisPaused() async throws {
        try await PrivateRedisServer.with { redis in
            try await withFleet(pages: FleetRedis.pages, redis: redis.url) { fake, fleet, _ in
                fake.faults.latency = .milliseconds(50)
                redis.pause()
                let during = try await getAll((0..<30).map { (fleet[$0 % 3], "/api/v1/search?q=alpha\($0 % 5)") })
                #expect(Set(during.map(\.status)) == [200])
                redis.resume()
                #expect(await Self.sharingResumes(fleet, fake: fake))
            }
        }
    }

    @Test("Redis stopped under load: every search answered, none 5xx; shared state resumes after its restart")
    func redisStopped() async throws {
        try await PrivateRedisServer.with { redis in
            try await withFleet(
                pages: FleetRedis.pages, redis: redis.url,
                configure: { $0.fleet.heartbeatInterval = .milliseconds(100) }
            ) { fake, fleet, _ in
                // Each instance beats again once all three are up, and so knows the fleet's size.
                let sized = try await eventually {
                    for instance in fleet where try await Self.fleetSize(of: instance) != 3 { return false }
                    return true
                }
                #expect(sized, "every instance sees three")
                fake.faults.latency = .milliseconds(250)
                let load = Task {
                    try await getAll((0..<48).map { (fleet[$0 % 3], "/api/v1/search?q=alpha\($0 % 12)") })
                }
                await fake.waitForRequests(count: 3)  // the load is under way
                await redis.stop()
                let during = try await load.value
                // Budgets still held: each instance keeps to its third of Wikimedia's 3 slots.
                fake.recorder.resetMaxConcurrentRequests()
                let stopped = try await getAll((0..<24).map { (fleet[$0 % 3], "/api/v1/search?q=beta\($0)") })
                #expect(Set((during + stopped).map(\.status)) == [200])
                #expect(fake.recorder.maxConcurrentRequests <= 3)

                try await redis.start()  // same port and password, empty
                #expect(await Self.sharingResumes(fleet, fake: fake))
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
