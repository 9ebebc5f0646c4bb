import Foundation
import HTTPServer
import Networking
import ScoutModels
import ScoutServer
import ScoutTestSupport
import Testing

/// When the upstream fails, is over Scout's budget or sits inside a `Retry-After`, a search
/// answered in the last 24 h is answered again, marked stale — by the instance that searched
/// it, and with Redis by every instance of the fleet; and Scout out of its own budget says so.
@Suite("Stale-if-error and Scout's own budget", .timeLimit(.minutes(10)))
struct StaleIfErrorTests {
    @Test("without Redis: an expired answer is served marked stale while the upstream fails")
    func staleWithoutRedis() async throws {
        try await withFleet(
            instances: 1, pages: FleetRedis.pages, redis: nil,
            configure: { $0.searchCacheTimeToLive = .milliseconds(300) }
        ) { fake, fleet, _ in
            let fresh = try await fleet[0].get("/api/v1/search?q=alpha")
            #expect(try fresh.json()["stale"] == nil)
            try await Task.sleep(for: .milliseconds(400))  // past the TTL below
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
        try await withFleet(
            pages: FleetRedis.pages, redis: try FleetRedis.url(),
            configure: { $0.searchCacheTimeToLive = .milliseconds(300) }
        ) { fake, fleet, _ in
            let fresh = try await fleet[0].get("/api/v1/search?q=alpha")
            #expect(fresh.status == 200)
            try await Task.sleep(for: .milliseconds(400))
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
