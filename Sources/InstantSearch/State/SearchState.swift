import ScoutModels

/// What a search screen shows for one source, published by ``SearchSession``.
///
/// Error, empty and offline are distinct states, each with its own message (ARCHITECTURE.md,
/// invariant 3). A superseded (cancelled) search never becomes a state of its own: the newer
/// query's state replaces it.
///
/// ```swift
/// switch session.state {
/// case .idle: print("Type to search")
/// case .loading(let query, let previous): print("Searching \(query)…", previous?.items.count ?? 0, "dimmed")
/// case .results(_, let items, let isStale, let hasMore, _): print(items.count, isStale, hasMore)
/// case .empty(let query, let suggestion): print("Nothing found for \(query)", suggestion ?? "")
/// case .failed(_, let message, _), .offline(_, let message): print(message)
/// }
/// ```
public enum SearchState: Sendable, Equatable {
    /// Nothing to search: the query is empty or only whitespace.
    case idle
    /// A request for `query` is pending; `previous` is what was on screen before, shown stale.
    case loading(query: String, previous: StaleResults?)
    /// Results for `query`. `isStale` marks results narrowed locally from a shorter query's
    /// cached results while the real reply is on its way.
    case results(query: String, items: [SearchItem], isStale: Bool, hasMore: Bool, suggestion: String?)
    /// The source answered and found nothing; `suggestion` is its "did you mean", if any.
    case empty(query: String, suggestion: String?)
    /// The search failed; `message` is a sentence for a person, `retryAfter` the wait the source
    /// asked for, if any.
    case failed(query: String, message: String, retryAfter: Duration?)
    /// The device seems to have no network at all.
    case offline(query: String, message: String)

    /// The query this state belongs to (normalized text); nil when idle.
    public var query: String? {
        switch self {
        case .idle: nil
        case .loading(let query, _), .empty(let query, _), .failed(let query, _, _), .offline(let query, _): query
        case .results(let query, _, _, _, _): query
        }
    }

    /// The items to show now: the results, or the previous (stale) items while loading.
    public var items: [SearchItem] {
        switch self {
        case .results(_, let items, _, _, _): items
        case .loading(_, let previous): previous?.items ?? []
        case .idle, .empty, .failed, .offline: []
        }
    }

    /// True while a reply for the current query is awaited (loading, or narrowed stale results).
    public var isLoading: Bool {
        switch self {
        case .loading: true
        case .results(_, _, let isStale, _, _): isStale
        case .idle, .empty, .failed, .offline: false
        }
    }

    /// The sentence to show for a failed or offline state; nil otherwise.
    public var message: String? {
        switch self {
        case .failed(_, let message, _), .offline(_, let message): message
        case .idle, .loading, .results, .empty: nil
        }
    }
}
