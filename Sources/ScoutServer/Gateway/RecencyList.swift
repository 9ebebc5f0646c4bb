/// The order in which cache entries were last used, for evicting the least recently used in
/// amortized constant time: every use appends `(key, stamp)`; an entry's older appearances go
/// stale once it is used again, and are skipped (and, from time to time, swept out).
///
/// The stamps must grow with every use, and the cache must remember each entry's latest one.
///
/// ```swift
/// var recency = RecencyList<String>()
/// recency.used("a", stamp: 1); recency.used("b", stamp: 2); recency.used("a", stamp: 3)
/// recency.leastRecent(live: 2) { key, stamp in latest[key] == stamp }   // "b"
/// ```
struct RecencyList<Key: Hashable> {
    private var uses: [(key: Key, stamp: UInt64)] = []
    private var head = 0

    /// Records that `key` was used, `stamp` being its new latest stamp.
    mutating func used(_ key: Key, stamp: UInt64) {
        uses.append((key, stamp))
    }

    /// Removes and returns the key whose latest use is the oldest; `isLatest(key, stamp)` tells
    /// a key's latest use from stale ones (false for a key no longer cached). Sweeps the stale
    /// uses out when they have come to outnumber `live`, the number of cached keys.
    mutating func leastRecent(live: Int, isLatest: (Key, UInt64) -> Bool) -> Key? {
        defer {
            if uses.count - head > 2 * live + 64 { sweep(isLatest) }
        }
        while head < uses.count {
            let use = uses[head]
            head += 1
            if isLatest(use.key, use.stamp) { return use.key }
        }
        return nil
    }

    private mutating func sweep(_ isLatest: (Key, UInt64) -> Bool) {
        uses = uses[head...].filter { isLatest($0.key, $0.stamp) }
        head = 0
    }
}
