import Foundation
import HTTPServer
import Networking
import Redis
import ScoutModels
import ScoutServer
import ScoutTestSupport
import Testing

@testable import ScoutServer

/// When the upstream fails, is over Scout's budget or sits inside a `Retry-After`, a search
/// answered in the last 24 h is answered again, marked stale — by the instance that searched
/// it, and with Redis by every instance of the fleet; and Scout out of its own budget says so.
@Suite("Stale-if-error and Scout's own budget", .timeLimit(.minutes(10)))
struct StaleIfErrorTests {
    /// Wikimedia's budget with one attempt a call: a failure is final at once, so no retry
    /// waits on the app's manual clock.
    static let oneAttempt = {
        var policy = HostPolicy.wikimedia
        policy.maxAttempts = 1
        return policy
    }()

    @Test("without Redis: an expired answer is served marked stale while the upstream fails")
    func staleWithoutRedis() async throws {
        let clock = ManualClock()
        try await withFleet(
            instances: 1, pages: FleetRedis.pages, redis: nil, policy: Self.oneAttempt,
            configure: {
                $0.searchCacheTimeToLive = .seconds(60)
                $0.clock = clock
            }
        ) { fake, fleet, _ in
            let fresh = try await fleet[0].get("/api/v1/search?q=alpha")
            #expect(try fresh.json()["stale"] == nil)
            clock.advance(by: .seconds(60))  // the TTL has passed
            fake.inject(.status(503))
            let stale = try await fleet[0].get("/api/v1/search?q=alpha")
            #expect(stale.status == 200)
            let body = try stale.json()
            #expect(body["stale"] == true)
            #expect(body["cached"] == true)
            #expect(body["items"] == (try fresh.json()["items"]))
            let validator = try await SearchAPITests.validator(port: fleet[0].port)
            #expect(validator.problems(body, schema: validator.schema("SearchResponse")) == [])
            let never = try await fleet[0].get("/api/v1/search?q=beta")
            #expect(never.status == 503)
            #expect(try never.json()["error"]?["code"] == "upstream_unavailable")
        }
    }

    @Test(
        "with Redis: an instance that never searched serves the fleet's stale answer",
        .enabled(if: Requirement.redis.mayRun, Comment(rawValue: Requirement.redis.skipReason)))
    func staleFromTheFleet() async throws {
        let redis = try FleetRedis.client()
        defer { Task { await redis.close() } }
        try await withFleet(
            pages: FleetRedis.pages, redis: try FleetRedis.url(), policy: Self.oneAttempt,
            configure: { $0.clock = ManualClock() }
        ) { fake, fleet, prefix in
            let fresh = try await fleet[0].get("/api/v1/search?q=alpha")
            #expect(fresh.status == 200)
            // The fresh copy's TTL is Redis's own, in real time: end it as it would end, by the
            // key's going. The other instances never searched, so they hold no copy of their own.
            let key = SearchGateway.Key(
                source: .wikipedia, language: "en", query: try SearchQuery("alpha"), cursor: nil, limit: 20)
            #expect(try await redis.send(["DEL", .string(prefix + "search:" + key.fleetKey)]) == .integer(1))
            fake.inject(.status(503))
            for instance in fleet.dropFirst() {
                let stale = try await instance.get("/api/v1/search?q=alpha")
                #expect(stale.status == 200)
                #expect(try stale.json()["stale"] == true)
                #expect(try stale.json()["items"] == fresh.json()["items"])
            }
        }
    }

    @Test("Scout out of its own budget says so: 503, Retry-After, and the sentence")
    func overBudget() async throws {
        // Two calls, then one token every 100 s: the third search finds no token before its deadline.
        let stingy = HostPolicy(maxConcurrent: 3, requestsPerSecond: 0.01, burst: 2)
        try await withFleet(instances: 1, pages: FleetRedis.pages, redis: nil, policy: stingy) { fake, fleet, _ in
            for query in ["alpha", "beta"] {
                #expect(try await fleet[0].get("/api/v1/search?q=\(query)").status == 200)
            }
            let refused = try await fleet[0].get("/api/v1/search?q=gamma")
            #expect(refused.status == 503)
            let seconds = try #require(refused.headers["Retry-After"].flatMap { Int($0) })
            #expect((90...100).contains(seconds))
            let error = try #require(try refused.json()["error"])
            #expect(error["code"] == "scout_over_budget")
            #expect(error["message"] == .string("Scout is at its Wikipedia request limit; retry in \(seconds) s."))
            #expect(fake.requests.count == 2)
        }
    }
}
