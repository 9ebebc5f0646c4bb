import Foundation
import HTTPServer
import InstantSearch
import Networking
import Redis
import ScoutModels
import ScoutTestSupport
import Synchronization
import Testing

@testable import ScoutServer

/// SECURITY.md T15 for a fleet: 30 people typing 10,000 keystrokes into three instances sharing
/// one Redis, each person's `SearchSession` searching its instance's `/api/v1/search` as the
/// page does. Wikimedia never sees more than 3 requests at once from the whole fleet, nor more
/// than its rate, and a `Retry-After` only one instance was told holds for all three.
///
/// The shared budget reads Redis's own clock, so this runs in real time: people type ten
/// times faster than people do (a key every 5–20 ms, a word's pause 100 ms) against a session
/// debounce and an upstream latency ten times shorter too, and the run takes seconds.
@Suite(
    "Fleet: upstream etiquette under 10,000 keystrokes on three instances (T15)", .timeLimit(.minutes(2)),
    .enabled(if: Requirement.redis.mayRun, Comment(rawValue: Requirement.redis.skipReason)))
struct FleetEtiquetteTests {
    static let words = [
        "cat", "catalonia", "carbon", "zürich", "swift", "photosynthesis", "tokyo tower", "lake geneva",
        "hunger games", "harry potter", "einstein", "marie curie", "bern", "basel", "river thames",
    ]

    /// A person's `SearchSession` talking to one instance over HTTP, as the browser's page does.
    struct InstanceProvider: SearchProvider {
        let source = SourceID.wikipedia
        let displayName = "Wikipedia"
        let port: UInt16
        /// How many replies of each status the people got, for the log.
        static let statuses = Mutex<[Int: Int]>([:])

        struct Refused: Error { let status: Int }

        func search(_ query: SearchQuery, cursor: SearchCursor?, limit: Int) async throws -> SearchPage {
            let text = query.text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            // A superseded search is dropped, as the page aborts its fetch.
            let connection = try RawHTTPConnection(port: port, timeout: .seconds(10))
            let reply = try await withTaskCancellationHandler {
                try await connection.get("/api/v1/search?source=wikipedia&limit=\(limit)&q=\(text)")
            } onCancel: {
                connection.abort()
            }
            Self.statuses.withLock { $0[reply.status, default: 0] += 1 }
            guard reply.status == 200, case .array(let items) = try reply.json()["items"] else {
                throw Refused(status: reply.status)
            }
            return SearchPage(
                items: items.compactMap { item in
                    item["title"]?.stringValue.map {
                        SearchItem(
                            id: $0, title: $0, description: nil, thumbnail: nil, link: URL(string: "/")!,
                            source: .wikipedia)
                    }
                }, nextCursor: nil)
        }
    }

    @Test("≤ 3 at once and within the rate fleet-wide, nothing inside a Retry-After one instance was told")
    func simulation() async throws {
        let pages = Self.words.enumerated().map { FakeWikipedia.Page(pageID: $0.offset + 1, title: $0.element) }
        let agent = UserAgent.make(contact: "ops@example.org")
        try await withFleet(pages: pages, redis: try FleetRedis.url(), configure: { $0.userAgent = agent }) {
            fake, fleet, _ in
            let arrivals = Mutex<[ContinuousClock.Instant]>([])
            fake.faults.setLatency { _ in
                arrivals.withLock { $0.append(.now) }
                return .milliseconds(8)
            }
            let people = 30
            let sessions = (0..<people).map { person in
                SearchSession(
                    provider: InstanceProvider(port: fleet[person % 3].port),
                    configuration: .init(debounce: .milliseconds(15), maximumDebounce: .milliseconds(40)))
            }
            let started = ContinuousClock.now
            let retryAfterSentAt = Mutex<ContinuousClock.Instant?>(nil)
            // Mid-simulation: once the fleet has made 30 upstream calls (about 2.5 s of typing).
            let told = Task {
                await fake.waitForRequests(count: 30)
                retryAfterSentAt.withLock { $0 = .now }
                fake.inject(.retryAfter(seconds: 2), count: 1)
            }
            let lastTyped = Locked<[Int: String]>([:])
            await withTaskGroup(of: Void.self) { group in
                for person in 0..<people {
                    let keystrokes = 10_000 / people + (person < 10_000 % people ? 1 : 0)
                    group.addTask {
                        var random = SplitMix64(seed: UInt64(15 + person))
                        var typed = ""
                        var target = ""
                        for _ in 0..<keystrokes {
                            if typed == target {
                                target = Self.words[Int(random.next() % UInt64(Self.words.count))]
                                typed = ""
                            }
                            typed = String(target.prefix(typed.count + 1))
                            sessions[person].update(query: typed)
                            let pause = typed == target ? 100 : 5 + Int(random.next() % 16)
                            // A person types in real time: the fleet's budget is kept in Redis,
                            // on Redis's own clock, and this test measures the real arrivals.
                            try? await Task.sleep(for: .milliseconds(pause))
                        }
                        lastTyped.withLock { $0[person] = typed }
                    }
                }
            }
            await told.value
            // The last searches land: every session has settled on what its person typed last.
            let settled = await eventually(within: .seconds(10)) {
                sessions.indices.allSatisfy { person in
                    let state = sessions[person].state
                    if case .loading = state { return false }
                    // The session searches the text trimmed ("tokyo " is "tokyo").
                    let typed = lastTyped.withLock { $0[person] }?.trimmingCharacters(in: .whitespaces)
                    return state.query == typed
                }
            }
            #expect(settled, "every person's last search answered")
            let typing = started.duration(to: .now)

            let requests = fake.requests
            let statuses = InstanceProvider.statuses.withLock { $0 }
            print("fleet T15: \(requests.count) upstream requests, replies by status \(statuses), in \(typing)")
            // The fleet's rate (10 a second, bursts of 10) and the 2 s window bound it near 100.
            #expect(requests.count > 50, "the simulation must actually search")
            #expect(fake.recorder.maxConcurrentRequests <= 3, "Wikimedia allows 3 requests at a time")
            #expect(requests.allSatisfy { $0.userAgent == agent })

            let times = arrivals.withLock { $0 }.sorted()
            // Burst + rate (10 + 10) in any second, and one more per slot: a call is counted as it
            // arrives, a little after the fleet granted it.
            for (index, start) in times.enumerated() {
                let inWindow = times[index...].prefix { $0 < start + .seconds(1) }.count
                #expect(inWindow <= 23, "at most burst + rate (10 + 10) requests in any second, fleet-wide")
                if inWindow > 23 { break }
            }
            let sentAt = try #require(retryAfterSentAt.withLock { $0 })
            let blockedFrom = try #require(times.first { $0 >= sentAt }, "a request got the 429")
            // Calls the fleet granted before the 429 came back may still land in its first moments;
            // from 300 ms on, nothing may arrive until its 2 s are over, whichever instance sends it.
            let inside = times.filter { $0 >= blockedFrom + .milliseconds(300) && $0 < blockedFrom + .seconds(2) }
            #expect(inside.isEmpty, "\(inside.count) requests within 2 s of the 429 told to one instance")
            #expect(times.contains { $0 >= blockedFrom + .seconds(2) }, "requests resume after the window")
        }
    }

    @Test("a slot given back and a Retry-After told by a cancelled call still reach the fleet")
    func cancelledCallsSettle() async throws {
        let redis = try FleetRedis.client()
        let prefix = "scout-test:\(UUID().uuidString):"
        let state = FleetRedis.state(try FleetRedis.url(), prefix: prefix)
        let policy = HostPolicy(maxConcurrent: 1, requestsPerSecond: 100, burst: 100)
        guard case .granted(let slot) = await state.acquire(host: "w", policy: policy, lease: .seconds(30)) else {
            Issue.record("the one slot is granted")
            return
        }
        let slots = RedisArgument.string(prefix + "budget:w:slots")
        #expect(try await redis.send(["ZCARD", slots]).integerValue == 1)
        // A call past its deadline settles in a task its watchdog cancelled.
        await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await state.release(host: "w", slot: slot)
            await state.block(host: "w", for: .seconds(30), reason: .retryAfter)
        }.value
        #expect(try await redis.send(["ZCARD", slots]).integerValue == 0, "the slot is back")
        let window = try await redis.send(["PTTL", .string(prefix + "budget:w:window")]).integerValue ?? -2
        #expect(window > 25_000, "every instance hears of the window")
        await state.client.close()
        await redis.close()
    }
}
