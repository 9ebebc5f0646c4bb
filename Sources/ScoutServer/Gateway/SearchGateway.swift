import Foundation
import ScoutModels
import Synchronization

/// Searches on behalf of every browser at once: one shared cache of encoded replies (short
/// TTL), and identical searches in flight coalesced into one upstream call.
///
/// Local sources (the book catalog) go through the same cache and coalescing — identical
/// searches from many browsers still cost the database once — but they are not upstream calls
/// (``upstreamCalls`` leaves them out) and their replies live only ``localTimeToLive``, so
/// an import shows up within seconds.
///
/// Replies are cached already encoded, so a cache hit is answered on the server thread without
/// a task hop (see ``cachedBody(for:)``).
final class SearchGateway: Sendable {
    /// What identifies one upstream search.
    struct Key: Hashable, Sendable {
        let source: SourceID
        let queryKey: String
        let cursor: String?
        let limit: Int
    }

    /// A finished search, ready to send.
    struct Reply: Sendable {
        let page: SearchPage
        let query: SearchQuery
        /// The JSON, encoded once: the body of a cache hit, and of the requests that searched.
        let rendered: RenderedReply
    }

    private struct Entry {
        let reply: Reply
        let expiresAt: ContinuousClock.Instant
        var lastUsed: UInt64
    }

    private enum Lookup {
        case cached(Reply)
        case running(Task<Reply, any Error>)
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var recency = RecencyList<Key>()
        var inFlight: [Key: Task<Reply, any Error>] = [:]
        var useCounter: UInt64 = 0
        var upstreamCalls = 0

        /// Marks `key`'s entry as used now.
        mutating func use(_ key: Key) {
            useCounter += 1
            entries[key]?.lastUsed = useCounter
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
    private let timeToLive: Duration
    private let localTimeToLive: Duration
    private let capacity: Int
    private let render: @Sendable (SearchPage, SearchQuery, SourceID) -> RenderedReply

    init(
        timeToLive: Duration, localTimeToLive: Duration = .seconds(5), capacity: Int,
        render: @escaping @Sendable (SearchPage, SearchQuery, SourceID) -> RenderedReply
    ) {
        self.timeToLive = timeToLive
        self.localTimeToLive = localTimeToLive
        self.capacity = max(1, capacity)
        self.render = render
    }

    /// Upstream searches started so far (for `/metrics` and the coalescing benchmark).
    var upstreamCalls: Int { state.withLock { $0.upstreamCalls } }

    /// The encoded reply for `key` when a fresh one is cached.
    func cachedBody(for key: Key, now: ContinuousClock.Instant = .now) -> [UInt8]? {
        state.withLock { state in
            guard let entry = state.entries[key], now < entry.expiresAt else { return nil }
            state.use(key)
            return entry.reply.rendered.cachedBody
        }
    }

    /// Searches through `provider`, sharing one upstream call among everyone asking the same at
    /// the same time; the caller's own cancellation never cancels the shared call. A fresh cached
    /// reply is used first: it may have arrived since the caller last looked. `isLocal`: the
    /// provider answers from this process (see the type's discussion).
    func search(
        _ key: Key, query: SearchQuery, cursor: SearchCursor?, provider: any SearchProvider, isLocal: Bool = false
    ) async throws -> Reply {
        let now = ContinuousClock.now
        let lookup = state.withLock { state -> Lookup in
            if let entry = state.entries[key], now < entry.expiresAt {
                return .cached(entry.reply)
            }
            if let running = state.inFlight[key] { return .running(running) }
            if !isLocal { state.upstreamCalls += 1 }
            let task = Task { [render] () throws -> Reply in
                let page = try await provider.search(query, cursor: cursor, limit: key.limit)
                return Reply(page: page, query: query, rendered: render(page, query, key.source))
            }
            state.inFlight[key] = task
            return .running(task)
        }
        let task: Task<Reply, any Error>
        switch lookup {
        case .cached(let reply): return reply
        case .running(let running): task = running
        }
        do {
            let reply = try await task.value
            store(reply, for: key, lifetime: isLocal ? localTimeToLive : timeToLive)
            return reply
        } catch {
            state.withLock { state in
                if state.inFlight[key] == task { state.inFlight[key] = nil }
            }
            throw error
        }
    }

    private func store(_ reply: Reply, for key: Key, lifetime: Duration) {
        state.withLock { state in
            guard state.inFlight[key] != nil else { return }
            state.inFlight[key] = nil
            state.entries[key] = Entry(reply: reply, expiresAt: .now + lifetime, lastUsed: 0)
            state.use(key)
            if state.entries.count > capacity { state.evictLeastRecent() }
        }
    }
}
