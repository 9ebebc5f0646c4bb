import Foundation
import ScoutModels
import ScoutTestSupport
import Synchronization

/// An in-memory `SearchProvider` driven by a `ManualClock`: per-query (and per-cursor) scripted
/// replies with latencies, call counting, failures, suggestions, pagination, and an option to
/// ignore cancellation like a careless upstream client would.
final class ScriptedProvider: SearchProvider {
    /// One scripted reply.
    struct Reply: Sendable {
        enum Outcome: Sendable {
            case page(SearchPage)
            case failure(any Error)
        }

        var outcome: Outcome
        var latency: Duration

        static func page(
            _ items: [SearchItem], next: String? = nil, suggestion: String? = nil, latency: Duration = .zero
        ) -> Reply {
            Reply(
                outcome: .page(
                    SearchPage(items: items, nextCursor: next.map(SearchCursor.init), suggestion: suggestion)),
                latency: latency)
        }

        static func failure(_ error: any Error, latency: Duration = .zero) -> Reply {
            Reply(outcome: .failure(error), latency: latency)
        }
    }

    /// One call the provider received.
    struct Call: Sendable, Equatable {
        let query: String
        let cursor: SearchCursor?
        let limit: Int
    }

    private struct ScriptKey: Hashable {
        let key: String
        let cursor: SearchCursor?
    }

    private struct State {
        var scripts: [ScriptKey: [Reply]] = [:]
        var calls: [Call] = []
        var completed = 0
        var cancelled = 0
    }

    let source: SourceID
    let displayName: String
    let clock: ManualClock
    let ignoresCancellation: Bool
    let defaultLatency: Duration
    private let state = Mutex(State())

    init(
        clock: ManualClock, source: SourceID = "scripted", displayName: String = "Scripted",
        ignoresCancellation: Bool = false, defaultLatency: Duration = .zero
    ) {
        self.clock = clock
        self.source = source
        self.displayName = displayName
        self.ignoresCancellation = ignoresCancellation
        self.defaultLatency = defaultLatency
    }

    /// Scripts the replies for `query` at `cursor`, used in order; the last one repeats.
    func script(_ query: String, cursor: String? = nil, _ replies: Reply...) {
        let key = ScriptKey(key: try! SearchQuery(query).key, cursor: cursor.map(SearchCursor.init))
        state.withLock { $0.scripts[key] = replies }
    }

    var calls: [Call] { state.withLock { $0.calls } }
    var queries: [String] { calls.map(\.query) }
    /// Calls that returned or threw.
    var completedCalls: Int { state.withLock { $0.completed } }
    /// Calls whose wait was cut short by the caller's cancellation.
    var cancelledCalls: Int { state.withLock { $0.cancelled } }

    func search(_ query: SearchQuery, cursor: SearchCursor?, limit: Int) async throws -> SearchPage {
        // The deadline is fixed before the call is visible in `calls`, so a test that saw the call
        // can advance the clock without racing this task.
        let reply = state.withLock { state in
            let key = ScriptKey(key: query.key, cursor: cursor)
            var reply = Self.defaultReply(for: query, latency: defaultLatency)
            if var replies = state.scripts[key], let first = replies.first {
                reply = first
                if replies.count > 1 {
                    replies.removeFirst()
                    state.scripts[key] = replies
                }
            }
            return reply
        }
        let deadline = clock.now.advanced(by: reply.latency)
        state.withLock { $0.calls.append(Call(query: query.text, cursor: cursor, limit: limit)) }
        defer { state.withLock { $0.completed += 1 } }
        if ignoresCancellation {
            // An unstructured task does not inherit cancellation: this wait cannot be cut short.
            await Task { [clock] in try? await clock.sleep(until: deadline) }.value
        } else {
            do {
                try await clock.sleep(until: deadline)
            } catch {
                state.withLock { $0.cancelled += 1 }
                throw error
            }
        }
        switch reply.outcome {
        case .page(let page): return page
        case .failure(let error): throw error
        }
    }

    /// Three items titled after the query.
    static func defaultReply(for query: SearchQuery, latency: Duration) -> Reply {
        .page((1...3).map { item("\(query.text) \($0)", id: "\(query.key)-\($0)") }, latency: latency)
    }
}
