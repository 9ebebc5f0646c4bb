import InstantSearch
import ScoutModels
import ScoutTestSupport
import Testing

@Suite("Session: cache and narrowing", .timeLimit(.minutes(10)))
struct SessionCacheTests {
    @Test func cachedQueryPublishesAtOnceWithoutARequest() async throws {
        let h = Harness()
        #expect(await h.search("cat"))
        let catState = h.session.state
        #expect(await h.search("dog"))
        #expect(h.provider.calls.count == 2)

        h.session.update(query: "cat")
        #expect(h.session.state == catState)  // before update returned: no debounce, no task hop
        #expect(h.clock.sleeperCount == 0)
        await letTasksRun()
        #expect(h.provider.calls.count == 2)
        #expect(h.session.statistics.cacheHits == 1)
        #expect(h.session.statistics.providerCalls == 2)
    }

    @Test func cacheKeyIgnoresCase() async throws {
        let h = Harness()
        #expect(await h.search("cat"))
        h.session.update(query: "CAT")
        #expect(h.session.state == results("CAT", h.session.state.items))
        #expect(h.session.statistics.cacheHits == 1)
    }

    @Test func expiredEntryIsFetchedAgain() async throws {
        let h = Harness(cacheTimeToLive: .seconds(1))
        #expect(await h.search("cat"))
        h.session.update(query: "")
        #expect(h.session.state == .idle)
        h.clock.advance(by: .seconds(1))
        h.session.update(query: "cat")
        #expect(h.session.state == .loading(query: "cat", previous: nil))
        h.clock.advance(by: .milliseconds(150))
        #expect(await eventually { h.provider.calls.count == 2 })
        #expect(await eventually { h.session.state.isSettled(for: "cat") })
        #expect(h.session.statistics.cacheHits == 0)
    }

    @Test func leastRecentlyUsedEntryIsEvicted() async throws {
        let h = Harness(debounce: .zero, cacheCapacity: 2)
        #expect(await h.search("alpha"))
        #expect(await h.search("beta"))
        #expect(await h.search("alpha"))  // hit: alpha is now the most recently used
        #expect(await h.search("gamma"))  // evicts beta
        #expect(h.provider.queries == ["alpha", "beta", "gamma"])
        #expect(await h.search("alpha"))
        #expect(await h.search("gamma"))
        #expect(h.provider.queries == ["alpha", "beta", "gamma"])
        #expect(await h.search("beta"))
        #expect(h.provider.queries == ["alpha", "beta", "gamma", "beta"])
        #expect(h.session.statistics.cacheHits == 3)
    }

    @Test func narrowingShowsFilteredStaleHitsThenTheRealReply() async throws {
        let h = Harness()
        h.provider.script("ca", .page([item("Cat"), item("Car"), item("Cathédrale Notre-Dame"), item("Scat")]))
        h.provider.script("cat", .page([item("Cat"), item("Catalonia")]))
        #expect(await h.search("ca"))

        h.session.update(query: "cat")
        let narrowed = SearchState.results(
            query: "cat", items: [item("Cat"), item("Cathédrale Notre-Dame")], isStale: true, hasMore: false,
            suggestion: nil)
        #expect(h.session.state == narrowed)
        #expect(h.session.state.isLoading)
        #expect(h.session.statistics.narrowings == 1)
        #expect(h.provider.calls.count == 1)

        h.clock.advance(by: .milliseconds(150))
        #expect(await eventually { h.session.state == results("cat", [item("Cat"), item("Catalonia")]) })
        #expect(await eventually { Array(h.recorder.states.suffix(2)) == [narrowed, h.session.state] })
        #expect(h.provider.queries == ["ca", "cat"])
    }

    @Test func narrowingUsesTheLongestCachedPrefix() async throws {
        let h = Harness()
        h.provider.script("s", .page([item("Swift"), item("Swan"), item("Sun")]))
        h.provider.script("sw", .page([item("Swift"), item("Swing")]))
        #expect(await h.search("s"))
        #expect(await h.search("sw"))
        h.session.update(query: "swi")
        #expect(h.session.state.items == [item("Swift"), item("Swing")])
    }

    @Test func withoutMatchesOrWhenDisabledPreviousResultsShowWhileLoading() async throws {
        for isNarrowingEnabled in [true, false] {
            let h = Harness(isNarrowingEnabled: isNarrowingEnabled)
            h.provider.script("ca", .page([item("Cat"), item("Car")]))
            #expect(await h.search("ca"))
            h.session.update(query: isNarrowingEnabled ? "cab" : "cat")
            let stale = SearchState.StaleResults(query: "ca", items: [item("Cat"), item("Car")])
            #expect(h.session.state == .loading(query: isNarrowingEnabled ? "cab" : "cat", previous: stale))
            #expect(h.session.statistics.narrowings == 0)
        }
    }
}
