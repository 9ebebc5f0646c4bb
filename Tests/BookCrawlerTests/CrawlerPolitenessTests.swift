import BookCatalog
import BookCrawler
import BookStorage
import Foundation
import Networking
import ScoutTestSupport
import Testing

@Suite("Crawling politely", .serialized, .timeLimit(.minutes(10)))
struct CrawlerPolitenessTests {
    typealias Path = FakeBookSite.Path

    @Test(
        "requests to a host are at least Crawl-delay or 1/rate apart, whichever is longer",
        arguments: [("0.2", 100.0, 0.2), (nil, 5.0, 0.2)])
    func spacing(crawlDelay: String?, rate: Double, interval: Double) async throws {
        try await withFakeBookSite(robotsTxt: FakeBookSite.robotsTxt(crawlDelay: crawlDelay)) { site in
            try await withCrawlStore { store, _ in
                var configuration = testConfiguration(depth: 1)
                configuration.requestsPerSecond = rate
                _ = try await Crawler(store: store, configuration: configuration).crawl([site.baseURL])
                let times = site.requests.map(\.arrivedAt)
                // robots.txt, /, /about, The Hunger Games, the redirect, Dune
                #expect(times.count == 6, "\(site.requests.map(\.path))")
                let gaps = zip(times, times.dropFirst()).map { $0.duration(to: $1) }
                // Arrival times jitter on a busy machine; unpaced requests would be ~1 ms apart.
                let tolerance = Duration.milliseconds(40)
                #expect(gaps.allSatisfy { $0 >= .milliseconds(Int64(interval * 1000)) - tolerance }, "\(gaps)")
            }
        }
    }

    @Test("retries of a failing page keep the host's pace too")
    func retriesArePaced() async throws {
        try await withFakeBookSite(robotsTxt: FakeBookSite.robotsTxt(crawlDelay: "0.15")) { site in
            try await withCrawlStore { store, _ in
                var configuration = testConfiguration(depth: 0)
                configuration.pageDeadline = .seconds(3)
                let summary = try await Crawler(store: store, configuration: configuration).crawl([
                    site.url(Path.failing)
                ])
                let times = site.requests.map(\.arrivedAt)
                #expect(times.count == 4)  // robots.txt and three attempts
                let gaps = zip(times, times.dropFirst()).map { $0.duration(to: $1) }
                #expect(gaps.allSatisfy { $0 >= .milliseconds(110) }, "\(gaps)")
                #expect(summary.failures.map(\.url.path) == [Path.failing])
            }
        }
    }

    @Test("robots.txt answering 5xx: nothing is fetched from that host, and the crawl says why")
    func robotsUnavailable() async throws {
        try await withFakeBookSite { site in
            site.inject(.status(503), when: { $0.path == Path.robots })
            try await withCrawlStore { store, _ in
                let summary = try await Crawler(store: store, configuration: testConfiguration()).crawl([site.baseURL])
                #expect(Set(site.requests.map(\.path)) == [Path.robots])
                #expect(summary.skippedByRobots.map(\.path) == [Path.index])
                #expect(summary.failures.map(\.url.path) == [Path.robots])
                #expect(
                    summary.failures.first?.reason.contains("(it answered HTTP 503), so Scout stays off the site")
                        == true)
            }
        }
    }

    @Test("robots.txt answering 404: everything may be fetched, /private/ included")
    func robotsMissing() async throws {
        try await withFakeBookSite { site in
            site.inject(.status(404), when: { $0.path == Path.robots })
            try await withCrawlStore { store, _ in
                let summary = try await Crawler(store: store, configuration: testConfiguration(depth: 1))
                    .crawl([site.url(Path.hungerGames)])
                #expect(site.requests.contains { $0.path == Path.hidden })
                #expect(summary.skippedByRobots.isEmpty)
            }
        }
    }

    @Test("a Crawl-delay longer than Scout waits skips the site")
    func hugeCrawlDelay() async throws {
        try await withFakeBookSite(robotsTxt: FakeBookSite.robotsTxt(crawlDelay: "3600")) { site in
            try await withCrawlStore { store, _ in
                let summary = try await Crawler(store: store, configuration: testConfiguration()).crawl([site.baseURL])
                #expect(site.requests.map(\.path) == [Path.robots])
                #expect(summary.failures.first?.reason.contains("3600 s between requests") == true)
            }
        }
    }

    @Test(
        "--same-host keeps to the start hosts; without it, similar books on another site are read, if its address is public or trusted"
    )
    func sameHost() async throws {
        try await withFakeBookSite { site in
            try await withFakeBookSite { other in
                site.similarElsewhere = [other.url(Path.dune)]
                try await withCrawlStore { store, _ in
                    var configuration = testConfiguration(depth: 1)
                    configuration.staysOnStartHosts = true
                    _ = try await Crawler(store: store, configuration: configuration).crawl([site.url(Path.hungerGames)]
                    )
                    #expect(other.requests.isEmpty)

                    // 127.0.0.1 at another port is no start page: a link cannot lead the crawler there.
                    configuration.staysOnStartHosts = false
                    let refused = try await Crawler(store: store, configuration: configuration).crawl([
                        site.url(Path.hungerGames)
                    ])
                    #expect(other.requests.isEmpty)
                    #expect(refused.failures.contains { $0.reason.contains("private or local network address") })

                    configuration.trustedAddresses = Set(ConnectAddress.literal(in: other.baseURL))
                    _ = try await Crawler(store: store, configuration: configuration).crawl([site.url(Path.hungerGames)]
                    )
                    #expect(other.requests.map(\.path) == [Path.robots, Path.dune])
                    let elsewhere = BookKey(source: "crawl", sourceID: other.url(Path.dune).absoluteString)
                    #expect(try await store.book(key: elsewhere)?.title == "Dune")
                    // Only the similar-books link crossed over, not Dune's own links.
                    #expect(!other.requests.contains { $0.path == Path.earthsea })
                }
            }
        }
    }
}
