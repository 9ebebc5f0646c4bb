import InstantSearch
import ScoutModels
import Synchronization

/// What one simulated person sees: which query's results are on screen and since when, and
/// every time a late reply replaced results of a newer query (a stale overwrite).
final class Screen: Sendable {
    private struct State {
        /// Normalized texts in the order they were typed, for ordering replies.
        var typedOrder: [String: Int] = [:]
        var typedCount = 0
        var shownIndex = -1
        var shownText: String?
        var shownAt: [String: ContinuousClock.Instant] = [:]
        var staleOverwrites = 0
    }

    private let state = Mutex(State())

    /// Records a keystroke's text as the newest query.
    func typed(_ text: String) {
        let key = (try? SearchQuery(text))?.text ?? text
        state.withLock { state in
            state.typedCount += 1
            state.typedOrder[key] = state.typedCount
        }
    }

    /// Results for `text` were put on screen now.
    func show(_ text: String) {
        let now = ContinuousClock.now
        state.withLock { state in
            let index = state.typedOrder[text] ?? -1
            if index < state.shownIndex { state.staleOverwrites += 1 }
            state.shownIndex = index
            state.shownText = text
            if state.shownAt[text] == nil { state.shownAt[text] = now }
        }
    }

    /// Shows `state` when it puts a query's own answer on screen: fresh results, or none match.
    /// (Stale results kept while loading, narrowed or not, are not that query's answer.)
    func show(_ state: SearchState) {
        if case .results(let query, _, isStale: false, _, _) = state { show(query) }
        if case .empty(let query, _) = state { show(query) }
    }

    /// Clears the field (between queries).
    func clear() {
        state.withLock { state in
            state.shownText = nil
            state.shownIndex = -1
            state.shownAt = [:]
            state.typedOrder = [:]
        }
    }

    var shownText: String? { state.withLock { $0.shownText } }
    var staleOverwrites: Int { state.withLock { $0.staleOverwrites } }

    /// When results for `text` first appeared since the last clear.
    func firstShown(_ text: String) -> ContinuousClock.Instant? { state.withLock { $0.shownAt[text] } }
}
