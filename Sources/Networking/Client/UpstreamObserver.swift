/// Hears how an ``APIClient``'s calls go, for metrics: each attempt sent and how it ended, each
/// call its budget refused, the time spent waiting for a budget, and each breaker that changed
/// state. Called on the caller's task or the host budget's actor, so it must be quick and
/// must not block.
///
/// ```swift
/// let client = APIClient(configuration: .init(userAgent: agent, observer: upstreamMetrics))
/// ```
public protocol UpstreamObserver: Sendable {
    /// One attempt of a call to `source` (``Endpoint/source``) on `host` went out and ended with
    /// `result` after `duration` on the client's clock.
    func attemptFinished(source: String, host: String, result: UpstreamResult, duration: Duration)

    /// A call to `source` was not sent: its host's budget refused it.
    func callRefused(source: String, host: String, reason: UpstreamRefusal)

    /// An attempt waited `duration` for its host's budget (this process's, then the fleet's)
    /// before it went out; zero when a slot and a token were there.
    func budgetWaited(source: String, host: String, duration: Duration)

    /// The circuit breaker of `host` moved to `state`.
    func breakerChanged(host: String, state: BreakerPosition)
}

/// How one attempt that went out ended.
public enum UpstreamResult: Int, Sendable, CaseIterable {
    /// A 2xx reply.
    case ok
    /// 429 Too Many Requests.
    case rateLimited
    /// A 5xx reply.
    case serverError
    /// Any other status: a 3xx Scout does not follow, a 4xx.
    case clientError
    /// No reply before the call's deadline.
    case timedOut
    /// The connection failed, or the reply was refused (too large, a forbidden address).
    case transportFailed
    /// The caller gave up (a superseded search): not the host's fault.
    case cancelled
}

/// Why a host's budget kept a call from going out.
public enum UpstreamRefusal: Int, Sendable, CaseIterable {
    /// Inside a `Retry-After` window the host (or another process of the fleet) was given.
    case retryAfter
    /// The host's circuit breaker is open.
    case breakerOpen
    /// No token would come before the call's deadline.
    case overBudget
}

/// A circuit breaker's state without its counts, as a gauge shows it.
public enum BreakerPosition: Int, Sendable, CaseIterable {
    case closed = 0
    case halfOpen = 1
    case open = 2

    init(_ state: CircuitBreaker.State) {
        switch state {
        case .closed: self = .closed
        case .halfOpen: self = .halfOpen
        case .open: self = .open
        }
    }
}
