import Foundation
import HTTPServer
import Networking
import Redis
import ScoutServer
import ScoutTestSupport
import Testing

/// One Wikimedia budget for every Wikimedia API host (invariant 13, SECURITY.md T15/T17):
/// searches in many languages at once — each language a host of its own, `<lang>.localhost`,
/// under the `wikimedia` policy as every `*.wikipedia.org` and `commons.wikimedia.org` is —
/// never have more than 3 requests in flight in all, in one instance or across a fleet.
/// The fake's latency runs on a `ManualClock`: each round of 3 is let go by advancing it.
@Suite("One Wikimedia budget across languages", .timeLimit(.minutes(10)))
struct WikimediaBudgetTests {
    static let languages = ["de", "fr", "ja", "es", "it", "nl", "pl", "sv", "zh-yue"]
    static let pages = [FakeWikipedia.Page(pageID: 1, title: "Alpha")]

    @Test("the hosts Wikimedia serves its API from share one budget; its image host has its own")
    func budgetNames() {
        let client = APIClient.Configuration(userAgent: "t")
        for host in ["en.wikipedia.org", "zh-yue.wikipedia.org", "commons.wikimedia.org"] {
            #expect(client.hostPolicies.keys.contains { host.hasSuffix($0) })
        }
        #expect(HostPolicy.wikimedia.budget == "wikimedia")
        #expect(APIClient.Configuration.knownHosts["upload.wikimedia.org"]?.budget == nil)
        #expect(APIClient.Configuration.knownHosts["flickr.com"]?.budget == nil)
    }

    @Test("nine languages searched at once: never more than 3 requests in flight across their hosts")
    func oneInstance() async throws {
        let clock = ManualClock()
        let client = APIClient(configuration: .init(userAgent: "t", hostPolicies: ["localhost": .wikimedia]))
        try await withScoutApp(
            pages: [],
            configureForFake: { configuration, fake in
                configuration.wikipediaAPITemplate = fake.languageTemplate
                configuration.upstreamDeadline = .seconds(60)
            }, client: client, fakeClock: clock
        ) { fake, _, port in
            fake.languages = Dictionary(uniqueKeysWithValues: Self.languages.map { ($0, Self.pages) })
            fake.faults.latency = .seconds(1)
            let waiting = try await Self.sendAll(Self.languages.map { (port, $0) })
            try await Self.letThrough(Self.languages.count, clock: clock)
            for connection in waiting { #expect(try await connection.readResponse().status == 200) }
            #expect(fake.recorder.maxConcurrentRequests == 3)
            #expect(Set(fake.requests.compactMap(FakeWikipedia.language(of:))) == Set(Self.languages))
        }
    }

    @Test(
        "three instances on one Redis, nine languages: 3 in flight fleet-wide, under one budget key",
        .enabled(if: Requirement.redis.mayRun, Comment(rawValue: Requirement.redis.skipReason)))
    func fleet() async throws {
        let clock = ManualClock()
        try await withFleet(
            pages: [], redis: try FleetRedis.url(), configure: { $0.upstreamDeadline = .seconds(60) },
            configureForFake: { configuration, fake in configuration.wikipediaAPITemplate = fake.languageTemplate },
            fakeClock: clock
        ) { fake, fleet, prefix in
            fake.languages = Dictionary(uniqueKeysWithValues: Self.languages.map { ($0, Self.pages) })
            fake.faults.latency = .seconds(1)
            let searches = Self.languages.enumerated().map { (fleet[$0.offset % fleet.count].port, $0.element) }
            let waiting = try await Self.sendAll(searches)
            try await Self.letThrough(Self.languages.count, clock: clock)
            for connection in waiting { #expect(try await connection.readResponse().status == 200) }
            #expect(fake.recorder.maxConcurrentRequests == 3)
            let redis = try FleetRedis.client()
            let keys = try await redis.send(["KEYS", .string(prefix + "budget:*")]).expectArray()
                .compactMap(\.stringValue)
            await redis.close()
            #expect(!keys.isEmpty)
            #expect(keys.allSatisfy { $0.hasPrefix(prefix + "budget:wikimedia:") })
        }
    }

    /// One search a (port, language), each on its own connection, all sent before any reply.
    static func sendAll(_ searches: [(UInt16, String)]) async throws -> [RawHTTPConnection] {
        var connections: [RawHTTPConnection] = []
        for (port, language) in searches {
            let connection = try RawHTTPConnection(port: port, timeout: .seconds(60))
            try await connection.send("GET /api/v1/search?q=Alpha&lang=\(language) HTTP/1.1\r\nHost: x\r\n\r\n")
            connections.append(connection)
        }
        return connections
    }

    /// Answers `total` requests held by the fake's latency, a round at a time: waits until
    /// the budget's 3 (or the last few) are in flight, then lets them finish.
    static func letThrough(_ total: Int, clock: ManualClock) async throws {
        var answered = 0
        while answered < total {
            let round = min(3, total - answered)
            await clock.waitForSleepers(count: round)
            answered += clock.sleeperCount
            clock.advance(by: .seconds(1))
        }
    }
}
