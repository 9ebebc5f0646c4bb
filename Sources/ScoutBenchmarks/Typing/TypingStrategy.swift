import InstantSearch
import ScoutModels
import Synchronization

/// When to search while someone types: the three approaches the typing benchmark compares.
protocol TypingStrategy: Sendable {
    /// The field now holds `text`.
    func keystroke(_ text: String)
    /// The field was cleared.
    func clear()
    /// The wait the strategy adds on purpose before searching (subtracted from its overhead).
    var deliberateDelay: Duration { get }
}

/// The original app: a request per keystroke unless one went out in the last 50 ms (which can
/// drop the final keystroke), every reply shown as it arrives.
final class OriginalStrategy: TypingStrategy {
    private let provider: any SearchProvider
    private let screen: Screen
    private let lastSent = Mutex<ContinuousClock.Instant?>(nil)
    let deliberateDelay = Duration.zero

    init(provider: any SearchProvider, screen: Screen) {
        self.provider = provider
        self.screen = screen
    }

    func keystroke(_ text: String) {
        let now = ContinuousClock.now
        let shouldSend = lastSent.withLock { last in
            guard last.map({ now - $0 >= .milliseconds(50) }) ?? true else { return false }
            last = now
            return true
        }
        if shouldSend { search(text, provider: provider, screen: screen) }
    }

    func clear() { lastSent.withLock { $0 = nil } }
}

/// Plain debounce: search 150 ms after the last keystroke; replies shown as they arrive,
/// in-flight requests never cancelled.
final class DebounceStrategy: TypingStrategy {
    private let provider: any SearchProvider
    private let screen: Screen
    private let timer = Mutex<Task<Void, Never>?>(nil)
    let deliberateDelay: Duration

    init(provider: any SearchProvider, screen: Screen, debounce: Duration) {
        self.provider = provider
        self.screen = screen
        self.deliberateDelay = debounce
    }

    func keystroke(_ text: String) {
        let task = Task { [provider, screen, deliberateDelay] in
            guard (try? await Task.sleep(for: deliberateDelay)) != nil else { return }
            search(text, provider: provider, screen: screen)
        }
        timer.withLock { timer in
            timer?.cancel()
            timer = task
        }
    }

    func clear() { timer.withLock { $0?.cancel() } }
}

/// Scout's `SearchSession`: debounce, cancel and drop stale replies, cache, narrowing.
final class SessionStrategy: TypingStrategy {
    private let session: SearchSession

    init(provider: any SearchProvider, screen: Screen, configuration: SearchSession.Configuration = .init()) {
        session = SearchSession(provider: provider, configuration: configuration)
        _ = session.observe { publication in screen.show(publication.state) }
    }

    func keystroke(_ text: String) { session.update(query: text) }
    func clear() { session.update(query: "") }

    /// The debounce the session chose for its last search (it follows the typing rhythm).
    var deliberateDelay: Duration { session.statistics.lastDebounce }

    var statistics: SearchSession.Statistics { session.statistics }
}

/// Searches `text` and shows the reply whenever it comes (no ordering, no cancellation).
private func search(_ text: String, provider: any SearchProvider, screen: Screen) {
    guard let query = try? SearchQuery(text), !query.isEmpty else { return }
    Task {
        if (try? await provider.search(query, cursor: nil, limit: 20)) != nil { screen.show(query.text) }
    }
}
