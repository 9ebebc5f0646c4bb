import Foundation
import HTTPServer
import ScoutServer
import ScoutTestSupport
import Testing

/// `/metrics` against real traffic: searches through the gateway to the fake Wikipedia, the
/// requests that carried them, and the upstream attempts they made.
@Suite("Metrics from real traffic", .timeLimit(.minutes(10)))
struct ServerMetricsTests {
    static let search = "route=\"/api/v1/search\""

    @Test("a search miss then a hit: requests by route and status, the cache, the upstream's attempts")
    func missThenHit() async throws {
        try await withScoutApp(pages: SearchAPITests.pages) { fake, _, port in
            let connection = try RawHTTPConnection(port: port)
            #expect(try await connection.get("/api/v1/search?q=alpha").json()["cached"] == false)
            #expect(try await connection.get("/api/v1/search?q=alpha").json()["cached"] == true)
            #expect(try await connection.get("/nowhere/at/all").status == 404)
            let metrics = try await MetricsScrape.scrape(port: port) {
                $0["scout_http_requests_total{\(Self.search),status=\"200\"}"] == 2
                    && $0["scout_http_requests_total{route=\"unmatched\",status=\"404\"}"] == 1
            }
            #expect(metrics["scout_http_requests_total{\(Self.search),status=\"200\"}"] == 2)
            #expect(metrics["scout_http_requests_total{route=\"unmatched\",status=\"404\"}"] == 1)
            #expect(metrics["scout_http_request_duration_seconds_count{\(Self.search)}"] == 2)
            #expect(metrics["scout_search_cache_misses_total"] == 1)
            #expect(metrics["scout_search_cache_hits_total{cache=\"local\"}"] == 1)
            #expect(metrics["scout_search_cache_hits_total{cache=\"shared\"}"] == 0)
            #expect(metrics["scout_search_coalesced_total{scope=\"local\"}"] == 0)
            #expect(metrics["scout_upstream_searches_total"] == 1)
            let attempts = Double(fake.requests.count)
            #expect(attempts >= 1)
            #expect(metrics["scout_upstream_requests_total{source=\"wikipedia\",result=\"ok\"}"] == attempts)
            #expect(metrics["scout_upstream_requests_total{source=\"wikipedia\",result=\"rate_limited\"}"] == 0)
            #expect(metrics["scout_upstream_request_duration_seconds_count{source=\"wikipedia\"}"] == attempts)
            #expect(metrics["scout_upstream_budget_wait_seconds_count{source=\"wikipedia\"}"] == attempts)
            #expect(metrics["scout_upstream_requests_total{source=\"commons\",result=\"ok\"}"] == 0)
            #expect(metrics["scout_upstream_breaker_state{host=\"127.0.0.1\"}"] == 0)
            #expect(metrics["scout_fleet_size"] == 1)
            #expect(metrics["scout_redis_round_trip_seconds_count"] == 0)
            #expect(metrics.histogramProblems == [])
            #expect(metrics.text.contains("# TYPE scout_http_request_duration_seconds histogram\n"))
            // Labels are route patterns, never paths.
            #expect(!metrics.text.contains("/nowhere"))
        }
    }

    @Test("a 429 from the upstream counts as rate_limited, and the call its window then refuses as retry_after")
    func rateLimited() async throws {
        try await withScoutApp(pages: SearchAPITests.pages) { fake, _, port in
            fake.faults.inject(.retryAfter(seconds: 30), count: 1)
            let connection = try RawHTTPConnection(port: port)
            #expect(try await connection.get("/api/v1/search?q=alpha").status == 503)
            #expect(try await connection.get("/api/v1/search?q=beta").status == 503)
            let metrics = try await MetricsScrape.scrape(port: port) {
                $0["scout_http_requests_total{\(Self.search),status=\"503\"}"] == 2
            }
            #expect(fake.requests.count == 1)
            #expect(metrics["scout_upstream_requests_total{source=\"wikipedia\",result=\"rate_limited\"}"] == 1)
            #expect(metrics["scout_upstream_requests_total{source=\"wikipedia\",result=\"ok\"}"] == 0)
            #expect(metrics["scout_upstream_refused_total{source=\"wikipedia\",reason=\"retry_after\"}"] == 1)
            #expect(metrics["scout_upstream_refused_total{source=\"wikipedia\",reason=\"breaker_open\"}"] == 0)
            #expect(metrics["scout_http_requests_total{\(Self.search),status=\"503\"}"] == 2)
            #expect(metrics["scout_search_cache_misses_total"] == 2)
            #expect(metrics.histogramProblems == [])
        }
    }

    @Test("an upstream failing with 503s opens its breaker: the gauge says open, the next call is refused")
    func breakerOpens() async throws {
        try await withScoutApp(pages: SearchAPITests.pages) { fake, _, port in
            fake.faults.inject(.status(503))
            let connection = try RawHTTPConnection(port: port)
            // Five failures open the breaker (HostPolicy's default); each search makes one to three.
            for query in ["a1", "a2", "a3", "a4", "a5", "a6"] {
                #expect(try await connection.get("/api/v1/search?q=\(query)").status == 503)
            }
            let metrics = try await MetricsScrape.scrape(port: port) {
                $0["scout_http_requests_total{\(Self.search),status=\"503\"}"] == 6
            }
            let failures = try #require(
                metrics["scout_upstream_requests_total{source=\"wikipedia\",result=\"server_error\"}"])
            #expect(failures >= 5)
            #expect(failures == Double(fake.requests.count))
            #expect(metrics["scout_upstream_breaker_state{host=\"127.0.0.1\"}"] == 2)
            #expect((metrics["scout_upstream_refused_total{source=\"wikipedia\",reason=\"breaker_open\"}"] ?? 0) >= 1)
        }
    }

    @Test("identical searches at once: one miss, the others coalesced or served from the cache")
    func coalesced() async throws {
        try await withScoutApp(pages: SearchAPITests.pages) { fake, app, port in
            fake.faults.latency = .milliseconds(200)
            let instance = FleetInstance(app: app, port: port)
            let replies = try await getAll((0..<20).map { _ in (instance, "/api/v1/search?q=alpha") })
            #expect(Set(replies.map(\.status)) == [200])
            let metrics = try await MetricsScrape.scrape(port: port) {
                $0["scout_http_requests_total{\(Self.search),status=\"200\"}"] == 20
            }
            #expect(metrics["scout_search_cache_misses_total"] == 1)
            let coalesced = try #require(metrics["scout_search_coalesced_total{scope=\"local\"}"])
            let hits = try #require(metrics["scout_search_cache_hits_total{cache=\"local\"}"])
            #expect(coalesced >= 1)
            #expect(coalesced + hits == 19)
            #expect(metrics["scout_upstream_searches_total"] == 1)
        }
    }
}
