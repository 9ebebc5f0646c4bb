import Synchronization

/// Tokens an instance took from clients' shared buckets ahead of need, so that most of a
/// client's requests are admitted without a round trip to Redis — and a cached reply, without
/// a task either (see `SearchAPI`). The fleet-wide limit still holds: every reserved token came
/// out of the shared bucket. A reserve lasts ``lifetime``; what is left then is dropped, which
/// can only admit fewer requests, never more. When a take leaves few tokens, it asks its
/// caller to refill ahead, so that a client's steady stream of requests keeps finding a token
/// instead of all waiting on Redis when it runs dry; the caller runs one refill at a time.
///
/// ```swift
/// reserve.keep(3, for: "203.0.113.9")
/// reserve.take("203.0.113.9").admitted   // true, three times
/// ```
final class ClientTokenReserve: Sendable {
    private struct Reserve {
        var tokens: Int
        var until: Duration
    }

    /// What ``take(_:refillAt:)`` found.
    struct Take: Equatable {
        /// A reserved token was taken: the request is admitted.
        var admitted: Bool
        /// Few tokens are left: the caller should refill this client's reserve, unless it is
        /// already refilling it.
        var refillAhead: Bool
    }

    private let reserves = Mutex<[String: Reserve]>([:])
    /// How long reserved tokens stay usable.
    let lifetime: Duration
    /// The most clients with a reserve; past it, expired reserves are dropped, or all of them.
    let capacity: Int
    private let elapsed: @Sendable () -> Duration

    /// `elapsed`: time on the instance's clock (tests pass a manual one).
    init(lifetime: Duration = .seconds(1), capacity: Int = 10_000, elapsed: @escaping @Sendable () -> Duration) {
        self.lifetime = lifetime
        self.capacity = capacity
        self.elapsed = elapsed
    }

    /// Takes one of `client`'s reserved tokens (not admitted when none is left or they expired),
    /// and asks for a refill ahead when at most `lowWater` are left (never, for a negative one).
    func take(_ client: String, refillAt lowWater: Int = 0) -> Take {
        let now = elapsed()
        return reserves.withLock { reserves in
            guard var reserve = reserves[client], now < reserve.until, reserve.tokens > 0 else {
                return Take(admitted: false, refillAhead: false)
            }
            reserve.tokens -= 1
            reserves[client] = reserve.tokens > 0 ? reserve : nil
            return Take(admitted: true, refillAhead: reserve.tokens <= lowWater)
        }
    }

    /// Adds `count` tokens just taken from `client`'s shared bucket to what is left of its
    /// reserve, which then lasts ``lifetime`` from now. Adds, not replaces: a refill ahead lands
    /// while tokens are left, and the tokens of a refill for a request that found none land
    /// next to those a concurrent one brought; replacing lost tokens already out of the shared
    /// bucket (a fleet instance measured 0.38 of one alone on cached search that way).
    func keep(_ count: Int, for client: String) {
        guard count > 0 else { return }
        let now = elapsed()
        reserves.withLock { reserves in
            let left = reserves[client].map { now < $0.until ? $0.tokens : 0 } ?? 0
            if reserves.count >= capacity, reserves[client] == nil {
                reserves = reserves.filter { now < $0.value.until }
                if reserves.count >= capacity { reserves.removeAll(keepingCapacity: true) }
            }
            reserves[client] = Reserve(tokens: left + count, until: now + lifetime)
        }
    }
}
