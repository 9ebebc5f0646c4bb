/// A source of search results. Providers keep no state between calls; sessions, caches and
/// pagination live in `InstantSearch`.
///
/// ```swift
/// let page = try await provider.search(try SearchQuery("swift"), cursor: nil, limit: 20)
/// ```
public protocol SearchProvider: Sendable {
    /// Which source this is.
    var source: SourceID { get }
    /// A name people read ("Wikipedia").
    var displayName: String { get }

    /// One page of results for `query`, starting at `cursor` (nil for the first page).
    /// Throws ``SearchFailure``-conforming errors; cancellation throws `CancellationError`.
    func search(_ query: SearchQuery, cursor: SearchCursor?, limit: Int) async throws -> SearchPage
}

/// What front ends need to know about a failed search to show the right state.
public protocol SearchFailure: Error {
    /// One sentence for a person: what happened and what to do.
    var userMessage: String { get }
    /// True when the device seems to have no network at all (not a failing source).
    var isOffline: Bool { get }
    /// When the source asked to be left alone for a while.
    var retryAfter: Duration? { get }
}
