/// How politely Scout treats one upstream host: concurrency, request rate, retries and the
/// circuit breaker (SECURITY.md T9, T15).
///
/// ```swift
/// HostPolicy.wikimedia   // ≤ 3 concurrent, 10 requests/s, for every Wikimedia API host together
/// HostPolicy(maxConcurrent: 2, requestsPerSecond: 1, burst: 3)
/// ```
///
/// A policy is one budget per host, unless it names a ``budget``: then every host it applies to
/// draws on that one budget — slots, rate, breaker and `Retry-After` window — in the process
/// and, through a `SharedHostBudget`, in the fleet. That is how Wikimedia, which asks its API's
/// users for 3 requests at a time whatever wiki they ask, sees 3 in all and not 3 per language.
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
    /// The name of a budget every host under this policy shares (`wikimedia`); nil: each host
    /// has its own. Fleet keys and metrics name the budget by it.
    public var budget: String?

    public init(
        maxConcurrent: Int = 4, requestsPerSecond: Double = 10, burst: Int = 10, maxAttempts: Int = 3,
        backoffBase: Duration = .milliseconds(100), backoffCap: Duration = .seconds(2),
        retryAfterCap: Duration = .seconds(120), breakerThreshold: Int = 5, breakerCooldown: Duration = .seconds(30),
        budget: String? = nil
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
        self.budget = budget
    }

    /// Wikimedia's API etiquette: at most 3 requests at a time, to all its API hosts together
    /// (every language of Wikipedia and Commons: one ``budget``, `wikimedia`).
    public static let wikimedia = HostPolicy(maxConcurrent: 3, requestsPerSecond: 10, burst: 10, budget: "wikimedia")
    /// Wikimedia's image servers (`upload.wikimedia.org`): the same numbers, a budget of their
    /// own, so thumbnails never wait for API calls or hold their slots.
    public static let wikimediaMedia = HostPolicy(maxConcurrent: 3, requestsPerSecond: 10, burst: 10)
    /// Flickr allows 3,600 calls per hour per key: refilling at (3,600 − burst) per hour keeps
    /// any hour, burst included, within it.
    public static let flickr = HostPolicy(maxConcurrent: 4, requestsPerSecond: 3_540.0 / 3_600, burst: 60)
    /// Open Library asks for at most 3 requests per second.
    public static let openLibrary = HostPolicy(maxConcurrent: 3, requestsPerSecond: 3, burst: 3)
}
