import InstantSearch
import ScoutModels

/// Scout's All: one `MultiSearchSession` over several sources, each section on its own
/// ``Screen`` the moment its source answers, as the All tab shows them.
final class MultiSessionStrategy: TypingStrategy {
    private let session: MultiSearchSession

    /// `screens[i]` shows the section of `providers[i]`.
    init(providers: [any SearchProvider], screens: [Screen], configuration: SearchSession.Configuration = .init()) {
        precondition(providers.count == screens.count, "a screen per section")
        session = MultiSearchSession(providers: providers, configuration: configuration)
        _ = session.observe { section in screens[section.index].show(section.state) }
    }

    func keystroke(_ text: String) { session.update(query: text) }
    func clear() { session.update(query: "") }

    /// The debounce the sections chose for their last search (they share one clock and rhythm).
    var deliberateDelay: Duration { session.statistics.map(\.lastDebounce).max() ?? .zero }
}
