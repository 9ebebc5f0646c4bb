import InstantSearch
import ScoutModels
import ScoutTestSupport
import Testing

@Suite("Session: pages", .timeLimit(.minutes(10)))
struct SessionPaginationTests {
    private func scriptThreePages(_ h: Harness, secondPage: ScriptedProvider.Reply...) {
        h.provider.script("cat", .page([item("A"), item("B"), item("C")], next: "2"))
        h.provider.script("cat", cursor: "3", .page([item("F")]))
        if secondPage.isEmpty {
            h.provider.script("cat", cursor: "2", .page([item("C"), item("D"), item("E")], next: "3"))
        } else {
            let key = "cat"
            switch secondPage.count {
            case 1: h.provider.script(key, cursor: "2", secondPage[0])
            default: h.provider.script(key, cursor: "2", secondPage[0], secondPage[1])
            }
        }
    }

    @Test func loadMoreAppendsDeduplicatedPagesUntilExhausted() async throws {
        let h = Harness(debounce: .zero)
        scriptThreePages(h)
        #expect(await h.search("cat"))
        #expect(h.session.state == results("cat", [item("A"), item("B"), item("C")], hasMore: true))

        h.session.loadMore()
        #expect(await eventually { h.recorder.publications.contains { $0.isLoadingMore } })
        #expect(await eventually { h.session.state.items.count == 5 })
        #expect(h.session.state == results("cat", ["A", "B", "C", "D", "E"].map { item($0) }, hasMore: true))
        #expect(!h.session.publication.isLoadingMore)

        h.session.loadMore()
        #expect(await eventually { h.session.state.items.count == 6 })
        #expect(h.session.state == results("cat", ["A", "B", "C", "D", "E", "F"].map { item($0) }, hasMore: false))

        h.session.loadMore()
        await letTasksRun()
        #expect(h.provider.calls.map(\.cursor) == [nil, SearchCursor("2"), SearchCursor("3")])
    }

    @Test func loadMoreWhileLoadingDoesNothing() async throws {
        let h = Harness(debounce: .zero)
        scriptThreePages(h, secondPage: .page([item("D")], next: "3", latency: .seconds(1)))
        #expect(await h.search("cat"))
        h.session.loadMore()
        h.session.loadMore()
        h.session.loadMore()
        #expect(await eventually { h.provider.calls.count == 2 })
        h.clock.advance(by: .seconds(1))
        #expect(await eventually { h.session.state.items.count == 4 })
        #expect(h.provider.calls.count == 2)
        #expect(h.session.statistics.providerCalls == 2)
    }

    @Test func loadMoreDoesNothingWhileTheQueryLoads() async throws {
        let h = Harness()
        scriptThreePages(h)
        #expect(await h.search("cat"))
        h.session.update(query: "cats")
        h.session.loadMore()
        await letTasksRun()
        #expect(h.provider.calls.count == 1)
    }

    @Test func failedPageKeepsItemsAndLoadMoreRetriesIt() async throws {
        let h = Harness(debounce: .zero)
        let failure = ScriptedFailure(userMessage: "Scripted did not answer. Retry?")
        scriptThreePages(h, secondPage: .failure(failure), .page([item("D")], next: "3"))
        #expect(await h.search("cat"))

        h.session.loadMore()
        #expect(await eventually { h.session.publication.loadMoreFailure == failure.userMessage })
        #expect(h.session.state == results("cat", [item("A"), item("B"), item("C")], hasMore: true))
        #expect(!h.session.publication.isLoadingMore)

        h.session.loadMore()
        #expect(h.session.publication.loadMoreFailure == nil)
        #expect(await eventually { h.session.state.items.count == 4 })
        #expect(h.provider.calls.map(\.cursor) == [nil, SearchCursor("2"), SearchCursor("2")])
    }

    @Test func pageOfASupersededQueryIsDropped() async throws {
        let h = Harness(debounce: .zero, ignoresCancellation: true)
        scriptThreePages(h, secondPage: .page([item("D")], next: "3", latency: .seconds(1)))
        #expect(await h.search("cat"))
        h.session.loadMore()
        #expect(await eventually { h.provider.calls.count == 2 })
        #expect(await h.search("dog"))
        h.clock.advance(by: .seconds(1))
        #expect(await eventually { h.session.statistics.staleRepliesDropped == 1 })
        #expect(h.session.state.isSettled(for: "dog"))
        h.session.update(query: "cat")  // the cache holds the first page only
        #expect(h.session.state == results("cat", [item("A"), item("B"), item("C")], hasMore: true))
    }

    @Test func loadedPagesAreCachedWithTheirCursor() async throws {
        let h = Harness(debounce: .zero)
        scriptThreePages(h)
        #expect(await h.search("cat"))
        h.session.loadMore()
        #expect(await eventually { h.session.state.items.count == 5 })
        #expect(await h.search("dog"))
        h.session.update(query: "cat")
        #expect(h.session.state.items.count == 5)
        h.session.loadMore()
        #expect(await eventually { h.session.state.items.count == 6 })
        #expect(h.provider.calls.last?.cursor == SearchCursor("3"))
    }
}
