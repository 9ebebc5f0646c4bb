import Foundation
import ScoutTestSupport
import Synchronization
import Testing

@testable import BookCrawler

@Suite("Crawl frontier and pacing", .timeLimit(.minutes(10)))
struct CrawlPartsTests {
    let home = URL(string: "https://books.example.org/")!

    /// Whether each of `links` (address, depth) was queued, in order.
    private func add(_ links: [(String, Int)], to frontier: inout CrawlFrontier) -> [Bool] {
        links.map { frontier.add(URL(string: $0.0)!, depth: $0.1) == .queued }
    }

    @Test("breadth first, each page once (fragments and case aside), never deeper than the depth")
    func frontier() throws {
        var frontier = CrawlFrontier(start: [home, home], maxDepth: 1, staysOnStartHosts: false)
        let queued = add(
            [
                ("HTTPS://Books.Example.org:443/a#x", 1), ("https://books.example.org/a", 1),
                ("https://books.example.org/b", 2), ("mailto:a@example.org", 1), ("https://elsewhere.example.com/c", 1),
            ], to: &frontier)
        #expect(queued == [true, false, false, false, true])
        let visited = Array(sequence(state: frontier) { $0.next() }.map { "\($0.url.absoluteString) \($0.depth)" })
        #expect(
            visited == [
                "https://books.example.org/ 0", "https://books.example.org/a 1", "https://elsewhere.example.com/c 1",
            ])
        #expect(frontier.canFollow(from: 0) && !frontier.canFollow(from: 1))
    }

    @Test("staying on the start hosts: other hosts, ports and schemes are not queued")
    func sameHost() {
        var frontier = CrawlFrontier(start: [home], maxDepth: 3, staysOnStartHosts: true)
        let queued = add(
            [
                ("https://books.example.org/a", 1), ("https://books.example.org:8443/a", 1),
                ("http://books.example.org/b", 1), ("https://elsewhere.example.com/", 1),
            ], to: &frontier)
        #expect(queued == [true, false, false, false])
    }

    @Test("requests to one origin start an interval apart; other origins do not wait (manual clock)")
    func pacing() async throws {
        let clock = ManualClock()
        let pacer = HostPacer(clock: clock, horizon: .seconds(30))
        let started = Mutex<[String]>([])
        try await pacer.waitForTurn(at: "a", interval: .seconds(2))  // the first turn is at once
        try await pacer.waitForTurn(at: "b", interval: .seconds(2))
        let second = Task {
            try await pacer.waitForTurn(at: "a", interval: .seconds(2))
            started.withLock { $0.append("a2 at \(clock.now.offset)") }
        }
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(1999))
        #expect(started.withLock { $0 }.isEmpty)
        clock.advance(by: .milliseconds(1))
        try await second.value
        #expect(started.withLock { $0 } == ["a2 at 2.0 seconds"])
    }

    @Test("the pacer forgets origins whose last turn is past the horizon, so endless hosts hold no memory")
    func pacerForgetsPastOrigins() async throws {
        let clock = ManualClock()
        let pacer = HostPacer(clock: clock, horizon: .seconds(30))
        for index in 0...HostPacer.prunedPast {
            try await pacer.waitForTurn(at: "https://h\(index).example", interval: .seconds(1))
        }
        #expect(await pacer.originCount == HostPacer.prunedPast + 1)
        clock.advance(by: .seconds(31))
        try await pacer.waitForTurn(at: "https://new.example", interval: .seconds(1))
        #expect(await pacer.originCount == 1)
    }

    @Test("host sessions: at most the capacity, the least recently used given up first")
    func hostSessionsAreBounded() {
        var sessions = HostSessions<String>(capacity: 2)
        sessions.insert("a", for: "https://a.example")
        sessions.insert("b", for: "https://b.example")
        #expect(sessions.session(for: "https://a.example") == "a")  // a is now the most recent
        sessions.insert("c", for: "https://c.example")
        #expect(sessions.count == 2 && sessions.evicted == 1)
        #expect(sessions.session(for: "https://b.example") == nil)
        #expect(sessions.session(for: "https://a.example") == "a" && sessions.session(for: "https://c.example") == "c")
        sessions.insert("c2", for: "https://c.example")  // replacing gives nothing up
        #expect(sessions.count == 2 && sessions.evicted == 1)
    }

    @Test("content types: HTML or not, and the charset")
    func contentTypes() {
        let latin1 = ContentType("Text/HTML ; Charset=\"ISO-8859-1\"")
        #expect(latin1.isHTML && latin1.charset == "ISO-8859-1")
        #expect(ContentType("application/xhtml+xml").isHTML)
        #expect(!ContentType("image/jpeg").isHTML)
        #expect(ContentType("text/html").charset == nil)
    }
}
