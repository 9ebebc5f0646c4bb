/// How politely Scout treats one upstream host: concurrency, request rate, retries and the
/// circuit breaker (SECURITY.md T9, T15).
///
/// ```swift
/// HostPolicy.wikimedia   // ≤ 3 concurrent, 10 requests/s
/// HostPolicy(maxConcurrent: 2, requestsPerSecond: 1, burst: 3)
/// ```
public struct HostPolicy: Sendable, Equatable {
    /// Requests in flight at once.
    public var maxConcurrent: Int
    /// Sustained request rate (token bucket refill).
    public var requestsPerSecond: Double
    /// Requests allowed back to back before the rate applies.
    public var burst: Int
    /// Attempts per call, the first included (idempotent requests only).
    public var maxAttempts: Int
    /// Backoff ceiling grows from this: attempt n waits a random time in 0…base·2ⁿ.
    public var backoffBase: Duration
    public var backoffCap: Duration
    /// The longest `Retry-After` honoured; longer values are capped.
    public var retryAfterCap: Duration
    /// Consecutive failures that open the breaker.
    public var breakerThreshold: Int
    /// How long the breaker stays open before one probe is let through.
    public var breakerCooldown: Duration

    public init(
        maxConcurrent: Int = 4, requestsPerSecond: Double = 10, burst: Int = 10, maxAttempts: Int = 3,
        backoffBase: Duration = .milliseconds(100), backoffCap: Duration = .seconds(2),
        retryAfterCap: Duration = .seconds(120), breakerThreshold: Int = 5, breakerCooldown: Duration = .seconds(30)
    ) {
        self.maxConcurrent = maxConcurrent
        self.requestsPerSecond = requestsPerSecond
        self.burst = burst
        self.maxAttempts = maxAttempts
        self.backoffBase = backoffBase
        self.backoffCap = backoffCap
        self.retryAfterCap = retryAfterCap
        self.breakerThreshold = breakerThreshold
        self.breakerCooldown = breakerCooldown
    }

    /// Wikimedia's API etiquette: at most 3 requests at a time.
    public static let wikimedia = HostPolicy(maxConcurrent: 3, requestsPerSecond: 10, burst: 10)
    /// Flickr allows 3,600 calls per hour per key: refilling at (3,600 − burst) per hour keeps
    /// any hour, burst included, within it.
    public static let flickr = HostPolicy(maxConcurrent: 4, requestsPerSecond: 3_540.0 / 3_600, burst: 60)
    /// Open Library asks for at most 3 requests per second.
    public static let openLibrary = HostPolicy(maxConcurrent: 3, requestsPerSecond: 3, burst: 3)
}
