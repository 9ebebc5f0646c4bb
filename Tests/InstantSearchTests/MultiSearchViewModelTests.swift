import InstantSearch
import ScoutModels
import ScoutTestSupport
import Testing

@MainActor
@Suite("MultiSearchViewModel", .timeLimit(.minutes(10)))
struct MultiSearchViewModelTests {
    let clock = ManualClock()
    let providers: [ScriptedProvider]
    let model: MultiSearchViewModel

    init() {
        providers = MultiHarness.providers(clock: clock)
        model = MultiSearchViewModel(providers: providers, clock: clock)
    }

    @Test func sectionsArriveOnTheMainActorAsTheirSourcesAnswer() async throws {
        providers[1].script("dune", .page([item("Dune Messiah")], latency: .seconds(1)))
        #expect(model.sections.map(\.state) == [.idle, .idle, .idle])
        model.query = "du"
        model.query = "dune"
        #expect(model.sections.map(\.state) == Array(repeating: .loading(query: "dune", previous: nil), count: 3))
        clock.advance(by: .milliseconds(150))
        #expect(await eventually { providers.allSatisfy { $0.calls.count == 1 } })
        #expect(await eventually { model.sections[0].state.isSettled(for: "dune") })
        #expect(await eventually { model.sections[2].state.isSettled(for: "dune") })
        #expect(model.sections[1].state.isLoading)
        #expect(model.isLoading)

        clock.advance(by: .seconds(1))
        #expect(await eventually { model.sections[1].state == results("dune", [item("Dune Messiah")]) })
        #expect(!model.isLoading)
        #expect(providers.map(\.queries) == [["dune"], ["dune"], ["dune"]])

        model.query = ""
        #expect(model.sections.map(\.state) == [.idle, .idle, .idle])
    }

    @Test func retryAndLoadMoreActOnOneSection() async throws {
        let failure = ScriptedFailure(userMessage: "Books did not answer within 3 s. Retry?")
        providers[0].script("dune", .page([item("Dune")], next: "2"))
        providers[0].script("dune", cursor: "2", .page([item("Dune Messiah")]))
        providers[1].script("dune", .failure(failure), .page([item("Dune")], latency: .milliseconds(50)))
        model.query = "dune"
        clock.advance(by: .milliseconds(150))
        #expect(await eventually { model.sections[1].state.message == failure.userMessage })
        #expect(await eventually { model.sections[0].state == results("dune", [item("Dune")], hasMore: true) })

        model.retry(section: 1)
        #expect(model.sections[1].state.isLoading)
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(50))
        #expect(await eventually { model.sections[1].state == results("dune", [item("Dune")]) })

        model.loadMore(section: 0)
        #expect(await eventually { model.sections[0].state.items == [item("Dune"), item("Dune Messiah")] })
        #expect(providers.map(\.calls.count) == [2, 2, 1])
    }

    @Test func observationSeesTheSectionsChange() async throws {
        #expect(observationSees({ model.query = "dune" }, after: { _ = model.sections }))
    }
}
