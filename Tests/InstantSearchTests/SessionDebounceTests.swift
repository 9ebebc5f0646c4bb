import InstantSearch
import ScoutModels
import ScoutTestSupport
import Testing

/// Invariant 2 (the final keystroke is always searched) and the debounce timer.
@Suite("Session: debounce", .timeLimit(.minutes(10)))
struct SessionDebounceTests {
    struct Rhythm: Sendable, CustomTestStringConvertible {
        let debounce: Duration
        let interval: Duration

        var testDescription: String { "debounce \(debounce), a key every \(interval)" }

        /// Whether every keystroke's debounce elapses before the next keystroke.
        var searchesEveryPrefix: Bool { debounce == .zero || interval >= debounce }
    }

    static let rhythms: [Rhythm] = [
        .init(debounce: .milliseconds(150), interval: .milliseconds(20)),
        .init(debounce: .milliseconds(150), interval: .milliseconds(149)),
        .init(debounce: .milliseconds(150), interval: .milliseconds(150)),
        .init(debounce: .milliseconds(150), interval: .milliseconds(151)),
        .init(debounce: .milliseconds(150), interval: .milliseconds(400)),
        .init(debounce: .zero, interval: .zero),
        .init(debounce: .zero, interval: .milliseconds(50)),
    ]

    @Test(arguments: rhythms)
    func finalKeystrokeIsAlwaysSearched(rhythm: Rhythm) async throws {
        let h = Harness(debounce: rhythm.debounce)
        let word = "swift"
        for length in 1...word.count {
            h.session.update(query: String(word.prefix(length)))
            h.clock.advance(by: rhythm.interval)
            if rhythm.searchesEveryPrefix {
                #expect(await eventually { h.provider.calls.count == length })
            }
        }
        h.clock.advance(by: rhythm.debounce)
        #expect(await eventually { h.session.state.isSettled(for: "swift") })
        #expect(h.session.state.items.map(\.title) == ["swift 1", "swift 2", "swift 3"])
        #expect(h.provider.queries.last == "swift")
        #expect(h.provider.calls.count == (rhythm.searchesEveryPrefix ? word.count : 1))
        let sinceLastKey = h.recorder.states.drop { $0.query != "swift" }
        #expect(sinceLastKey.allSatisfy { $0.query == "swift" })
    }

    @Test func searchStartsOnlyWhenTypingPausesForTheDebounce() async throws {
        let h = Harness(debounce: .milliseconds(150))
        h.session.update(query: "cat")
        h.clock.advance(by: .milliseconds(149))
        await letTasksRun()
        #expect(h.provider.calls.isEmpty)
        h.clock.advance(by: .milliseconds(1))
        #expect(await eventually { h.provider.queries == ["cat"] })
    }

    @Test func aNewKeystrokeRestartsTheTimer() async throws {
        let h = Harness(debounce: .milliseconds(150))
        h.session.update(query: "ca")
        h.clock.advance(by: .milliseconds(100))
        h.session.update(query: "cat")
        h.clock.advance(by: .milliseconds(100))  // 200 ms after "ca": its timer would have fired
        await letTasksRun()
        #expect(h.provider.calls.isEmpty)
        h.clock.advance(by: .milliseconds(50))
        #expect(await eventually { h.provider.queries == ["cat"] })
        await letTasksRun()
        #expect(h.provider.queries == ["cat"])
    }

    @Test("a space between words is typing too: it restarts a pending debounce")
    func spaceRestartsThePendingTimer() async throws {
        let h = Harness(debounce: .milliseconds(150))
        h.session.update(query: "new")
        h.clock.advance(by: .milliseconds(100))
        h.session.update(query: "new ")  // the same query, but the person is still typing
        h.clock.advance(by: .milliseconds(100))  // 200 ms after "new": its timer would have fired
        await letTasksRun()
        #expect(h.provider.calls.isEmpty)
        // Typing stopped after the space: the query is still searched, once.
        h.clock.advance(by: .milliseconds(50))
        #expect(await eventually { h.provider.queries == ["new"] })
        #expect(await eventually { h.session.state.isSettled(for: "new") })
        h.clock.advance(by: .milliseconds(500))
        await letTasksRun()
        #expect(h.provider.queries == ["new"])
    }

    @Test("a space typed while its query is loading neither cancels nor repeats the request")
    func spaceWhileLoading() async throws {
        let h = Harness(debounce: .milliseconds(150))
        h.provider.script("new", .page([item("New York")], latency: .milliseconds(100)))
        h.session.update(query: "new")
        h.clock.advance(by: .milliseconds(150))
        #expect(await eventually { h.provider.calls.count == 1 })
        h.session.update(query: "new ")
        h.clock.advance(by: .milliseconds(100))
        #expect(await eventually { h.session.state == results("new", [item("New York")]) })
        h.clock.advance(by: .milliseconds(500))
        await letTasksRun()
        #expect(h.provider.queries == ["new"])
    }

    @Test func zeroDebounceSearchesAtOnce() async throws {
        let h = Harness(debounce: .zero)
        h.session.update(query: "cat")
        #expect(await eventually { h.provider.queries == ["cat"] })
        #expect(await eventually { h.session.state.isSettled(for: "cat") })
        #expect(h.clock.now.offset == .zero)
    }

    @Test func sameQueryAfterNormalizationIsNotSearchedAgain() async throws {
        let h = Harness(debounce: .zero)
        #expect(await h.search("new york"))
        h.session.update(query: "  new   york ")
        await letTasksRun()
        #expect(h.provider.calls.count == 1)
        #expect(h.session.statistics.providerCalls == 1)
    }

    @Test func requestUsesTheConfiguredPageSize() async throws {
        let h = Harness(debounce: .zero, pageSize: 7)
        #expect(await h.search("cat"))
        #expect(h.provider.calls == [.init(query: "cat", cursor: nil, limit: 7)])
    }
}
