import Observation
import ScoutModels

/// The façade a terminal app and a SwiftUI app bind to alike: set ``query`` on every keystroke,
/// render ``state`` (or ``items`` and ``isLoading``), call ``loadMore()`` near the end of the
/// list and ``retry()`` from an error banner.
///
/// It consumes its session's publications on the main actor. States the session publishes while
/// handling a keystroke synchronously (idle, cached results) are applied before the `query`
/// setter returns; the stream then skips what was already applied.
///
/// ```swift
/// let model = SearchViewModel(provider: wikipedia)   // on the main actor
/// model.query = "swift"            // the session debounces and searches
/// // later, through Observation:
/// for item in model.items { print(item.title) }
/// ```
@MainActor
@Observable
public final class SearchViewModel {
    /// What the person typed; setting it forwards to the session.
    ///
    /// In SwiftUI, bind a text field to it: `TextField("Search", text: $model.query)`.
    public var query: String = "" {
        didSet {
            guard query != oldValue else { return }
            session.update(query: query)
            apply(session.publication)
        }
    }
    /// The state to render.
    public private(set) var state: SearchState = .idle
    /// True while a next page is being fetched.
    public private(set) var isLoadingMore = false
    /// Why the last next page failed (the loaded items stay; ``loadMore()`` tries it again).
    public private(set) var loadMoreFailure: String?

    /// How many results match in all, while results show and the source says (books do).
    public private(set) var total: Int?

    /// The typed words no result holds, while the results are the source's closest matches
    /// (books); empty otherwise.
    public private(set) var missingWords: [String] = []

    /// The session behind this model.
    @ObservationIgnored public let session: SearchSession
    @ObservationIgnored private var appliedSequence: UInt64?
    @ObservationIgnored private var consumer: Task<Void, Never>?

    /// A model over an existing session.
    ///
    /// ```swift
    /// let model = SearchViewModel(session: SearchSession(provider: books))
    /// ```
    public init(session: SearchSession) {
        self.session = session
        consumer = follow(session.publications(), applyingTo: self) { model, publication in model.apply(publication) }
    }

    /// A model over a new session for `provider`.
    ///
    /// ```swift
    /// let model = SearchViewModel(provider: wikipedia, configuration: .init(debounce: .milliseconds(100)))
    /// ```
    public convenience init(
        provider: any SearchProvider, configuration: SearchSession.Configuration = .init(),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.init(session: SearchSession(provider: provider, configuration: configuration, clock: clock))
    }

    deinit {
        consumer?.cancel()
    }

    /// The items to show: results, or the previous ones (stale) while loading.
    public var items: [SearchItem] { state.items }

    /// True while the current query's results are awaited.
    public var isLoading: Bool { state.isLoading }

    /// Loads the next page (see ``SearchSession/loadMore()``).
    ///
    /// Call it when the last item comes into view (SwiftUI: that row's `onAppear`).
    public func loadMore() {
        session.loadMore()
        apply(session.publication)
    }

    /// Runs the current query again at once (see ``SearchSession/retry()``).
    public func retry() {
        session.retry()
        apply(session.publication)
    }

    /// Applies a publication unless a newer one was applied already.
    private func apply(_ publication: SearchSession.Publication) {
        if let appliedSequence, publication.sequence <= appliedSequence { return }
        appliedSequence = publication.sequence
        if state != publication.state { state = publication.state }
        if isLoadingMore != publication.isLoadingMore { isLoadingMore = publication.isLoadingMore }
        if loadMoreFailure != publication.loadMoreFailure { loadMoreFailure = publication.loadMoreFailure }
        if total != publication.total { total = publication.total }
        if missingWords != publication.missingWords { missingWords = publication.missingWords }
    }
}
