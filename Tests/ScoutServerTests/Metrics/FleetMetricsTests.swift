import Foundation
import HTTPServer
import ScoutServer
import ScoutTestSupport
import Testing

/// `/metrics` of a fleet sharing one Redis: the shared cache's hits, Redis round trips, and the
/// fleet's size as an instance sees it.
@Suite(
    "Metrics of a fleet", .timeLimit(.minutes(10)),
    .enabled(if: Requirement.redis.mayRun, Comment(rawValue: Requirement.redis.skipReason)))
struct FleetMetricsTests {
    @Test("a search one instance made is a shared hit on the other, with Redis round trips and no errors")
    func sharedHit() async throws {
        try await withFleet(instances: 2, pages: FleetRedis.pages, redis: try FleetRedis.url()) { fake, fleet, _ in
            #expect(try await fleet[0].get("/api/v1/search?q=alpha").status == 200)
            #expect(try await fleet[1].get("/api/v1/search?q=alpha").status == 200)
            let first = try await MetricsScrape.scrape(port: fleet[0].port)
            let second = try await MetricsScrape.scrape(port: fleet[1].port)
            #expect(first["scout_search_cache_misses_total"] == 1)
            #expect(first["scout_search_cache_hits_total{cache=\"shared\"}"] == 0)
            #expect(second["scout_search_cache_misses_total"] == 0)
            #expect(second["scout_search_cache_hits_total{cache=\"shared\"}"] == 1)
            #expect(fake.requests.count >= 1)
            for metrics in [first, second] {
                #expect((metrics["scout_redis_round_trip_seconds_count"] ?? 0) >= 1)
                let errors = metrics.samples.filter { $0.key.hasPrefix("scout_redis_errors_total{") }
                #expect(errors.count == 12)
                #expect(errors.values.allSatisfy { $0 == 0 })
                #expect((metrics["scout_fleet_size"] ?? 0) >= 1)
                #expect(metrics.histogramProblems == [])
            }
            // The instance that searched took a budget slot: its heartbeat counts it in the fleet.
            #expect((first["scout_fleet_size"] ?? 0) >= 1)
        }
    }
}
