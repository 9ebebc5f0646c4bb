import Synchronization

/// Tokens an instance took from clients' shared buckets ahead of need, so that most of a
/// client's requests are admitted without a round trip to Redis — and a cached reply, without
/// a task either (see `SearchAPI`). The fleet-wide limit still holds: every reserved token came
/// out of the shared bucket. A reserve lasts ``lifetime``; what is left then is dropped, which
/// can only admit fewer requests, never more. When a take leaves few tokens, it asks its
/// caller to refill ahead (once, until ``keep(_:for:)`` lands), so that a client's steady
/// stream of requests keeps finding a token instead of all waiting on Redis when it runs dry.
///
/// ```swift
/// reserve.keep(3, for: "203.0.113.9")
/// reserve.take("203.0.113.9").admitted   // true, three times
/// ```
final class ClientTokenReserve: Sendable {
    private struct Reserve {
        var tokens: Int
        var until: Duration
        /// A refill ahead is under way; no other is asked for until it lands.
        var refilling = false
    }

    /// What ``take(_:refillAt:)`` found.
    struct Take: Equatable {
        /// A reserved token was taken: the request is admitted.
        var admitted: Bool
        /// The caller should refill this client's reserve now (no one else has been asked to).
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
    /// and asks for a refill ahead when at most `lowWater` are left (never, for a negative one)
    /// and none is under way.
    func take(_ client: String, refillAt lowWater: Int = 0) -> Take {
        let now = elapsed()
        return reserves.withLock { reserves in
            guard var reserve = reserves[client], now < reserve.until, reserve.tokens > 0 else {
                return Take(admitted: false, refillAhead: false)
            }
            reserve.tokens -= 1
            let refillAhead = !reserve.refilling && reserve.tokens <= lowWater
            reserve.refilling = reserve.refilling || refillAhead
            reserves[client] = reserve.tokens > 0 || reserve.refilling ? reserve : nil
            return Take(admitted: true, refillAhead: refillAhead)
        }
    }

    /// Adds `count` tokens just taken from `client`'s shared bucket to what is left of its
    /// reserve, which then lasts ``lifetime`` from now. Adds, not replaces: a refill ahead lands
    /// while tokens are left, and the tokens of a refill for a request that found none land
    /// next to those a concurrent one brought; replacing lost tokens already out of the shared
    /// bucket (a fleet instance measured 0.38 of one alone on cached search that way). With any
    /// `count`, 0 included, a refill ahead under way is over: the next low take asks for another.
    func keep(_ count: Int, for client: String) {
        let now = elapsed()
        reserves.withLock { reserves in
            let left = reserves[client].map { now < $0.until ? $0.tokens : 0 } ?? 0
            guard count > 0 else {
                if var reserve = reserves[client] {
                    reserve.refilling = false
                    reserves[client] = left > 0 ? reserve : nil
                }
                return
            }
            if reserves.count >= capacity, reserves[client] == nil {
                reserves = reserves.filter { now < $0.value.until }
                if reserves.count >= capacity { reserves.removeAll(keepingCapacity: true) }
            }
            reserves[client] = Reserve(tokens: left + count, until: now + lifetime)
        }
    }
}
