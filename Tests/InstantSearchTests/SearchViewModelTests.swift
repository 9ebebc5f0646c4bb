import InstantSearch
import ScoutModels
import ScoutTestSupport
import Testing

@MainActor
@Suite("SearchViewModel", .timeLimit(.minutes(10)))
struct SearchViewModelTests {
    let clock = ManualClock()
    let provider: ScriptedProvider
    let model: SearchViewModel

    init() {
        provider = ScriptedProvider(clock: clock)
        model = SearchViewModel(provider: provider, clock: clock)
    }

    @Test func typingSearchesAndPublishesOnTheMainActor() async throws {
        provider.script("cat", .page([item("Cat"), item("Catalonia")], next: "2"))
        provider.script("cat", cursor: "2", .page([item("Caterpillar")], latency: .milliseconds(50)))
        #expect(model.state == .idle)

        model.query = "c"
        model.query = "ca"
        model.query = "cat"
        #expect(model.isLoading)
        #expect(model.state == .loading(query: "cat", previous: nil))
        clock.advance(by: .milliseconds(150))
        #expect(await eventually { model.state == results("cat", [item("Cat"), item("Catalonia")], hasMore: true) })
        #expect(!model.isLoading)
        #expect(provider.queries == ["cat"])

        model.loadMore()
        // The page takes 50 ms on the manual clock, so "loading more" stays visible until then.
        #expect(await eventually { model.isLoadingMore })
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(50))
        #expect(await eventually { model.items.count == 3 })
        #expect(!model.isLoadingMore)

        model.query = ""
        #expect(model.state == .idle)
        #expect(model.items.isEmpty)
        model.query = "cat"
        #expect(model.items.map(\.title) == ["Cat", "Catalonia", "Caterpillar"])
    }

    @Test func retryRecoversFromAFailure() async throws {
        let failure = ScriptedFailure(userMessage: "Scripted did not answer within 3 s. Retry?")
        // The retried page takes 50 ms on the manual clock, so "loading" is visible until then.
        provider.script("cat", .failure(failure), .page([item("Cat")], latency: .milliseconds(50)))
        model.query = "cat"
        clock.advance(by: .milliseconds(150))
        #expect(await eventually { model.state.message == failure.userMessage })
        model.retry()
        #expect(model.isLoading)
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(50))
        #expect(await eventually { model.items == [item("Cat")] })
    }

    @Test func failedPageIsReportedAndRetriedByLoadMore() async throws {
        let failure = ScriptedFailure(userMessage: "Scripted is busy. Retry?")
        provider.script("cat", .page([item("Cat")], next: "2"))
        provider.script("cat", cursor: "2", .failure(failure), .page([item("Catalonia")]))
        model.query = "cat"
        clock.advance(by: .milliseconds(150))
        #expect(await eventually { model.items == [item("Cat")] })
        model.loadMore()
        #expect(await eventually { model.loadMoreFailure == failure.userMessage })
        #expect(model.items == [item("Cat")])
        model.loadMore()
        #expect(await eventually { model.items.count == 2 })
        #expect(model.loadMoreFailure == nil)
    }

    @Test func observationSeesTheStateChange() async throws {
        #expect(observationSees({ model.query = "cat" }, after: { _ = model.state }))
    }
}
