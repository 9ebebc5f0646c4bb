import Foundation
import InstantSearch
import ScoutModels
import ScoutTestSupport
import Testing

/// Invariant 3: idle, empty, failed and offline are distinct states with their own messages; a
/// superseded or cancelled search never shows as a failure.
@Suite("Session: states", .timeLimit(.minutes(10)))
struct SessionStateTests {
    @Test(arguments: ["", "   ", " \t\n "])
    func emptyQueryIsIdleAtOnceAndCancelsTheSearch(blank: String) async throws {
        let h = Harness(debounce: .zero)
        #expect(await h.search("dog"))
        h.provider.script("cat", .page([item("Cat")], latency: .seconds(1)))
        h.session.update(query: "cat")
        #expect(await eventually { h.provider.calls.count == 2 })
        h.session.update(query: blank)
        #expect(h.session.state == .idle)
        #expect(await eventually { h.session.statistics.staleRepliesDropped == 1 })
        h.clock.advance(by: .seconds(1))
        await letTasksRun()
        #expect(h.session.state == .idle)
        #expect(h.recorder.states.last == .idle)
    }

    @Test func emptyCarriesTheSuggestion() async throws {
        let h = Harness()
        h.provider.script("catt", .page([], suggestion: "cat"))
        #expect(await h.search("catt"))
        #expect(h.session.state == .empty(query: "catt", suggestion: "cat"))
    }

    @Test func resultsCarryTheSuggestion() async throws {
        let h = Harness()
        h.provider.script("swfit", .page([item("Swift")], suggestion: "swift"))
        #expect(await h.search("swfit"))
        #expect(h.session.state == results("swfit", [item("Swift")], suggestion: "swift"))
    }

    @Test func closestMatchesAreSaidToBeSo() async throws {
        let h = Harness()
        let closest = SearchPage(items: [item("Swift")], nextCursor: nil, missingWords: ["zzyzx"])
        h.provider.script("swift zzyzx", ScriptedProvider.Reply(outcome: .page(closest), latency: .zero))
        #expect(await h.search("swift zzyzx"))
        #expect(h.session.publication.missingWords == ["zzyzx"])
        // Results that hold every word say nothing is missing.
        #expect(await h.search("swift"))
        #expect(h.session.publication.missingWords.isEmpty)
    }

    @Test func failureShowsItsMessageAndRetryRunsAtOnce() async throws {
        let h = Harness()
        let failure = ScriptedFailure(
            userMessage: "Scripted is busy. Try again in 30 s.", retryAfter: .seconds(30))
        h.provider.script("cat", .failure(failure), .page([item("Cat")]))
        #expect(await h.search("cat"))
        #expect(h.session.state == .failed(query: "cat", message: failure.userMessage, retryAfter: .seconds(30)))

        h.session.retry()
        // The provider answers at once, so "loading" may already be over: look at what was published.
        #expect(await eventually { h.recorder.states.contains(.loading(query: "cat", previous: nil)) })
        #expect(await eventually { h.session.state == results("cat", [item("Cat")]) })
        #expect(h.provider.queries == ["cat", "cat"])
    }

    @Test func retryAfterResultsKeepsThemStaleAndBypassesTheCache() async throws {
        let h = Harness()
        #expect(await h.search("cat"))
        let items = h.session.state.items
        h.session.retry()
        let loading = SearchState.loading(query: "cat", previous: .init(query: "cat", items: items))
        #expect(await eventually { h.recorder.states.contains(loading) })
        #expect(await eventually { h.session.state.isSettled(for: "cat") })
        #expect(h.provider.calls.count == 2)
    }

    @Test func offlineIsItsOwnState() async throws {
        let h = Harness()
        let failure = ScriptedFailure(userMessage: "You seem to be offline. Check the connection.", isOffline: true)
        h.provider.script("cat", .failure(failure))
        #expect(await h.search("cat"))
        #expect(h.session.state == .offline(query: "cat", message: failure.userMessage))
        #expect(h.session.state.message == failure.userMessage)
    }

    @Test func otherErrorsGetAGenericSentenceNamingTheSource() async throws {
        let h = Harness()
        h.provider.script("cat", .failure(UnexpectedError()))
        #expect(await h.search("cat"))
        #expect(
            h.session.state == .failed(query: "cat", message: "The Scripted search failed. Retry?", retryAfter: nil))
    }

    enum Cancellation: String, CaseIterable, Sendable {
        case cancellationError, urlErrorCancelled, nsErrorCancelled

        var error: any Error {
            switch self {
            case .cancellationError: CancellationError()
            case .urlErrorCancelled: URLError(.cancelled)
            case .nsErrorCancelled: NSError(domain: NSURLErrorDomain, code: NSURLErrorCancelled)
            }
        }
    }

    @Test(arguments: Cancellation.allCases)
    func cancellationNeverShowsAsFailure(cancellation: Cancellation) async throws {
        let h = Harness(debounce: .zero)
        h.provider.script("cat", .failure(cancellation.error), .page([item("Cat")]))
        h.session.update(query: "cat")
        #expect(await eventually { h.provider.completedCalls == 1 })
        await letTasksRun()
        #expect(h.session.state == .loading(query: "cat", previous: nil))
        h.session.retry()
        #expect(await eventually { h.session.state == results("cat", [item("Cat")]) })
        #expect(!h.recorder.states.contains { $0.message != nil })
    }

    @Test func supersededSearchesNeverShowAsFailures() async throws {
        let h = Harness(debounce: .zero)
        for prefix in ["c", "ca", "cat"] {
            h.provider.script(prefix, .page([item("Cat")], latency: .seconds(1)))
            h.session.update(query: prefix)
        }
        #expect(await eventually { h.provider.completedCalls == 2 })  // "c" and "ca" were cancelled
        h.clock.advance(by: .seconds(1))
        #expect(await eventually { h.session.state == results("cat", [item("Cat")]) })
        #expect(h.session.statistics.staleRepliesDropped == 2)
        #expect(!h.recorder.states.contains { $0.message != nil })
    }

    @Test func tooLongQueryFailsWithoutARequest() async throws {
        let h = Harness()
        let raw = String(repeating: "a", count: SearchQuery.maximumLength + 1)
        h.session.update(query: raw)
        let message = SearchQueryError.tooLong(length: raw.count, limit: SearchQuery.maximumLength).description
        #expect(h.session.state == .failed(query: raw, message: message, retryAfter: nil))
        h.session.retry()
        h.clock.advance(by: .seconds(1))
        await letTasksRun()
        #expect(h.provider.calls.isEmpty)
        #expect(h.session.statistics.providerCalls == 0)
        #expect(await h.search("a"))
    }
}
