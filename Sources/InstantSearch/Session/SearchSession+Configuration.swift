extension SearchSession {
    /// How a session debounces, pages and caches.
    ///
    /// ```swift
    /// let configuration = SearchSession.Configuration(debounce: .zero, pageSize: 50)
    /// let session = SearchSession(provider: provider, configuration: configuration)
    /// ```
    public struct Configuration: Sendable, Equatable {
        /// How long typing must pause before a request starts; zero searches at once.
        public let debounce: Duration
        /// How many items each request asks for.
        public let pageSize: Int
        /// How many queries' results the cache keeps; zero disables the cache (and narrowing).
        public let cacheCapacity: Int
        /// How long cached results stay usable, measured on the session's clock.
        public let cacheTimeToLive: Duration
        /// Whether a longer query shows a shorter query's cached results, filtered locally and
        /// marked stale, until its own reply arrives.
        public let isNarrowingEnabled: Bool
        /// When non-zero, the debounce follows the person's typing: this many times the median
        /// gap between their recent keystrokes, never less than ``debounce`` nor more than
        /// ``maximumDebounce`` (except after a whole word, see ``searchesSoonerAfterWholeWords``).
        /// Zero keeps the debounce fixed.
        public let typingRhythmFactor: Double
        /// The longest wait the typing rhythm may choose.
        public let maximumDebounce: Duration
        /// Whether a query whose last word is a whole word of a title on screen (narrowed from a
        /// shorter query's results) waits only ``debounce``: it is probably complete, while inside
        /// a word the typing rhythm's longer wait applies. It needs narrowing to know the titles.
        public let searchesSoonerAfterWholeWords: Bool

        /// A configuration; the defaults suit search-as-you-type over a public API.
        ///
        /// ```swift
        /// let instant = SearchSession.Configuration(debounce: .zero, isNarrowingEnabled: false)
        /// ```
        public init(
            debounce: Duration = .milliseconds(150),
            pageSize: Int = 20,
            cacheCapacity: Int = 64,
            cacheTimeToLive: Duration = .seconds(300),
            isNarrowingEnabled: Bool = true,
            typingRhythmFactor: Double = 1.4,
            maximumDebounce: Duration = .milliseconds(400),
            searchesSoonerAfterWholeWords: Bool = true
        ) {
            precondition(debounce >= .zero, "debounce must not be negative")
            precondition(pageSize > 0, "page size must be positive")
            precondition(cacheCapacity >= 0, "cache capacity must not be negative")
            self.debounce = debounce
            self.pageSize = pageSize
            self.cacheCapacity = cacheCapacity
            self.cacheTimeToLive = cacheTimeToLive
            self.isNarrowingEnabled = isNarrowingEnabled
            self.typingRhythmFactor = max(0, typingRhythmFactor)
            self.maximumDebounce = maximumDebounce
            self.searchesSoonerAfterWholeWords = searchesSoonerAfterWholeWords
        }
    }
}
