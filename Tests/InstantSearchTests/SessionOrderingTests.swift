import InstantSearch
import ScoutModels
import ScoutTestSupport
import Testing

/// Invariant 1: a screen only shows results for the current query, or the previous ones marked
/// stale while it loads; a late reply never overwrites a newer one.
@Suite("Session: latest wins", .timeLimit(.minutes(10)))
struct SessionOrderingTests {
    @Test(arguments: [false, true], [Duration.zero, .milliseconds(150)])
    func lateReplyForAnOlderQueryIsDropped(ignoresCancellation: Bool, debounce: Duration) async throws {
        let h = Harness(debounce: debounce, ignoresCancellation: ignoresCancellation)
        h.provider.script("ca", .page([item("Cat"), item("Car")], latency: .milliseconds(500)))
        h.provider.script("cat", .page([item("Cat"), item("Catalonia")], latency: .milliseconds(100)))

        h.session.update(query: "ca")
        h.clock.advance(by: debounce)
        #expect(await eventually { h.provider.calls.count == 1 })
        h.session.update(query: "cat")
        h.clock.advance(by: debounce)
        #expect(await eventually { h.provider.calls.count == 2 })

        h.clock.advance(by: .milliseconds(100))  // "cat" answers first
        let expected = results("cat", [item("Cat"), item("Catalonia")])
        #expect(await eventually { h.session.state == expected })
        h.clock.advance(by: .milliseconds(400))  // then "ca", if it ignored its cancellation
        #expect(await eventually { h.provider.completedCalls == 2 })
        #expect(await eventually { h.session.statistics.staleRepliesDropped == 1 })
        await letTasksRun()
        #expect(h.session.state == expected)

        let sinceCat = h.recorder.states.drop { $0.query != "cat" }
        #expect(!sinceCat.isEmpty)
        #expect(sinceCat.allSatisfy { $0.query == "cat" })
    }

    enum LatencyOrder: String, CaseIterable, Sendable {
        case olderAnswersLater
        case olderAnswersFirst
        case allAtOnce
    }

    @Test(arguments: LatencyOrder.allCases)
    func everyTypingOrderEndsWithTheLastQuery(order: LatencyOrder) async throws {
        let h = Harness(debounce: .zero, isNarrowingEnabled: false, ignoresCancellation: true)
        let prefixes = ["s", "sw", "swi", "swif", "swift"]
        for (index, prefix) in prefixes.enumerated() {
            let latency: Duration =
                switch order {
                case .olderAnswersLater: .milliseconds(100 * (prefixes.count - index))
                case .olderAnswersFirst: .milliseconds(10 * (index + 1))
                case .allAtOnce: .milliseconds(50)
                }
            h.provider.script(prefix, .page([item("\(prefix) result")], latency: latency))
            h.session.update(query: prefix)
            #expect(await eventually { h.provider.calls.count == index + 1 })
        }
        h.clock.advance(by: .seconds(1))
        #expect(await eventually { h.provider.completedCalls == prefixes.count })
        #expect(await eventually { h.session.state == results("swift", [item("swift result")]) })
        #expect(await eventually { h.session.statistics.staleRepliesDropped == prefixes.count - 1 })

        // Observers hear of the last publication just after it is made.
        #expect(
            await eventually {
                h.recorder.states.filter { $0.isSettled(for: $0.query ?? "") } == [
                    results("swift", [item("swift result")])
                ]
            })
    }

    @Test func previousResultsStayVisibleMarkedStaleWhileLoading() async throws {
        let h = Harness(isNarrowingEnabled: false)
        #expect(await h.search("cat"))
        let catItems = h.session.state.items
        h.session.update(query: "dog")
        #expect(h.session.state == .loading(query: "dog", previous: .init(query: "cat", items: catItems)))
        #expect(h.session.state.items == catItems)
        #expect(h.session.state.isLoading)
        h.session.update(query: "dogs")
        #expect(h.session.state == .loading(query: "dogs", previous: .init(query: "cat", items: catItems)))
    }

    @Test func publicationsCarryClockTimestamps() async throws {
        let h = Harness()
        h.provider.script("cat", .page([item("Cat")], latency: .milliseconds(40)))
        h.clock.advance(by: .seconds(1))
        h.session.update(query: "cat")
        let loading = h.session.publication
        #expect(loading.publishedAt == .seconds(1))
        #expect(loading.queryChangedAt == .seconds(1))
        h.clock.advance(by: .milliseconds(150))
        #expect(await eventually { h.provider.calls.count == 1 })
        h.clock.advance(by: .milliseconds(40))
        #expect(await eventually { h.session.state == results("cat", [item("Cat")]) })
        // Observers hear of a publication just after it is made, outside the session's lock.
        #expect(await eventually { h.recorder.publications.count == 2 })

        let final = try #require(h.recorder.publications.last)
        #expect(final.publishedAt - final.queryChangedAt == .milliseconds(190))
        #expect(final.sequence == loading.sequence + 1)
        #expect(h.session.elapsed == .milliseconds(1190))
        #expect(h.recorder.publications.map(\.sequence) == [1, 2])
    }

    @Test func stateStreamStartsWithTheCurrentStateAndEndsWithTheSession() async throws {
        var session: SearchSession? = Harness(debounce: .zero).session
        var iterator = try #require(session?.states()).makeAsyncIterator()
        #expect(await iterator.next() == .idle)
        session?.update(query: "")  // already idle: nothing published
        session?.update(query: String(repeating: "x", count: 300))
        let failed = await iterator.next()
        #expect(failed?.message != nil)
        session = nil
        #expect(await iterator.next() == nil)
    }
}
