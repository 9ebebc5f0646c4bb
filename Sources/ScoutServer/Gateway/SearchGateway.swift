import Foundation
import HTTPServer
import Networking
import ScoutModels
import Synchronization

/// Searches on behalf of every browser at once: a cache of encoded replies (short TTL), and
/// identical searches in flight coalesced into one upstream call — in this process, and across
/// the fleet through its ``FleetState`` (see `SearchGateway+Fleet.swift`). Identical means one
/// ``Key``: the exact text, cursor and limit the upstream is asked, never a folded form of them.
///
/// Local sources (the book catalog) go through the same cache and coalescing — identical
/// searches from many browsers still cost the database once — but they are not upstream calls
/// (``upstreamCalls`` leaves them out), never shared with the fleet, and their replies live
/// only ``localTimeToLive`` (500 ms), so an import shows up on every instance within 2 s, the
/// store's 1 s check of its typo dictionary included.
///
/// Replies are cached already encoded, so a cache hit is answered on the server thread without
/// a task hop (see ``cachedResponse(for:)``). An entry stays after it expires, for
/// ``staleLifetime``, so that a search the upstream cannot answer now is answered from it,
/// marked stale (`SearchGateway+Stale.swift`).
final class SearchGateway: Sendable {
    /// A finished search, ready to send.
    struct Reply: Sendable {
        let page: SearchPage
        /// The key's query: the text every requester of this reply sent (see ``Key``).
        let query: SearchQuery
        /// The JSON, encoded once: the body of a cache hit, and of the requests that searched.
        /// It holds `query` and is shared by every requester of its key, which is right only
        /// because a key is one exact text (``Key``).
        let rendered: RenderedReply
        /// Answered from an earlier search because the upstream could not answer this one.
        var isStale = false
        /// Found in the fleet's shared cache, published by an earlier search of any instance.
        var isShared = false
    }

    private struct Entry {
        let reply: Reply
        let expiresAt: Duration
        let staleUntil: Duration
        var lastUsed: UInt64
    }

    private enum Lookup {
        case cached(Reply)
        case running(Task<Fetched, any Error>)
    }

    /// A reply and how long it stays fresh (less than the TTL when the fleet's copy is older).
    struct Fetched: Sendable {
        let reply: Reply
        let lifetime: Duration
    }

    /// A search under way and how many requesters wait for it: the last to leave cancels it.
    private struct InFlight {
        let task: Task<Fetched, any Error>
        var waiters = 1
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var recency = RecencyList<Key>()
        var inFlight: [Key: InFlight] = [:]
        var useCounter: UInt64 = 0

        /// Marks `key`'s entry as used now.
        mutating func use(_ key: Key) {
            guard let index = entries.index(forKey: key) else { return }
            use(key, at: index)
        }

        /// Marks the entry at `index`, `key`'s, as used now, without looking it up again.
        mutating func use(_ key: Key, at index: Dictionary<Key, Entry>.Index) {
            useCounter += 1
            entries.values[index].lastUsed = useCounter
            // A copy of `entries` (shared storage, nothing copied) for the sweep to ask, so that
            // it does not read `self` while `recency` is being changed.
            let entries = self.entries
            recency.used(key, stamp: useCounter, live: entries.count) { entries[$0]?.lastUsed == $1 }
        }

        /// Drops the least recently used entry.
        mutating func evictLeastRecent() {
            // Taken out while it asks `entries`, so neither access overlaps the other.
            var recency = RecencyList<Key>()
            swap(&recency, &self.recency)
            let oldest = recency.leastRecent(live: entries.count) { key, stamp in entries[key]?.lastUsed == stamp }
            self.recency = recency
            if let oldest { entries[oldest] = nil }
        }
    }

    private let state = Mutex(State())
    private let calls = Atomic<Int>(0)
    let timeToLive: Duration
    let localTimeToLive: Duration
    /// How long a reply may still be served, marked stale, when the upstream fails.
    let staleLifetime: Duration
    /// How long an instance holds the fleet's lease on a search before another may take over.
    let leaseLifetime: Duration
    private let capacity: Int
    let timeline: Timeline
    let fleet: any FleetState
    let render: @Sendable (SearchPage, SearchQuery, SourceID) -> RenderedReply
    /// Hits, misses and coalesced searches, for `/metrics`.
    let metrics: SearchMetrics

    /// - Parameters:
    ///   - clock: every TTL, lease and poll runs on it (a manual clock in tests).
    ///   - fleet: the state shared with other instances; a fleet of one by default.
    ///   - metrics: where hits, misses and coalesced searches are counted.
    init(
        timeToLive: Duration, localTimeToLive: Duration = .milliseconds(500),
        staleLifetime: Duration = .seconds(86_400),
        leaseLifetime: Duration = .seconds(5), capacity: Int, clock: any Clock<Duration> = ContinuousClock(),
        fleet: any FleetState = LocalFleetState(limiter: ClientRateLimiter(requestsPerSecond: 10, burst: 30)),
        metrics: SearchMetrics = SearchMetrics(),
        render: @escaping @Sendable (SearchPage, SearchQuery, SourceID) -> RenderedReply
    ) {
        self.timeToLive = timeToLive
        self.localTimeToLive = localTimeToLive
        self.staleLifetime = staleLifetime
        self.leaseLifetime = leaseLifetime
        self.capacity = max(1, capacity)
        self.timeline = Timeline(clock)
        self.fleet = fleet
        self.render = render
        self.metrics = metrics
    }

    /// Upstream searches this instance started so far (for `/metrics` and the coalescing benchmark).
    var upstreamCalls: Int { calls.load(ordering: .relaxed) }

    /// Counts one upstream search.
    func countUpstreamCall() { calls.add(1, ordering: .relaxed) }

    /// The encoded reply for `key` when a fresh one is cached.
    func cachedResponse(for key: Key) -> PreparedResponse? {
        let now = timeline.now()
        return state.withLock { state in
            guard let index = state.entries.index(forKey: key), case let entry = state.entries.values[index],
                now < entry.expiresAt
            else { return nil }
            state.use(key, at: index)
            metrics.count(.localHit)
            return entry.reply.rendered.cachedResponse
        }
    }

    /// Searches through `provider`, sharing one upstream call among everyone asking the same at
    /// the same time — here and, through the fleet, on other instances. A caller cancelled
    /// stops waiting at once; the shared call is cancelled with it only when nobody else waits
    /// for it (a client that left stops the upstream request it alone asked for, never one
    /// another client still waits for). A fresh cached reply is used first: it may
    /// have arrived since the caller last looked. When the upstream fails, a reply from the last
    /// ``staleLifetime`` is returned marked stale instead. `isLocal`: the provider answers from
    /// this process (see the type's discussion).
    func search(_ key: Key, provider: any SearchProvider, isLocal: Bool = false) async throws -> Reply {
        let now = timeline.now()
        let lookup = state.withLock { state -> Lookup in
            if let entry = state.entries[key], now < entry.expiresAt {
                metrics.count(.localHit)
                return .cached(entry.reply)
            }
            if let running = state.inFlight[key] {
                metrics.count(.coalescedLocally)
                state.inFlight[key]?.waiters += 1
                return .running(running.task)
            }
            let task = Task { [self] () throws -> Fetched in
                if isLocal {
                    metrics.count(.miss)
                    let page = try await key.search(using: provider)
                    return Fetched(reply: reply(page, for: key), lifetime: localTimeToLive)
                }
                return try await fetchThroughFleet(key, provider: provider)
            }
            state.inFlight[key] = InFlight(task: task)
            return .running(task)
        }
        let task: Task<Fetched, any Error>
        switch lookup {
        case .cached(let reply): return reply
        case .running(let running): task = running
        }
        do {
            let fetched = try await Abandonable.value(
                of: { try await task.value }, onAbandon: { [self] in leave(key, task: task) })
            store(fetched.reply, for: key, lifetime: fetched.lifetime)
            return fetched.reply
        } catch {
            // This requester left (counted out by ``leave(_:task:)``), or the last one did and
            // cancelled the search: either way the key's entry is no longer this one's to clear.
            if error is CancellationError { throw error }
            state.withLock { state in
                if state.inFlight[key]?.task == task { state.inFlight[key] = nil }
            }
            if !isLocal, Self.allowsStale(error), let stale = await staleReply(for: key) {
                return stale
            }
            throw error
        }
    }

    /// One requester of `task`, `key`'s search, stopped waiting: the last one cancels it, and a
    /// later requester of the key starts a search of its own.
    private func leave(_ key: Key, task: Task<Fetched, any Error>) {
        let isLast = state.withLock { state in
            guard state.inFlight[key]?.task == task else { return false }
            state.inFlight[key]?.waiters -= 1
            guard state.inFlight[key]?.waiters == 0 else { return false }
            state.inFlight[key] = nil
            return true
        }
        if isLast { task.cancel() }
    }

    /// The reply for a page the provider (or the fleet) returned for `key`: rendered with the
    /// key's own query, never a requester's, so the bytes are right for every requester of it.
    func reply(_ page: SearchPage, for key: Key) -> Reply {
        Reply(page: page, query: key.query, rendered: render(page, key.query, key.source))
    }

    /// The newest entry for `key` still within its stale lifetime, fresh or not.
    func localStaleReply(for key: Key) -> Reply? {
        let now = timeline.now()
        return state.withLock { state in
            guard let entry = state.entries[key], now < entry.staleUntil else { return nil }
            return entry.reply
        }
    }

    /// Caches the reply a search under way brought (unless the cache was cleared meanwhile).
    private func store(_ reply: Reply, for key: Key, lifetime: Duration) {
        let now = timeline.now()
        state.withLock { state in
            guard state.inFlight[key] != nil else { return }
            state.inFlight[key] = nil
            insert(reply, for: key, lifetime: lifetime, now: now, into: &state)
        }
    }

    /// Caches a reply no search of this instance brought (a page found in the fleet's cache).
    func keep(_ reply: Reply, for key: Key, lifetime: Duration) {
        let now = timeline.now()
        state.withLock { state in insert(reply, for: key, lifetime: lifetime, now: now, into: &state) }
    }

    private func insert(_ reply: Reply, for key: Key, lifetime: Duration, now: Duration, into state: inout State) {
        state.entries[key] = Entry(
            reply: reply, expiresAt: now + lifetime, staleUntil: now + max(lifetime, staleLifetime), lastUsed: 0)
        state.use(key)
        if state.entries.count > capacity { state.evictLeastRecent() }
    }
}
