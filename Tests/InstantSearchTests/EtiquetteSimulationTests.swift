import Foundation
import Networking
import Providers
import ScoutModels
import ScoutTestSupport
import Synchronization
import Testing

@testable import InstantSearch

/// SECURITY.md T15: 20 people typing 10,000 keystrokes through one Scout process (one shared
/// APIClient) on a manual clock. Wikimedia's budget holds, nothing is sent inside a
/// Retry-After window, and every request names Scout, its version and a contact.
@Suite("Upstream etiquette under 10,000 keystrokes (T15)", .timeLimit(.minutes(10)))
struct EtiquetteSimulationTests {
    static let words = [
        "cat", "catalonia", "carbon", "zürich", "swift", "photosynthesis", "tokyo tower", "lake geneva",
        "hunger games", "harry potter", "einstein", "marie curie", "bern", "basel", "river thames",
    ]

    @Test("budgets held, Retry-After obeyed, User-Agent on every request")
    func simulation() async throws {
        let clock = ManualClock()
        let pages = Self.words.enumerated().map { FakeWikipedia.Page(pageID: $0.offset + 1, title: $0.element) }
        try await withFakeWikipedia(pages: pages, clock: clock) { fake in
            let arrivals = Mutex<[Duration]>([])
            fake.faults.setLatency { _ in
                arrivals.withLock { $0.append(clock.now.offset) }
                return .milliseconds(80)
            }
            let client = APIClient(
                configuration: .init(
                    userAgent: UserAgent.make(contact: "ops@example.org"),
                    hostPolicies: ["127.0.0.1": .wikimedia]),
                clock: clock)
            let provider = try WikipediaProvider(client: client, apiTemplate: fake.baseURL.absoluteString)
            let sessions = (0..<20).map { _ in SearchSession(provider: provider, clock: clock) }

            var random = SplitMix64(seed: 15)
            var nextKey = sessions.map { _ in Duration.milliseconds(Int(random.next() % 250)) }
            var typed = sessions.map { _ in "" }
            var target = sessions.map { _ in "" }
            var keystrokes = 0
            var retryAfterSentAt: Duration?
            while keystrokes < 10_000 {
                let (person, due) = nextKey.enumerated().min { $0.element < $1.element }!
                while clock.now.offset < due {
                    clock.advance(by: min(.milliseconds(10), due - clock.now.offset))
                    await settle()
                }
                if retryAfterSentAt == nil, clock.now.offset >= .seconds(30) {
                    fake.inject(.retryAfter(seconds: 7), count: 1)
                    retryAfterSentAt = clock.now.offset
                }
                if typed[person] == target[person] {
                    target[person] = Self.words[Int(random.next() % UInt64(Self.words.count))]
                    typed[person] = ""
                }
                typed[person] = String(target[person].prefix(typed[person].count + 1))
                sessions[person].update(query: typed[person])
                keystrokes += 1
                let pause = typed[person] == target[person] ? 1_500 : 60 + Int(random.next() % 191)
                nextKey[person] = due + .milliseconds(pause)
            }
            for _ in 0..<100 {
                clock.advance(by: .milliseconds(50))
                await settle()
            }

            let requests = fake.requests
            #expect(requests.count > 100, "the simulation must actually search")
            #expect(fake.recorder.maxConcurrentRequests <= 3, "Wikimedia allows 3 requests at a time")
            #expect(requests.allSatisfy { $0.userAgent == "Scout/\(ScoutVersion.current) (ops@example.org)" })

            let times = arrivals.withLock { $0 }.sorted()
            for (index, start) in times.enumerated() {
                let inWindow = times[index...].prefix { $0 < start + .seconds(1) }.count
                #expect(inWindow <= 20, "at most burst + rate (10 + 10) requests in any second")
                if inWindow > 20 { break }
            }
            let blockedFrom = try #require(times.first { $0 >= retryAfterSentAt ?? .zero })
            // The 429 reaches the client only after the fake's 80 ms latency, and until then the
            // client may rightly go on sending (each request in one of Wikimedia's three slots,
            // which the cap above holds): how many land in that time depends on how fast real
            // round trips run against the manual clock, so it is not counted. Nothing may arrive
            // from a second after the 429's request until its 7 s are over.
            let inside = times.filter { $0 >= blockedFrom + .seconds(1) && $0 < blockedFrom + .seconds(7) }
            #expect(inside.isEmpty, "no request within 7 s of the 429")
            #expect(times.contains { $0 >= blockedFrom + .seconds(7) }, "requests resume after the window")
        }
    }

    /// Lets woken tasks run their (real) HTTP round trips before the clock moves on: real
    /// sockets and libcurl's thread do not follow the manual clock, and nothing tells when every
    /// one of twenty sessions' round trips has landed.
    private func settle() async {
        for _ in 0..<3 { await Task.yield() }
        try? await Task.sleep(for: .microseconds(300))
    }
}
