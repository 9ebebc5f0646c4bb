import Synchronization

/// Keys whose image the host said does not exist (404), remembered for a short time so a page
/// full of broken thumbnails does not ask again on every view. Times are the loader's clock
/// readings, so tests step through the time to live with a manual clock.
final class NegativeCache: Sendable {
    private struct State {
        var expiries: [String: Duration] = [:]
    }

    let capacity: Int
    let timeToLive: Duration
    private let state = Mutex(State())

    init(capacity: Int, timeToLive: Duration) {
        self.capacity = max(0, capacity)
        self.timeToLive = timeToLive
    }

    /// Whether `key` had a 404 less than ``timeToLive`` before `now`; forgets it once expired.
    func contains(_ key: String, now: Duration) -> Bool {
        state.withLock { state in
            guard let expiry = state.expiries[key] else { return false }
            if expiry > now { return true }
            state.expiries[key] = nil
            return false
        }
    }

    /// Remembers a 404 for `key` at `now`. When full, expired entries go first, then the one
    /// closest to expiring (the oldest).
    func insert(_ key: String, now: Duration) {
        guard capacity > 0, timeToLive > .zero else { return }
        state.withLock { state in
            state.expiries[key] = now + timeToLive
            guard state.expiries.count > capacity else { return }
            state.expiries = state.expiries.filter { $0.value > now }
            while state.expiries.count > capacity, let oldest = state.expiries.min(by: { $0.value < $1.value }) {
                state.expiries[oldest.key] = nil
            }
        }
    }

    /// Forgets every 404.
    func removeAll() { state.withLock { $0.expiries.removeAll() } }

    /// Entries held now, expired or not.
    var count: Int { state.withLock { $0.expiries.count } }
}
