import InstantSearch
import ScoutModels
import ScoutTestSupport
import Testing

/// One query, several sources: the shared debounce, one search per source, sections that arrive,
/// fail, retry, page and cache on their own.
@Suite("Multi-search: sections", .timeLimit(.minutes(10)))
struct MultiSearchSessionTests {
    @Test func everySourceIsAskedOnceWhenTypingPausesForTheDebounce() async throws {
        let h = MultiHarness()
        for prefix in ["d", "du", "dun", "dune"] {
            h.session.update(query: prefix)
            h.clock.advance(by: .milliseconds(20))
        }
        h.clock.advance(by: .milliseconds(129))  // 149 ms since "dune"
        await letTasksRun()
        #expect(h.queries == [[], [], []])
        h.clock.advance(by: .milliseconds(1))
        #expect(await eventually { h.queries == [["dune"], ["dune"], ["dune"]] })
        #expect(await eventually { h.isSettled(for: "dune") })
        h.clock.advance(by: .seconds(1))
        await letTasksRun()
        #expect(h.session.statistics.map(\.providerCalls) == [1, 1, 1])
    }

    @Test("every section waits the one adaptive debounce the person's typing rhythm gives")
    func everySectionFollowsTheTypingRhythm() async throws {
        let h = MultiHarness(typingRhythmFactor: 1.4)
        for prefix in ["d", "du", "dun", "dune"] {
            h.session.update(query: prefix)
            h.clock.advance(by: .milliseconds(120))
        }
        // Three gaps of 120 ms: 1.4 × 120 = 168 ms after "dune", not the base 150 ms.
        await letTasksRun()
        #expect(h.queries == [[], [], []])
        #expect(h.session.statistics.map(\.lastDebounce) == Array(repeating: .milliseconds(168), count: 3))
        h.clock.advance(by: .milliseconds(48))
        #expect(await eventually { h.queries == [["dune"], ["dune"], ["dune"]] })
    }

    @Test func eachSectionShowsItsResultsAsSoonAsItsSourceAnswers() async throws {
        let h = MultiHarness()
        h.providers[0].script("dune", .page([item("Dune (novel)")], latency: .milliseconds(50)))
        h.providers[1].script("dune", .page([item("Dune Messiah")], latency: .seconds(3)))
        h.providers[2].script("dune", .page([item("Dune dunes")], latency: .milliseconds(400)))
        h.session.update(query: "dune")
        h.clock.advance(by: .milliseconds(150))
        #expect(await eventually { h.providers.allSatisfy { $0.calls.count == 1 } })

        h.clock.advance(by: .milliseconds(50))
        #expect(await eventually { h.states[0] == results("dune", [item("Dune (novel)")]) })
        #expect(h.states[1] == .loading(query: "dune", previous: nil))
        #expect(h.states[2] == .loading(query: "dune", previous: nil))
        h.clock.advance(by: .milliseconds(350))
        #expect(await eventually { h.states[2] == results("dune", [item("Dune dunes")]) })
        #expect(h.states[1].isLoading)
        h.clock.advance(by: .milliseconds(2600))
        #expect(await eventually { h.states[1] == results("dune", [item("Dune Messiah")]) })

        let answeredAt: [Duration] = [.milliseconds(200), .milliseconds(3150), .milliseconds(550)]
        #expect(h.session.sections.map(\.publication.publishedAt) == answeredAt)
        // Observers heard each section when its own source answered.
        #expect(
            await eventually {
                h.recorder.sections.filter { $0.state.isSettled(for: "dune") }.map(\.index) == [0, 2, 1]
            })
    }

    @Test func aFailingSourceShowsItsFailureAndRetryAsksOnlyIt() async throws {
        let h = MultiHarness()
        let failure = ScriptedFailure(userMessage: "Books did not answer within 3 s. Retry?")
        h.providers[1].script("dune", .failure(failure), .page([item("Dune")], latency: .milliseconds(50)))
        h.session.update(query: "dune")
        h.clock.advance(by: .milliseconds(150))
        #expect(await eventually { h.isSettled(for: "dune") })
        #expect(h.states[1] == .failed(query: "dune", message: failure.userMessage, retryAfter: nil))
        #expect(h.states[0].items.count == 3)
        #expect(h.states[2].items.count == 3)

        // An index of no section (a stale one from a UI) does nothing rather than trap.
        h.session.retry(section: 3)
        h.session.loadMore(section: -1)
        #expect(h.states[1] == .failed(query: "dune", message: failure.userMessage, retryAfter: nil))

        h.session.retry(section: 1)
        #expect(h.states[1] == .loading(query: "dune", previous: nil))
        #expect(await eventually { h.providers[1].calls.count == 2 })
        h.clock.advance(by: .milliseconds(50))
        #expect(await eventually { h.states[1] == results("dune", [item("Dune")]) })
        await letTasksRun()
        #expect(h.queries == [["dune"], ["dune", "dune"], ["dune"]])
        #expect(h.states[0].items.count == 3)
    }

    @Test("each section has its own state: empty with a suggestion, failed in its source's name, offline")
    func eachSectionHasItsOwnState() async throws {
        let h = MultiHarness(debounce: .zero)
        let offline = ScriptedFailure(userMessage: "You seem to be offline.", isOffline: true)
        h.providers[0].script("dnue", .failure(UnexpectedError()))
        h.providers[1].script("dnue", .page([], suggestion: "dune"))
        h.providers[2].script("dnue", .failure(offline))
        h.session.update(query: "dnue")
        #expect(await eventually { h.isSettled(for: "dnue") })
        #expect(
            h.states == [
                .failed(query: "dnue", message: "The Wikipedia search failed. Retry?", retryAfter: nil),
                .empty(query: "dnue", suggestion: "dune"),
                .offline(query: "dnue", message: offline.userMessage),
            ])
    }

    @Test func loadMoreAsksOnlyItsSection() async throws {
        let h = MultiHarness()
        for provider in h.providers {
            provider.script("dune", .page([item("Dune")], next: "2"))
            provider.script("dune", cursor: "2", .page([item("Dune Messiah")]))
        }
        h.session.update(query: "dune")
        h.clock.advance(by: .milliseconds(150))
        #expect(await eventually { h.isSettled(for: "dune") })

        h.session.loadMore(section: 2)
        #expect(await eventually { h.states[2] == results("dune", [item("Dune"), item("Dune Messiah")]) })
        #expect(h.providers[2].calls.last == .init(query: "dune", cursor: SearchCursor("2"), limit: 20))
        #expect(h.providers.map(\.calls.count) == [1, 1, 2])
        #expect(h.states[0] == results("dune", [item("Dune")], hasMore: true))
        #expect(h.states[1] == results("dune", [item("Dune")], hasMore: true))
    }

    @Test("each section caches its own answers: a source that failed is asked again, the others are not")
    func eachSectionHasItsOwnCache() async throws {
        let h = MultiHarness()
        h.providers[1].script("dune", .failure(ScriptedFailure(userMessage: "Books is busy.")), .page([item("Dune")]))
        h.session.update(query: "dune")
        h.clock.advance(by: .milliseconds(150))
        #expect(await eventually { h.isSettled(for: "dune") })
        h.session.update(query: "arrakis")
        h.clock.advance(by: .milliseconds(150))
        #expect(await eventually { h.isSettled(for: "arrakis") })

        h.session.update(query: "dune")
        #expect(h.states[0].isSettled(for: "dune"))
        #expect(h.states[2].isSettled(for: "dune"))
        #expect(h.states[1].isLoading && h.states[1].query == "dune")
        h.clock.advance(by: .milliseconds(150))
        #expect(await eventually { h.states[1] == results("dune", [item("Dune")]) })
        #expect(h.queries == [["dune", "arrakis"], ["dune", "arrakis", "dune"], ["dune", "arrakis"]])
        #expect(h.session.statistics.map(\.cacheHits) == [1, 0, 1])
    }

    @Test func sectionUpdatesStartWithEverySectionAndEndWithTheSession() async throws {
        var session: MultiSearchSession? = MultiHarness(debounce: .zero).session
        var iterator = try #require(session?.sectionUpdates()).makeAsyncIterator()
        var initial: [MultiSearchSession.Section] = []
        for _ in MultiHarness.names { initial.append(try #require(await iterator.next())) }
        #expect(initial.map(\.index) == [0, 1, 2])
        #expect(initial.map(\.displayName) == MultiHarness.names)
        #expect(initial.map(\.source) == ["wikipedia", "books", "photos"])
        #expect(initial.allSatisfy { $0.state == .idle })

        session?.update(query: String(repeating: "x", count: 300))  // too long: each section fails at once
        var failed: [MultiSearchSession.Section] = []
        for _ in MultiHarness.names { failed.append(try #require(await iterator.next())) }
        #expect(Set(failed.map(\.index)) == [0, 1, 2])
        #expect(failed.allSatisfy { $0.state.message != nil })
        session = nil
        #expect(await iterator.next() == nil)
    }
}
