import InstantSearch
import ScoutModels
import ScoutTestSupport
import Synchronization

/// A session over a scripted provider on a manual clock, with every publication recorded.
struct Harness {
    let clock = ManualClock()
    let provider: ScriptedProvider
    let session: SearchSession
    let recorder: Recorder

    init(
        debounce: Duration = .milliseconds(150), pageSize: Int = 20, cacheCapacity: Int = 64,
        cacheTimeToLive: Duration = .seconds(300), isNarrowingEnabled: Bool = true,
        ignoresCancellation: Bool = false, typingRhythmFactor: Double = 0, searchesSoonerAfterWholeWords: Bool = true
    ) {
        provider = ScriptedProvider(clock: clock, ignoresCancellation: ignoresCancellation)
        session = SearchSession(
            provider: provider,
            configuration: .init(
                debounce: debounce, pageSize: pageSize, cacheCapacity: cacheCapacity,
                cacheTimeToLive: cacheTimeToLive, isNarrowingEnabled: isNarrowingEnabled,
                typingRhythmFactor: typingRhythmFactor, searchesSoonerAfterWholeWords: searchesSoonerAfterWholeWords),
            clock: clock)
        recorder = Recorder(session)
    }

    /// Types `query`, lets the debounce elapse and waits until its reply is published.
    func search(_ query: String) async -> Bool {
        session.update(query: query)
        clock.advance(by: session.configuration.debounce)
        return await eventually { session.state.isSettled(for: query) }
    }
}

/// Records every publication of a session, in order.
final class Recorder: Sendable {
    private let storage: Mutex<[SearchSession.Publication]>

    init(_ session: SearchSession) {
        storage = Mutex([])
        session.observe { [self] publication in storage.withLock { $0.append(publication) } }
    }

    var publications: [SearchSession.Publication] { storage.withLock { $0 } }
    var states: [SearchState] { publications.map(\.state) }
}

extension SearchState {
    /// True for a state that answers `query` for good: fresh results, empty, failed or offline.
    func isSettled(for query: String) -> Bool {
        guard self.query == query else { return false }
        switch self {
        case .results(_, _, let isStale, _, _): return !isStale
        case .empty, .failed, .offline: return true
        case .idle, .loading: return false
        }
    }
}
