import BookCatalog
import BookStorage
import Foundation
import ScoutTestSupport
import Testing

@testable import BookCrawler

/// Issue 33 (T18): sites built to break a crawler — reference cycles, nesting past any real
/// page, link farms, wildcard bombs in robots.txt, giant fields — served by a real HTTP server
/// on 127.0.0.1 and crawled whole. Each test failed before the bounds it proves.
@Suite("Hostile sites", .serialized, .timeLimit(.minutes(10)))
struct HostileSiteTests {
    /// Crawls `path` of `site` (and `depth` links further) into a fresh store; returns the summary
    /// and the book stored for `path`, if any.
    private func crawl(
        _ path: String, of site: FakeBookSite, depth: Int = 0, configure: (inout CrawlConfiguration) -> Void = { _ in }
    ) async throws -> (CrawlSummary, Book?) {
        try await withCrawlStore { store, _ in
            var configuration = testConfiguration(depth: depth)
            configure(&configuration)
            let summary = try await Crawler(store: store, configuration: configuration).crawl([site.url(path)])
            let book = try await store.book(key: BookKey(source: "crawl", sourceID: site.url(path).absoluteString))
            return (summary, book)
        }
    }

    @Test("JSON-LD reference cycles (a name naming itself, an image whose url is itself) end the walk, not the crawl")
    func referenceCycles() async throws {
        try await withFakeBookSite(robotsTxt: FakeBookSite.robotsTxt(crawlDelay: nil)) { site in
            site.setPage(.html(HostileBookPages.referenceCycles), at: "/books/cycle")
            let (summary, book) = try await crawl("/books/cycle", of: site)
            #expect(summary.pagesFetched == 1 && summary.booksFound == 1)
            let stored = try #require(book)
            #expect(stored.title == "The Cycle")
            #expect(stored.authors.isEmpty && stored.coverURL == nil)
        }
    }

    @Test("microdata itemref cycles: every named element read once, the book's properties found")
    func itemrefCycles() async throws {
        try await withFakeBookSite(robotsTxt: FakeBookSite.robotsTxt(crawlDelay: nil)) { site in
            site.setPage(.html(HostileBookPages.itemrefCycles), at: "/books/loop")
            let (summary, book) = try await crawl("/books/loop", of: site)
            #expect(summary.booksFound == 1)
            let stored = try #require(book)
            #expect(stored.title == "Itemref Loop")
            #expect(stored.authors == ["Ada"])
        }
    }

    @Test("JSON-LD nested 500 deep and HTML nested 100,000 deep: read to the depth cap, the book kept")
    func deepNesting() async throws {
        try await withFakeBookSite(robotsTxt: FakeBookSite.robotsTxt(crawlDelay: nil)) { site in
            site.setPage(.html(HostileBookPages.deeplyNested(jsonDepth: 500, htmlDepth: 100_000)), at: "/books/deep")
            let (summary, book) = try await crawl("/books/deep", of: site) { $0.maxPageBytes = 8 << 20 }
            #expect(summary.failures.isEmpty)
            let stored = try #require(book)
            #expect(stored.title == "Deep")
            #expect(stored.authors.isEmpty)  // "Nobody" lies 500 objects deep, past GraphWalk.maxDepth
        }
    }

    @Test("a link farm of 60,000 links a page: 2,000 taken a page, none over 2 KB, the frontier capped, all counted")
    func linkFarm() async throws {
        try await withFakeBookSite(robotsTxt: FakeBookSite.robotsTxt(crawlDelay: nil)) { site in
            site.generator = { HostileBookPages.linkFarm(at: $0, links: 60_000) }
            let (summary, _) = try await crawl("/farm/start", of: site, depth: 5) {
                $0.maxPages = 3
                $0.maxPageBytes = 8 << 20
                $0.maxQueuedPages = 3_000
            }
            #expect(summary.pagesFetched == 3)
            // Per page: the 2 KB link, and the 58,000 anchors past the first 2,000 left unread.
            #expect(summary.linksDropped == 3 * 58_001)
            // 2,000 queued from the first page, 1,000 of the second's until the frontier was full.
            #expect(summary.linksNotQueued == 3 * 2_000 - 3_000 - 2)
            #expect(site.requests.allSatisfy { $0.path.utf8.count <= CrawlURL.maxBytes })
        }
    }

    @Test("addresses robots.txt refuses are counted, and only the first 1,000 kept in the summary")
    func skippedAddressesKept() async throws {
        let robots = "User-agent: *\nAllow: /farm/start\nDisallow: /farm/\n"
        try await withFakeBookSite(robotsTxt: robots) { site in
            site.generator = { HostileBookPages.linkFarm(at: $0, links: 60_000) }
            let (summary, _) = try await crawl("/farm/start", of: site, depth: 1) { $0.maxPageBytes = 8 << 20 }
            #expect(summary.pagesFetched == 1)
            #expect(summary.skippedByRobots.total == 2_000)
            #expect(summary.skippedByRobots.count == FirstEntries<URL>.limit)
        }
    }

    @Test("scout books crawl prints what the limits left out")
    func summaryLine() async throws {
        try await withFakeBookSite(robotsTxt: FakeBookSite.robotsTxt(crawlDelay: nil)) { site in
            site.generator = { HostileBookPages.linkFarm(at: $0, links: 60_000) }
            try await withTemporaryDirectory(prefix: "scout-hostile") { directory in
                let result = try await ScoutExecutable.run(
                    [
                        "books", "crawl", site.url("/farm/start").absoluteString, "--depth", "5", "--rate", "100",
                        "--max-pages", "6", "--max-kb", "8192", "--database",
                        directory.appending(path: "b.sqlite").path,
                    ], environment: ["SCOUT_CONTACT": testContact], timeout: .seconds(300))
                #expect(result.exitCode == 0)
                // Six pages of 58,001 links left out; the sixth fills the frontier's 10,000 with 5 of its 2,000.
                #expect(
                    result.standardOutput.contains(
                        "Left out: 348006 links past the per-page limit or over 2 KB, 1995 links with the frontier full."
                    ),
                    "\(result.standardOutput)")
            }
        }
    }

    @Test("the frontier holds at most its capacity and forgets nothing it visited")
    func frontierCapacity() throws {
        let home = try #require(URL(string: "https://farm.example.org/"))
        var frontier = CrawlFrontier(start: [home], maxDepth: 3, staysOnStartHosts: true, capacity: 1_000)
        let outcomes = (0..<60_000).map { frontier.add(home.appending(path: "p\($0)"), depth: 1) }
        #expect(outcomes.filter { $0 == .queued }.count == 999)
        #expect(outcomes.filter { $0 == .full }.count == 60_000 - 999)
        #expect(frontier.count == 1_000)
        var visited = 0
        while frontier.next() != nil { visited += 1 }
        #expect(visited == 1_000)
        #expect(frontier.add(home, depth: 1) == .ignored)  // visited already
        #expect(frontier.add(home.appending(path: "p5"), depth: 1) == .ignored)
        #expect(frontier.add(home.appending(path: "p59999"), depth: 1) == .queued)  // room again
    }

    @Test(
        "robots.txt of long wildcards: rules and size capped, and still right (`make soak` times the checks)",
        arguments: [
            // The finding: 100 rules of 4,000 bytes (400 KB) against a 7,000-byte path.
            (100, 4_000, true, 7_000),
            // The worst the caps let through: wildcard rules as long as an address, as many as
            // are kept, and plain rules as many as are kept, against the longest address.
            (250, RobotsRule.maxPatternBytes, true, CrawlURL.maxBytes), (1_000, 500, true, CrawlURL.maxBytes),
            (1_000, 1_000, false, CrawlURL.maxBytes),
        ])
    func wildcardRobots(rules: Int, length: Int, wildcard: Bool, pathLength: Int) throws {
        let robots = RobotsPolicy(
            parsing: HostileBookPages.wildcardRobotsTxt(rules: rules, length: length, wildcard: wildcard))
        #expect(robots.rules.count <= (wildcard ? RobotsPolicy.maxWildcardRules : RobotsPolicy.maxRules))
        let path = "/" + String(repeating: "a", count: pathLength - 1)
        #expect(robots.allows(path: path))
        // A path the rule does match is still refused, when the rule was kept.
        let matching = "/" + String(repeating: "a", count: length - 2) + "b"
        #expect(robots.allows(path: matching) == (length > RobotsRule.maxPatternBytes))
    }

    @Test("a site whose robots.txt is a wildcard bomb is still crawled, and quickly")
    func wildcardRobotsServed() async throws {
        let bomb = HostileBookPages.wildcardRobotsTxt(rules: 100, length: 4_000)
        try await withFakeBookSite(robotsTxt: bomb) { site in
            site.generator = { HostileBookPages.linkFarm(at: $0, links: 2_000) }
            let (summary, _) = try await crawl("/farm/start", of: site, depth: 1) { $0.maxPages = 2 }
            #expect(summary.pagesFetched == 2 && summary.skippedByRobots.isEmpty)
        }
    }

    @Test("giant fields (1.9 MB titles, a thousand authors) are stored cut to their limits, whole characters, counted")
    func giantFields() async throws {
        try await withFakeBookSite(robotsTxt: FakeBookSite.robotsTxt(crawlDelay: nil)) { site in
            site.setPage(.html(HostileBookPages.giantFields(bytes: 1_900_000)), at: "/books/giant")
            let (summary, book) = try await crawl("/books/giant", of: site) { $0.maxPageBytes = 8 << 20 }
            let stored = try #require(book)
            #expect(stored.title.utf8.count <= FieldLimits.title.bytes && stored.title.utf8.count > 1_000)
            #expect(stored.title.unicodeScalars.last == "\u{301}")  // never an accent cut from its letter
            #expect(stored.description?.utf8.count ?? 0 <= FieldLimits.description.bytes)
            #expect(stored.authors.count == FieldLimits.authors.count)
            #expect(stored.authors.allSatisfy { $0.utf8.count <= FieldLimits.authors.bytes })
            #expect(stored.seriesName?.utf8.count ?? 0 <= FieldLimits.series.bytes)
            #expect(stored.language?.utf8.count ?? 0 <= FieldLimits.language.bytes)
            #expect(stored.coverURL == nil)  // 3 KB: part of a URL names nothing
            // Title, description, authors, series, language, cover.
            #expect(summary.truncatedFields == 6)
        }
    }
}
