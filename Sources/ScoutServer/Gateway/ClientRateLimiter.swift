import Synchronization

/// A token bucket per client address: each may make `rate` requests a second with bursts of
/// `burst`; beyond that the answer is 429 with how long to wait (SECURITY.md T12). Time comes
/// from the clock it is given, so tests refill a bucket by advancing a manual clock.
///
/// ```swift
/// let limiter = ClientRateLimiter(requestsPerSecond: 5, burst: 20, clock: ManualClock())
/// limiter.admit("203.0.113.7")  // nil: allowed
/// ```
final class ClientRateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        /// When the bucket was last filled, as time since the limiter was made.
        var updatedAt: Duration
    }

    private let rate: Double
    private let burst: Double
    private let buckets = Mutex<[String: Bucket]>([:])
    /// Beyond this many tracked clients, full (idle) buckets are forgotten.
    private let maximumClients = 10_000
    /// Time elapsed since the limiter was made, on its clock.
    private let elapsed: @Sendable () -> Duration

    init<C: Clock>(requestsPerSecond: Double, burst: Int, clock: C = ContinuousClock()) where C.Duration == Duration {
        rate = max(requestsPerSecond, 0.001)
        self.burst = Double(max(burst, 1))
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
    }

    /// Takes `cost` tokens (one search is 1; see ``RouteCost``) for `client`; returns nil when
    /// allowed, else the wait until the bucket holds them.
    func admit(_ client: String, cost: Double = 1) -> Duration? {
        let now = elapsed()
        return buckets.withLock { buckets in
            var bucket = buckets[client] ?? Bucket(tokens: burst, updatedAt: now)
            let elapsed = now - bucket.updatedAt
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            bucket.tokens = min(burst, bucket.tokens + seconds * rate)
            bucket.updatedAt = now
            defer {
                buckets[client] = bucket
                if buckets.count > maximumClients { forgetRefilled(&buckets, now: now) }
            }
            guard bucket.tokens >= cost else { return .seconds((cost - bucket.tokens) / rate) }
            bucket.tokens -= cost
            return nil
        }
    }

    /// Drops clients whose bucket has refilled completely by now: forgetting them changes nothing.
    private func forgetRefilled(_ buckets: inout [String: Bucket], now: Duration) {
        let refill = Duration.seconds(burst / rate)
        buckets = buckets.filter { now - $0.value.updatedAt < refill }
    }
}
