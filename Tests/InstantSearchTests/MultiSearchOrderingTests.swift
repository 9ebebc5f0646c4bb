import InstantSearch
import ScoutModels
import ScoutTestSupport
import Testing

/// Invariant 1 per section: a late reply never overwrites a newer one in its section, whatever
/// order the sources answer in, and a new keystroke cancels every source's superseded search.
@Suite("Multi-search: latest wins per section", .timeLimit(.minutes(10)))
struct MultiSearchOrderingTests {
    @Test(arguments: [false, true])
    func noSectionShowsASupersededQuerysReply(ignoresCancellation: Bool) async throws {
        let h = MultiHarness(debounce: .zero, isNarrowingEnabled: false, ignoresCancellation: ignoresCancellation)
        let prefixes = ["d", "du", "dun", "dune"]
        for (index, prefix) in prefixes.enumerated() {
            // Wikipedia answers older queries later, Books older ones first, Photos all at once.
            let latencies: [Duration] = [
                .milliseconds(100 * (prefixes.count - index)), .milliseconds(10 * (index + 1)), .milliseconds(50),
            ]
            for (provider, latency) in zip(h.providers, latencies) {
                provider.script(prefix, .page([item("\(provider.displayName) \(prefix)")], latency: latency))
            }
            h.session.update(query: prefix)
            #expect(await eventually { h.providers.allSatisfy { $0.calls.count == index + 1 } })
        }
        h.clock.advance(by: .seconds(1))
        #expect(await eventually { h.providers.allSatisfy { $0.completedCalls == prefixes.count } })
        let expected = h.providers.map { results("dune", [item("\($0.displayName) dune")]) }
        #expect(await eventually { h.states == expected })
        #expect(await eventually { h.session.statistics.map(\.staleRepliesDropped) == [3, 3, 3] })

        // Zero stale overwrites: the only settled state any section published is the last query's.
        await letTasksRun()
        for index in h.providers.indices {
            let settled = h.recorder.states(ofSection: index).filter { $0.isSettled(for: $0.query ?? "") }
            #expect(settled == [expected[index]])
        }
    }

    @Test func everySourceSeesItsSupersededSearchCancelled() async throws {
        let h = MultiHarness()
        for provider in h.providers {
            provider.script("du", .page([item("Dust")], latency: .seconds(2)))
        }
        h.session.update(query: "du")
        h.clock.advance(by: .milliseconds(150))
        #expect(await eventually { h.providers.allSatisfy { $0.calls.count == 1 } })

        // As in a SearchSession, the keystroke makes "du" stale at once (its reply would be
        // dropped) and the request is cancelled when "dune"'s own search starts.
        h.session.update(query: "dune")
        h.clock.advance(by: .milliseconds(150))
        #expect(await eventually { h.providers.allSatisfy { $0.cancelledCalls == 1 } })
        #expect(await eventually { h.isSettled(for: "dune") })
        #expect(h.queries == [["du", "dune"], ["du", "dune"], ["du", "dune"]])
        h.clock.advance(by: .seconds(2))
        await letTasksRun()
        #expect(h.isSettled(for: "dune"))
    }

    @Test("a slow source's reply to an older query never replaces a fast source's newer section, nor its own")
    func slowSourceStaysOnTheNewQuery() async throws {
        let h = MultiHarness(ignoresCancellation: true)
        h.providers[1].script("du", .page([item("Dust")], latency: .seconds(2)))
        h.session.update(query: "du")
        h.clock.advance(by: .milliseconds(150))
        #expect(await eventually { h.providers.allSatisfy { $0.calls.count == 1 } })
        #expect(await eventually { h.states[0].isSettled(for: "du") })

        h.session.update(query: "dune")
        h.clock.advance(by: .milliseconds(150))
        #expect(await eventually { h.isSettled(for: "dune") })
        h.clock.advance(by: .seconds(2))  // Books' "du" reply, which ignored its cancellation
        #expect(await eventually { h.session.statistics[1].staleRepliesDropped == 1 })
        await letTasksRun()
        #expect(h.isSettled(for: "dune"))
        #expect(!h.recorder.states(ofSection: 1).contains(results("du", [item("Dust")])))
    }
}
