import Foundation
import Networking
import Providers
import ScoutModels
import ScoutTestSupport
import Synchronization
import Testing

@testable import InstantSearch

/// Invariants 1 and 2 end to end: SearchSession → WikipediaProvider → APIClient → HTTP →
/// FakeWikipedia, with the session's debounce and the fake's latencies on one manual clock.
@Suite("SearchSession against FakeWikipedia", .timeLimit(.minutes(10)))
struct WikipediaSessionTests {
    static let pages: [FakeWikipedia.Page] = [
        .init(pageID: 1, title: "Cat"), .init(pageID: 2, title: "Catalonia"), .init(pageID: 3, title: "Car"),
        .init(pageID: 4, title: "Carbon"), .init(pageID: 5, title: "Cathedral"),
    ]

    static func session(_ fake: FakeWikipedia, clock: ManualClock) throws -> SearchSession {
        let client = APIClient(
            configuration: .init(
                userAgent: "Scout/test (t)",
                hostPolicies: ["127.0.0.1": HostPolicy(maxConcurrent: 3, requestsPerSecond: 1000, burst: 1000)]),
            clock: clock)
        let provider = try WikipediaProvider(
            client: client, apiTemplate: fake.baseURL.absoluteString, deadline: .seconds(30))
        return SearchSession(
            provider: provider, configuration: .init(debounce: .milliseconds(150), pageSize: 5, typingRhythmFactor: 0),
            clock: clock)
    }

    @Test("a slow reply for an older query never replaces the newer one (invariant 1)")
    func outOfOrder() async throws {
        let clock = ManualClock()
        try await withFakeWikipedia(pages: Self.pages, clock: clock) { fake in
            fake.faults.setLatency(.milliseconds(500), forQuery: "ca")
            fake.faults.setLatency(.milliseconds(20), forQuery: "cat")
            let session = try Self.session(fake, clock: clock)
            let shown = Shown()
            session.observe { publication in
                if case .results(let query, _, false, _, _) = publication.state { shown.append(query) }
            }

            session.update(query: "ca")
            clock.advance(by: .milliseconds(150))
            await fake.waitForRequests(count: 1)
            session.update(query: "cat")
            clock.advance(by: .milliseconds(150))
            await fake.waitForRequests(count: 2)
            // "cat" answers 20 ms after it arrived (at 300 ms), once the fake waits on the clock…
            let catAnswers = ManualClock.Instant(offset: .milliseconds(320))
            #expect(await eventually { clock.pendingDeadlines.contains(catAnswers) })
            clock.advance(by: .milliseconds(20))
            #expect(await eventually(within: .seconds(5)) { shown.values.last == "cat" })
            // …and "ca", asked 150 ms earlier, 500 ms after it arrived: later still.
            clock.advance(by: .milliseconds(500))
            #expect(await eventually { fake.recorder.answeredAt(sequenceNumber: 1) != nil }, "ca's late reply sent")
            #expect(shown.values.last == "cat")
            #expect(session.state.query == "cat")
            #expect(session.state.items.map(\.title) == ["Cat", "Catalonia", "Cathedral"])
            #expect(!shown.values.contains("ca"))
        }
    }

    @Test("the final keystroke is always searched, once (invariant 2)")
    func finalKeystroke() async throws {
        let clock = ManualClock()
        try await withFakeWikipedia(pages: Self.pages, clock: clock) { fake in
            let session = try Self.session(fake, clock: clock)
            for text in ["c", "ca", "car", "carb"] {
                session.update(query: text)
                clock.advance(by: .milliseconds(100))
            }
            clock.advance(by: .milliseconds(50))
            await fake.waitForRequests(count: 1)
            #expect(
                await eventually(within: .seconds(5)) { session.state.query == "carb" && !session.state.isLoading })
            #expect(session.state.items.map(\.title) == ["Carbon"])
            #expect(fake.requests.compactMap { $0.parameters["gpssearch"] } == ["carb"])
        }
    }
}

/// Queries shown, in order, from any thread.
private final class Shown: Sendable {
    private let list = Mutex<[String]>([])
    func append(_ query: String) { list.withLock { $0.append(query) } }
    var values: [String] { list.withLock { $0 } }
}
