import BookCatalog
import BookCrawler
import Foundation
import ScoutTestSupport

/// Issue 33 item 4, `scout-bench crawl-soak` (`make soak`): the release `scout books crawl`
/// against a hostile link farm for 10 minutes — a ``FakeBookSite`` on 127.0.0.1 generating
/// endless pages of 60,000 distinct links each, one over 2 KB among them, behind a 400 KB
/// robots.txt of long wildcards — with the crawler's resident memory read every second.
///
/// Goals: the crawler still crawling when stopped (no crash, no early end); resident memory
/// under 200 MiB throughout; flat: the highest reading of the last third within 10 % of the
/// highest of the first minute, by when its frontier has long been full (memory rises while a
/// page is read and falls after, so single readings are not compared). Prints pages fetched,
/// memory over time and the goals.
struct CrawlSoak {
    var settings = SoakSettings()
    /// Links on each farm page (`SCOUT_SOAK_CRAWL_LINKS`, else 60,000): a real page has a few hundred.
    var linksPerPage = ProcessInfo.processInfo.environment["SCOUT_SOAK_CRAWL_LINKS"].flatMap(Int.init) ?? 60_000
    /// The most the crawler may hold, the T18 figure.
    static let memoryCeiling = 200 * 1_048_576

    func run() async throws {
        guard SoakSettings.isRequested("crawl-soak") else { return }
        let robotsCheck = Self.slowestRobotsCheck()
        let robots = HostileBookPages.wildcardRobotsTxt(rules: 100, length: 4_000)
        try await withFakeBookSite(robotsTxt: robots) { site in
            site.recorder.capacity = 100
            let links = linksPerPage
            site.generator = { HostileBookPages.linkFarm(at: $0, links: links) }
            try await soak(site, robotsCheck: robotsCheck)
        }
    }

    /// The slowest robots.txt check of the worst files the caps let through — wildcard rules
    /// as long as an address, as many as are kept; plain rules as many as are kept — against the
    /// longest address, each the fastest of five (another process on the machine is not the
    /// check's time). Timed here, in the release build, not in a test.
    static func slowestRobotsCheck() -> Duration {
        let longest = FieldLimits.url.bytes
        let path = "/" + String(repeating: "a", count: longest - 1)
        let clock = ContinuousClock()
        return [(1_000, longest, true), (1_000, 500, true), (1_000, 1_000, false), (100, 4_000, true)].map {
            rules, length, wildcard in
            let robots = RobotsPolicy(
                parsing: HostileBookPages.wildcardRobotsTxt(rules: rules, length: length, wildcard: wildcard))
            return (0..<5).map { _ in clock.measure { _ = robots.allows(path: path) } }.min() ?? .zero
        }.max() ?? .zero
    }

    private func soak(_ site: FakeBookSite, robotsCheck: Duration) async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "scout-crawl-soak-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // As fast as the command lets a crawl go, as deep and as long: only the soak's end stops it.
        let crawler = try ScoutProcess(
            [
                "books", "crawl", site.url("/farm/start").absoluteString, "--depth", "10", "--rate", "100",
                "--max-pages", "100000", "--max-kb", "8192", "--database",
                directory.appending(path: "books.sqlite").path,
            ],
            environment: ["SCOUT_CONTACT": "soak@example.org"])
        let clock = ContinuousClock()
        let start = clock.now
        let baselineAt = start + SoakSettings.baseline(of: settings.crawlDuration)
        let trace = await MemoryTrace.watch(
            pid: crawler.processIdentifier, baselineAt: baselineAt, until: start + settings.crawlDuration,
            every: .seconds(1))
        let finalBytes = SoakServer.residentBytes(ofProcess: crawler.processIdentifier)
        crawler.signal(SIGTERM)
        let result = try await crawler.waitForExit(timeout: .seconds(10))
        let fetched = result.standardError.split(separator: "\n").filter { $0.hasPrefix("fetched") }.count
        let failed = result.standardError.split(separator: "\n").filter { $0.hasPrefix("failed") }

        print(
            "\nscout books crawl against a link farm of \(linksPerPage) links a page for "
                + "\(SoakSettings.label(settings.crawlDuration)): \(fetched) pages fetched, \(failed.count) failed, "
                + "\(site.recorder.count) requests served")
        for line in failed.prefix(3) { print("  \(line)") }
        print(
            "crawler resident memory: \(MemoryTrace.mebibytes(trace.baseline)) after "
                + "\(SoakSettings.label(baselineAt - start)), \(MemoryTrace.mebibytes(finalBytes)) at the end, "
                + "peak \(MemoryTrace.mebibytes(trace.peak))")
        print("  over time: \(trace.timeline)")

        var goals = SoakGoals(soak: "crawl-soak")
        goals.add(
            "crawling until stopped", met: !trace.lostProcess && fetched > 0,
            trace.lostProcess ? "the crawler ended on its own: \(result.standardError.suffix(300))" : "\(fetched) pages"
        )
        goals.add(
            "resident memory under 200 MiB throughout", met: trace.peak > 0 && trace.peak < Self.memoryCeiling,
            "peak \(MemoryTrace.mebibytes(trace.peak))")
        // Memory rises while a page is read and falls after it, so single readings are a saw:
        // flat means the saw's top in the last third no higher than in the first minute (+10 %).
        let early = trace.samples.filter { $0.at <= baselineAt - start }.map(\.bytes).max() ?? 0
        let late = trace.samples.filter { $0.at >= settings.crawlDuration * 2 / 3 }.map(\.bytes).max() ?? 0
        goals.add(
            "resident memory flat: the highest reading of the last third within 10 % of the highest until "
                + SoakSettings.label(baselineAt - start),
            met: early > 0 && Double(late) <= Double(early) * 1.10,
            "\(MemoryTrace.mebibytes(early)) → \(MemoryTrace.mebibytes(late))")
        goals.add(
            "a robots.txt check of the worst files the caps let through under 10 ms",
            met: robotsCheck < .milliseconds(10),
            "\(robotsCheck)")
        try goals.finish()
    }
}
