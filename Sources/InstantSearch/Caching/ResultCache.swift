import ScoutModels

/// A least-recently-used cache of results keyed by ``SearchQuery/key``, whose entries expire a
/// time-to-live after they were stored. Time is passed in (as the duration since a session's
/// origin on its clock), so the cache is a pure value, tested without waiting.
///
/// Capacities are small (tens of entries): eviction scans for the least recently used entry.
struct ResultCache: Sendable {
    private struct Entry: Sendable {
        var results: CachedResults
        let storedAt: Duration
        var lastUse: UInt64
    }

    let capacity: Int
    let timeToLive: Duration
    private var entries: [String: Entry] = [:]
    private var uses: UInt64 = 0

    init(capacity: Int, timeToLive: Duration) {
        precondition(capacity >= 0, "cache capacity must not be negative")
        self.capacity = capacity
        self.timeToLive = timeToLive
    }

    /// How many entries are stored, fresh or not.
    var count: Int { entries.count }

    /// The fresh results for `key`, marking them recently used; expired entries are removed.
    mutating func results(forKey key: String, now: Duration) -> CachedResults? {
        guard let entry = entries[key] else { return nil }
        guard isFresh(entry, now: now) else {
            entries[key] = nil
            return nil
        }
        uses += 1
        entries[key]?.lastUse = uses
        return entry.results
    }

    /// The fresh results of the longest cached query that `query` refines, marking them used.
    mutating func longestRefined(by query: SearchQuery, now: Duration) -> CachedResults? {
        let best = entries.values
            .filter { isFresh($0, now: now) && query.refines($0.results.query) }
            .max { $0.results.query.key.count < $1.results.query.key.count }
        guard let best else { return nil }
        return results(forKey: best.results.query.key, now: now)
    }

    /// Stores `results` under their query's key, evicting the least recently used entry when full.
    mutating func insert(_ results: CachedResults, now: Duration) {
        guard capacity > 0 else { return }
        let key = results.query.key
        uses += 1
        entries[key] = Entry(results: results, storedAt: now, lastUse: uses)
        while entries.count > capacity {
            evictOne(now: now)
        }
    }

    /// Replaces the results stored for `results.query` (more pages loaded), keeping their age.
    mutating func replace(_ results: CachedResults, now: Duration) {
        let key = results.query.key
        guard let entry = entries[key], isFresh(entry, now: now) else { return }
        entries[key]?.results = results
    }

    private func isFresh(_ entry: Entry, now: Duration) -> Bool {
        now - entry.storedAt < timeToLive
    }

    /// Removes an expired entry if there is one, else the least recently used.
    private mutating func evictOne(now: Duration) {
        let victim =
            entries.first { !isFresh($0.value, now: now) }?.key
            ?? entries.min { $0.value.lastUse < $1.value.lastUse }?.key
        if let victim { entries[victim] = nil }
    }
}
