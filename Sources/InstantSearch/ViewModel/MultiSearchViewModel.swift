import Observation
import ScoutModels

/// ``SearchViewModel``'s counterpart for an "All" screen: one field, a section per source in a
/// fixed order. Set ``query`` on every keystroke, render ``sections`` (each its own state, so a
/// failing source shows its message and retry while the others show results), call
/// ``loadMore(section:)`` near a section's end and ``retry(section:)`` from its error line.
///
/// It consumes its session's section updates on the main actor, keeping the newest publication
/// of each section. Sections the session publishes while handling a keystroke synchronously
/// (idle, cached results) are applied before the `query` setter returns.
///
/// ```swift
/// let model = MultiSearchViewModel(providers: [wikipedia, books, commons])   // on the main actor
/// model.query = "dune"
/// // later, through Observation:
/// for section in model.sections { print(section.displayName, section.state.items.count) }
/// ```
@MainActor
@Observable
public final class MultiSearchViewModel {
    /// What the person typed; setting it forwards to the session.
    ///
    /// In SwiftUI, bind a text field to it: `TextField("Search", text: $model.query)`.
    public var query: String = "" {
        didSet {
            guard query != oldValue else { return }
            session.update(query: query)
            applyCurrentSections()
        }
    }

    /// Every source's section, in the providers' order.
    public private(set) var sections: [MultiSearchSession.Section]

    /// The session behind this model.
    @ObservationIgnored public let session: MultiSearchSession
    @ObservationIgnored private var consumer: Task<Void, Never>?

    /// A model over an existing session.
    ///
    /// ```swift
    /// let model = MultiSearchViewModel(session: MultiSearchSession(providers: [wikipedia, books]))
    /// ```
    public init(session: MultiSearchSession) {
        self.session = session
        sections = session.sections
        consumer = follow(session.sectionUpdates(), applyingTo: self) { model, section in model.apply(section) }
    }

    /// A model over a new session for `providers`, whose order is the sections' order.
    public convenience init(
        providers: [any SearchProvider], configuration: SearchSession.Configuration = .init(),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.init(session: MultiSearchSession(providers: providers, configuration: configuration, clock: clock))
    }

    deinit {
        consumer?.cancel()
    }

    /// True while any section's results are awaited.
    public var isLoading: Bool { sections.contains { $0.state.isLoading } }

    /// Loads the next page of one section (see ``MultiSearchSession/loadMore(section:)``).
    public func loadMore(section index: Int) {
        session.loadMore(section: index)
        applyCurrentSections()
    }

    /// Runs the current query again for one section (see ``MultiSearchSession/retry(section:)``).
    public func retry(section index: Int) {
        session.retry(section: index)
        applyCurrentSections()
    }

    private func applyCurrentSections() {
        for section in session.sections { apply(section) }
    }

    /// Takes a section unless a newer publication of it was applied already.
    private func apply(_ section: MultiSearchSession.Section) {
        guard section.publication.sequence > sections[section.index].publication.sequence else { return }
        sections[section.index] = section
    }
}
