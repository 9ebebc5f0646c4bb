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

    /// What `text`, a cursor a client sent back (a server's `cursor` parameter), names to this
    /// provider: see ``CursorReading``. The provider that writes a source's cursors is the one
    /// that knows their grammar, so it is the one that checks them and spells them one way.
    ///
    /// ```swift
    /// wikipedia.readCursor("prefix:020")  // .page(SearchCursor("prefix:20"))
    /// ```
    func readCursor(_ text: String) -> CursorReading
}

extension SearchProvider {
    /// No cursor is this provider's: a provider that pages says how its cursors read, and until
    /// it does a server refuses them all rather than pass text it cannot check upstream.
    public func readCursor(_ text: String) -> CursorReading { .invalid }
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
