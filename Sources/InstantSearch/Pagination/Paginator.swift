import ScoutModels

/// The pure state machine behind endless scrolling: one load at a time, items deduplicated by id
/// across pages, a failed page that keeps what was loaded and can be retried, and — with a
/// memory bound — pages far behind released (see ``maxRetainedItems``).
///
/// Phases: `idle → loading → loaded(nextCursor) | exhausted`, and `loading → failed → loading`.
/// Each event returns what to do; the caller performs the fetch and reports back with
/// ``receive(_:)`` or ``fail()``. Nothing here does I/O.
///
/// ```swift
/// var paginator = Paginator()
/// if case .fetch(let cursor) = paginator.loadNextPage() {     // cursor == nil: the first page
///     paginator.receive(try await provider.search(query, cursor: cursor, limit: 20))
/// }
/// paginator.loadNextPage()  // .fetch(next) while hasMore, .none while loading or exhausted
/// ```
public struct Paginator: Sendable, Equatable {
    /// Where the paginator stands.
    public enum Phase: Sendable, Equatable {
        /// Nothing loaded yet; the next load is the first page.
        case idle
        /// A page starting at `cursor` (nil: the first page) is being fetched.
        case loading(cursor: SearchCursor?)
        /// At least one page is loaded and more start at `nextCursor`.
        case loaded(nextCursor: SearchCursor)
        /// The last page is loaded.
        case exhausted
        /// The page starting at `cursor` failed; loading again retries it.
        case failed(cursor: SearchCursor?)
    }

    /// What the caller should do after an event.
    public enum Action: Sendable, Equatable {
        /// Fetch the page that starts at this cursor (nil: the first page).
        case fetch(SearchCursor?)
        /// Nothing to do.
        case none
    }

    /// The current phase.
    public private(set) var phase: Phase
    /// Every item loaded so far, in page order, without duplicate ids — less the pages released
    /// past ``maxRetainedItems``.
    public internal(set) var items: [SearchItem]
    /// How many pages were received.
    public private(set) var pagesLoaded: Int
    /// At most this many items stay in ``items``; nil keeps them all. Past it, whole pages
    /// are released from the front, oldest first, but the page just received always stays.
    ///
    /// ```swift
    /// var paginator = Paginator(maxRetainedItems: 600)   // a photo grid: 20 screens of tiles
    /// ```
    public let maxRetainedItems: Int?
    /// The pages released so far, oldest first: where each started (to fetch it again should the
    /// person scroll back) and how many of ``items`` it held.
    public internal(set) var releasedPages: [PageSpan]
    /// The pages still in ``items``, oldest first.
    var retainedPages: [PageSpan]
    /// Ids of every item received, released ones included: a page that repeats a released item
    /// still does not show it twice.
    private var seenIDs: Set<String>

    /// An idle paginator: the next load is the first page.
    public init(maxRetainedItems: Int? = nil) {
        phase = .idle
        items = []
        pagesLoaded = 0
        self.maxRetainedItems = maxRetainedItems.map { max(1, $0) }
        releasedPages = []
        retainedPages = []
        seenIDs = []
    }

    /// A paginator resumed from results loaded earlier (for example from a cache).
    public init(items: [SearchItem], nextCursor: SearchCursor?) {
        self.init()
        retainedPages = [PageSpan(cursor: nil, itemCount: append(items).count)]
        pagesLoaded = 1
        phase = nextCursor.map { .loaded(nextCursor: $0) } ?? .exhausted
    }

    /// True unless the last page has been loaded.
    public var hasMore: Bool { phase != .exhausted }

    /// How many results the source says match in all, from the last page received that said;
    /// nil when it never did.
    public private(set) var total: Int?

    /// The typed words no result holds, when the source found no result with every word and
    /// sent its closest matches instead (books do), as its first page said; empty otherwise.
    public private(set) var missingWords: [String] = []

    /// True while a page is being fetched.
    public var isLoading: Bool {
        if case .loading = phase { return true }
        return false
    }

    /// Where the next page starts, once at least one page is loaded and more remain.
    public var nextCursor: SearchCursor? {
        if case .loaded(let cursor) = phase { return cursor }
        return nil
    }

    /// Asks for the next page: the first one when idle, the next when loaded, the failed one again
    /// when failed. Returns `.none` while a page is loading or when exhausted.
    public mutating func loadNextPage() -> Action {
        let cursor: SearchCursor?
        switch phase {
        case .idle: cursor = nil
        case .loaded(let next): cursor = next
        case .failed(let failed): cursor = failed
        case .loading, .exhausted: return .none
        }
        phase = .loading(cursor: cursor)
        return .fetch(cursor)
    }

    /// Takes the page the last ``Action/fetch(_:)`` asked for; returns the items it added (those
    /// whose ids were not seen before). Ignored unless a page is loading. A page whose next cursor
    /// repeats the one just fetched ends the results, so a looping source cannot scroll forever.
    @discardableResult
    public mutating func receive(_ page: SearchPage) -> [SearchItem] {
        guard case .loading(let cursor) = phase else { return [] }
        let added = append(page.items)
        if let pageTotal = page.total { total = pageTotal }
        if pagesLoaded == 0 { missingWords = page.missingWords ?? [] }
        pagesLoaded += 1
        retainedPages.append(PageSpan(cursor: cursor, itemCount: added.count))
        releasePagesPastBound()
        if let next = page.nextCursor, next != cursor {
            phase = .loaded(nextCursor: next)
        } else {
            phase = .exhausted
        }
        return added
    }

    /// Records that the loading page failed; the items stay and the next load retries it.
    /// Ignored unless a page is loading.
    ///
    /// ```swift
    /// paginator.fail()
    /// paginator.loadNextPage()  // .fetch(the same cursor)
    /// ```
    public mutating func fail() {
        guard case .loading(let cursor) = phase else { return }
        phase = .failed(cursor: cursor)
    }

    @discardableResult
    private mutating func append(_ newItems: [SearchItem]) -> [SearchItem] {
        var added: [SearchItem] = []
        for item in newItems where seenIDs.insert(item.id).inserted {
            added.append(item)
        }
        items.append(contentsOf: added)
        return added
    }
}
