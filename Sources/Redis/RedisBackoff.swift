/// When a connection whose server is unreachable may try to connect again: a pure state machine
/// of instants on the connection's clock, tested without I/O.
///
/// The first attempt after a connection broke is immediate. Each failed attempt doubles the
/// wait (from `initialDelay` up to `maximumDelay`), and jitter spreads it over its upper half
/// ("equal jitter"), so a fleet that lost its Redis does not reconnect in lockstep, yet waits
/// longer each time. Commands before the next attempt fail at once with the last error instead
/// of waiting: a shared cache that is down must cost callers nothing.
///
/// ```swift
/// var backoff = RedisBackoff(initialDelay: .milliseconds(100), maximumDelay: .seconds(10))
/// backoff.recordFailure(at: now, jitter: 0.5)  // next attempt 75 ms later
/// backoff.allowsAttempt(at: now)  // false
/// ```
struct RedisBackoff: Sendable, Equatable {
    /// The wait after the first failed attempt, before jitter.
    let initialDelay: Duration
    /// The longest wait, before jitter.
    let maximumDelay: Duration
    /// Failed connect attempts since the last success.
    private(set) var consecutiveFailures = 0
    /// The instant from which the next attempt may be made; `nil`: now.
    private(set) var nextAttempt: Duration?

    init(initialDelay: Duration, maximumDelay: Duration) {
        self.initialDelay = max(initialDelay, .zero)
        self.maximumDelay = max(maximumDelay, self.initialDelay)
    }

    /// Whether a connect attempt may be made at `now`.
    func allowsAttempt(at now: Duration) -> Bool { nextAttempt.map { now >= $0 } ?? true }

    /// The wait after `failures` consecutive failures, with `jitter` in 0…1 choosing a point in
    /// the upper half of the doubled delay.
    func delay(afterFailures failures: Int, jitter: Double) -> Duration {
        guard failures > 0 else { return .zero }
        var base = initialDelay
        for _ in 1..<min(failures, 64) where base < maximumDelay { base *= 2 }
        base = min(base, maximumDelay)
        return base / 2 + base / 2 * min(max(jitter, 0), 1)
    }

    /// Notes a failed attempt at `now`; returns the wait before the next one.
    @discardableResult
    mutating func recordFailure(at now: Duration, jitter: Double) -> Duration {
        consecutiveFailures += 1
        let wait = delay(afterFailures: consecutiveFailures, jitter: jitter)
        nextAttempt = now + wait
        return wait
    }

    /// Notes a successful connect: the next break is retried at once.
    mutating func recordSuccess() {
        consecutiveFailures = 0
        nextAttempt = nil
    }
}
