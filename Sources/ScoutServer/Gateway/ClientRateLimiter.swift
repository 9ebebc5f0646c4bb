import Synchronization

/// A token bucket per client address: each may make `rate` requests a second with bursts of
/// `burst`; beyond that the answer is 429 with how long to wait (SECURITY.md T12).
final class ClientRateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updatedAt: ContinuousClock.Instant
    }

    private let rate: Double
    private let burst: Double
    private let buckets = Mutex<[String: Bucket]>([:])
    /// Beyond this many tracked clients, full (idle) buckets are forgotten.
    private let maximumClients = 10_000

    init(requestsPerSecond: Double, burst: Int) {
        rate = max(requestsPerSecond, 0.001)
        self.burst = Double(max(burst, 1))
    }

    /// Takes a token for `client`; returns nil when allowed, else the wait before the next token.
    func admit(_ client: String, now: ContinuousClock.Instant = .now) -> Duration? {
        buckets.withLock { buckets in
            var bucket = buckets[client] ?? Bucket(tokens: burst, updatedAt: now)
            let elapsed = bucket.updatedAt.duration(to: now)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            bucket.tokens = min(burst, bucket.tokens + seconds * rate)
            bucket.updatedAt = now
            defer {
                buckets[client] = bucket
                if buckets.count > maximumClients { forgetRefilled(&buckets, now: now) }
            }
            guard bucket.tokens >= 1 else { return .seconds((1 - bucket.tokens) / rate) }
            bucket.tokens -= 1
            return nil
        }
    }

    /// Drops clients whose bucket has refilled completely by now: forgetting them changes nothing.
    private func forgetRefilled(_ buckets: inout [String: Bucket], now: ContinuousClock.Instant) {
        let refill = Duration.seconds(burst / rate)
        buckets = buckets.filter { $0.value.updatedAt.duration(to: now) < refill }
    }
}
