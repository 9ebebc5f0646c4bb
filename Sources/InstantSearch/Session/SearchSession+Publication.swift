extension SearchSession {
    /// One published state, with what a list footer needs and when it happened on the session's
    /// clock — what observers and ``SearchSession/publications()`` deliver.
    ///
    /// Times are durations since the session was made, on its injected clock, so the latency from
    /// the last keystroke to the results on screen is `publishedAt - queryChangedAt`.
    ///
    /// ```swift
    /// session.observe { publication in
    ///     if case .results(_, _, isStale: false, _, _) = publication.state {
    ///         print("results after", publication.publishedAt - publication.queryChangedAt)
    ///     }
    /// }
    /// ```
    public struct Publication: Sendable, Equatable {
        /// The state published.
        public let state: SearchState
        /// True while a next page is being fetched.
        public let isLoadingMore: Bool
        /// Why the last next page failed (the loaded items stay); nil when it did not.
        public let loadMoreFailure: String?
        /// Increases by one with every publication of this session; zero for the initial idle state.
        public let sequence: UInt64
        /// When this state was published, since the session was made.
        public let publishedAt: Duration
        /// When the query last changed (``SearchSession/update(query:)`` with a different query,
        /// or ``SearchSession/retry()``), since the session was made.
        public let queryChangedAt: Duration
        /// How many results match in all, when the state is results and the source said so.
        public let total: Int?
        /// The typed words no result holds, when the results are the source's closest matches
        /// (books); empty otherwise.
        public let missingWords: [String]

        /// A publication; sessions make these, tests may too.
        public init(
            state: SearchState, isLoadingMore: Bool, loadMoreFailure: String?, sequence: UInt64,
            publishedAt: Duration, queryChangedAt: Duration, total: Int? = nil, missingWords: [String] = []
        ) {
            self.total = total
            self.missingWords = missingWords
            self.state = state
            self.isLoadingMore = isLoadingMore
            self.loadMoreFailure = loadMoreFailure
            self.sequence = sequence
            self.publishedAt = publishedAt
            self.queryChangedAt = queryChangedAt
        }
    }

    /// Counters for tests and benchmarks.
    ///
    /// ```swift
    /// let statistics = session.statistics
    /// print(statistics.providerCalls, statistics.staleRepliesDropped)
    /// ```
    public struct Statistics: Sendable, Equatable {
        /// Provider calls started (first pages and next pages).
        public var providerCalls = 0
        /// Replies (pages or errors, cancellations included) that arrived after their request was
        /// superseded, and were not published.
        public var staleRepliesDropped = 0
        /// Queries answered from the cache without a request.
        public var cacheHits = 0
        /// Queries that showed a shorter query's cached results, narrowed, while loading.
        public var narrowings = 0
        /// The debounce the last scheduled search waited (it follows the typing rhythm).
        public var lastDebounce: Duration = .zero

        /// All counters at zero.
        public init(providerCalls: Int = 0, staleRepliesDropped: Int = 0, cacheHits: Int = 0, narrowings: Int = 0) {
            self.providerCalls = providerCalls
            self.staleRepliesDropped = staleRepliesDropped
            self.cacheHits = cacheHits
            self.narrowings = narrowings
        }
    }

    /// Identifies an observer registered with ``SearchSession/observe(_:)``.
    ///
    /// ```swift
    /// let id = session.observe { print($0.state) }
    /// session.removeObserver(id)
    /// ```
    public struct ObserverID: Hashable, Sendable {
        let rawValue: UInt64
    }
}
