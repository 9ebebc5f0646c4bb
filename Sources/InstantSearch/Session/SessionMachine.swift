import Foundation
import ScoutModels

/// The protocol logic of a ``SearchSession`` as a pure value: events in (with the current time
/// as the duration since the session's origin), effects out. It owns the cache, the paginator
/// and the generation tokens; the session shell runs its timers and requests.
///
/// Two tokens make latest-wins airtight: `generation` changes with every query change or retry
/// and gates the debounce timer; each request gets a fresh id, and only the reply whose id is the
/// active request's is published — whatever the provider does with cancellation.
struct SessionMachine: Sendable {
    let configuration: SearchSession.Configuration
    let providerName: String

    private(set) var publication = SearchSession.Publication(
        state: .idle, isLoadingMore: false, loadMoreFailure: nil, sequence: 0, publishedAt: .zero,
        queryChangedAt: .zero)
    private(set) var statistics = SearchSession.Statistics()

    private(set) var query: SearchQuery?
    private var cache: ResultCache
    private var paginator = Paginator()
    private var suggestion: String?
    private var loadMoreFailure: String?
    private var generation: UInt64 = 0
    private var lastRequestID: UInt64 = 0
    private(set) var activeRequest: SessionRequest?
    private var queryChangedAt: Duration = .zero
    private var rhythm = TypingRhythm()
    /// Whether the current query waits for its debounce timer.
    private var isDebouncing = false

    init(configuration: SearchSession.Configuration, providerName: String) {
        self.configuration = configuration
        self.providerName = providerName
        cache = ResultCache(capacity: configuration.cacheCapacity, timeToLive: configuration.cacheTimeToLive)
    }

    // MARK: Events

    /// A keystroke: normalize, then go idle, reject, serve from the cache, or narrow and debounce.
    mutating func update(raw: String, now: Duration) -> [SessionEffect] {
        let newQuery: SearchQuery
        do {
            newQuery = try SearchQuery(raw)
        } catch {
            query = nil
            let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            return supersede(now: now) + [.cancelRequest]
                + publish(.failed(query: text, message: String(describing: error), retryAfter: nil), now: now)
        }
        if newQuery.isEmpty {
            guard query != nil || publication.state != .idle else { return [] }
            query = nil
            return supersede(now: now) + [.cancelRequest] + publish(.idle, now: now)
        }
        rhythm.keystroke(at: now)
        if newQuery.text == query?.text {
            // A key that leaves the query as it is (a space between words) is still typing: a
            // search that has not started yet waits for the pause after it.
            guard isDebouncing else { return [] }
            generation += 1
            return [.cancelDebounce] + scheduleDebounce(now: now)
        }
        return begin(newQuery, now: now)
    }

    /// The debounce timer of `generation` fired.
    mutating func debounceFired(generation fired: UInt64, now: Duration) -> [SessionEffect] {
        guard fired == generation, let query, activeRequest == nil, case .idle = paginator.phase else { return [] }
        isDebouncing = false
        return fetchNextPage(of: query)
    }

    /// Re-runs the current query at once, bypassing the debounce and the cache.
    mutating func retry(now: Duration) -> [SessionEffect] {
        guard let query else { return [] }
        var effects = supersede(now: now)
        paginator = Paginator()
        suggestion = nil
        effects += publish(.loading(query: query.text, previous: staleResults), now: now)
        return effects + fetchNextPage(of: query)
    }

    /// Loads the next page of settled results; does nothing while anything is loading, when the
    /// results are exhausted, or when there are no settled results.
    mutating func loadMore(now: Duration) -> [SessionEffect] {
        guard let query, activeRequest == nil, case .results(_, _, false, true, _) = publication.state else {
            return []
        }
        loadMoreFailure = nil
        let effects = fetchNextPage(of: query)
        return effects + publish(publication.state, now: now)
    }

    /// A reply arrived for `request`.
    mutating func finished(
        _ request: SessionRequest, with result: Result<SearchPage, any Error>, now: Duration
    ) -> [SessionEffect] {
        guard request.id == activeRequest?.id else {
            statistics.staleRepliesDropped += 1
            if request.isFirstPage, case .success(let page) = result {
                cache.insert(
                    CachedResults(
                        query: request.query, items: Paginator(items: page.items, nextCursor: nil).items,
                        nextCursor: page.nextCursor, suggestion: page.suggestion),
                    now: now)
            }
            return []
        }
        activeRequest = nil
        switch result {
        case .success(let page):
            return received(page, for: request, now: now)
        case .failure(let error):
            return failed(request, error: error, now: now)
        }
    }

    // MARK: Steps

    /// A new, non-empty query that differs from the current one.
    private mutating func begin(_ newQuery: SearchQuery, now: Duration) -> [SessionEffect] {
        var effects = supersede(now: now)
        query = newQuery
        suggestion = nil
        if let cached = cache.results(forKey: newQuery.key, now: now) {
            statistics.cacheHits += 1
            paginator = Paginator(items: cached.items, nextCursor: cached.nextCursor)
            suggestion = cached.suggestion
            return effects + [.cancelRequest] + publish(settledState(for: newQuery), now: now)
        }
        paginator = Paginator()
        var endsWithKnownWord = false
        if configuration.isNarrowingEnabled, let narrowed = narrowedItems(for: newQuery, now: now) {
            statistics.narrowings += 1
            endsWithKnownWord = Narrowing.endsWithWholeWord(newQuery, of: narrowed)
            effects += publish(
                .results(query: newQuery.text, items: narrowed, isStale: true, hasMore: false, suggestion: nil),
                now: now)
        } else {
            effects += publish(.loading(query: newQuery.text, previous: staleResults), now: now)
        }
        if configuration.debounce == .zero {
            return effects + fetchNextPage(of: newQuery)
        }
        return effects + scheduleDebounce(now: now, isLikelyComplete: endsWithKnownWord)
    }

    /// Starts the current generation's debounce timer, for the wait the typing rhythm gives.
    private mutating func scheduleDebounce(now: Duration, isLikelyComplete: Bool = false) -> [SessionEffect] {
        isDebouncing = true
        let wait =
            isLikelyComplete && configuration.searchesSoonerAfterWholeWords
            ? configuration.debounce
            : rhythm.debounce(
                base: configuration.debounce, factor: configuration.typingRhythmFactor,
                maximum: configuration.maximumDebounce)
        statistics.lastDebounce = wait
        return [.scheduleDebounce(generation: generation, deadline: now + wait)]
    }

    /// Invalidates the timer and the request in flight (its reply will be dropped).
    private mutating func supersede(now: Duration) -> [SessionEffect] {
        generation += 1
        isDebouncing = false
        activeRequest = nil
        loadMoreFailure = nil
        queryChangedAt = now
        return [.cancelDebounce]
    }

    /// Starts the paginator's next load, cancelling whatever request is still in flight.
    private mutating func fetchNextPage(of query: SearchQuery) -> [SessionEffect] {
        guard case .fetch(let cursor) = paginator.loadNextPage() else { return [] }
        lastRequestID += 1
        let request = SessionRequest(id: lastRequestID, query: query, cursor: cursor, limit: configuration.pageSize)
        activeRequest = request
        statistics.providerCalls += 1
        return [.cancelRequest, .fetch(request)]
    }

    private mutating func received(_ page: SearchPage, for request: SessionRequest, now: Duration) -> [SessionEffect] {
        paginator.receive(page)
        if request.isFirstPage { suggestion = page.suggestion }
        loadMoreFailure = nil
        let results = CachedResults(
            query: request.query, items: paginator.items, nextCursor: paginator.nextCursor, suggestion: suggestion)
        if request.isFirstPage {
            cache.insert(results, now: now)
        } else {
            cache.replace(results, now: now)
        }
        return publish(settledState(for: request.query), now: now)
    }

    private mutating func failed(_ request: SessionRequest, error: any Error, now: Duration) -> [SessionEffect] {
        paginator.fail()
        // Cancelled without being superseded (the provider or its transport gave up): not a
        // failure. The state stays as it is; retry() or loadMore() runs the request again.
        if error.isSupersededSearch { return publish(publication.state, now: now) }
        let state = failureState(for: request.query, error: error)
        if request.isFirstPage { return publish(state, now: now) }
        loadMoreFailure = state.message
        return publish(publication.state, now: now)
    }

    // MARK: States

    private func settledState(for query: SearchQuery) -> SearchState {
        if paginator.items.isEmpty { return .empty(query: query.text, suggestion: suggestion) }
        return .results(
            query: query.text, items: paginator.items, isStale: false, hasMore: paginator.hasMore,
            suggestion: suggestion)
    }

    private func failureState(for query: SearchQuery, error: any Error) -> SearchState {
        guard let failure = error as? any SearchFailure else {
            return .failed(query: query.text, message: "The \(providerName) search failed. Retry?", retryAfter: nil)
        }
        if failure.isOffline { return .offline(query: query.text, message: failure.userMessage) }
        return .failed(query: query.text, message: failure.userMessage, retryAfter: failure.retryAfter)
    }

    /// What is on screen now, to keep showing (stale) while the next query loads.
    private var staleResults: SearchState.StaleResults? {
        switch publication.state {
        case .results(let query, let items, _, _, _) where !items.isEmpty:
            SearchState.StaleResults(query: query, items: items)
        case .loading(_, let previous):
            previous
        default:
            nil
        }
    }

    /// A shorter cached query's results filtered for `query`; nil when none or none match.
    private mutating func narrowedItems(for query: SearchQuery, now: Duration) -> [SearchItem]? {
        guard let cached = cache.longestRefined(by: query, now: now) else { return nil }
        let narrowed = Narrowing.filter(cached.items, for: query)
        return narrowed.isEmpty ? nil : narrowed
    }

    /// Publishes `state` unless nothing visible changed.
    private mutating func publish(_ state: SearchState, now: Duration) -> [SessionEffect] {
        let isLoadingMore = activeRequest.map { !$0.isFirstPage } ?? false
        let isSettled = !state.isLoading && !state.items.isEmpty
        let missingWords = isSettled ? paginator.missingWords : []
        guard
            state != publication.state || isLoadingMore != publication.isLoadingMore
                || loadMoreFailure != publication.loadMoreFailure || missingWords != publication.missingWords
        else { return [] }
        publication = SearchSession.Publication(
            state: state, isLoadingMore: isLoadingMore, loadMoreFailure: loadMoreFailure,
            sequence: publication.sequence + 1, publishedAt: now, queryChangedAt: queryChangedAt,
            total: isSettled ? paginator.total : nil, missingWords: missingWords)
        return [.publish(publication)]
    }
}
