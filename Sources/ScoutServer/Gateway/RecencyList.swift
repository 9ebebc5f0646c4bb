/// The order in which cache entries were last used, for evicting the least recently used in
/// amortized constant time: every use appends `(key, stamp)`; an entry's older appearances go
/// stale once it is used again, and are skipped (and, from time to time, swept out — on use as
/// well as on eviction, so a cache that never fills up does not keep every hit).
///
/// The stamps must grow with every use, and the cache must remember each entry's latest one.
///
/// ```swift
/// var recency = RecencyList<String>()
/// let isLatest = { (key: String, stamp: UInt64) in latest[key] == stamp }
/// recency.used("a", stamp: 1, live: 1, isLatest: isLatest)
/// recency.used("b", stamp: 2, live: 2, isLatest: isLatest)
/// recency.used("a", stamp: 3, live: 2, isLatest: isLatest)
/// recency.leastRecent(live: 2, isLatest: isLatest)   // "b"
/// ```
struct RecencyList<Key: Hashable> {
    private var uses: [(key: Key, stamp: UInt64)] = []
    private var head = 0

    /// Uses kept, stale ones included: at most `2 × live + 65` after any call.
    var count: Int { uses.count - head }

    /// Records that `key` was used, `stamp` being its new latest stamp; sweeps the stale uses out
    /// when they have come to outnumber `live`, the number of cached keys (`isLatest` as for
    /// ``leastRecent(live:isLatest:)``). A cache hit appends a use, and a cache that holds
    /// fewer keys than its capacity never evicts: without this sweep, `scout serve` grew by
    /// 83 MiB in 90 s of the load soak (1.45 million hits on 60 cached searches).
    mutating func used(_ key: Key, stamp: UInt64, live: Int, isLatest: (Key, UInt64) -> Bool) {
        uses.append((key, stamp))
        sweepIfStale(live: live, isLatest)
    }

    /// Removes and returns the key whose latest use is the oldest; `isLatest(key, stamp)` tells
    /// a key's latest use from stale ones (false for a key no longer cached). Sweeps the stale
    /// uses out when they have come to outnumber `live`, the number of cached keys.
    mutating func leastRecent(live: Int, isLatest: (Key, UInt64) -> Bool) -> Key? {
        defer { sweepIfStale(live: live, isLatest) }
        while head < uses.count {
            let use = uses[head]
            head += 1
            if isLatest(use.key, use.stamp) { return use.key }
        }
        return nil
    }

    private mutating func sweepIfStale(live: Int, _ isLatest: (Key, UInt64) -> Bool) {
        guard count > 2 * live + 64 else { return }
        uses = uses[head...].filter { isLatest($0.key, $0.stamp) }
        head = 0
    }
}
