/// A per-host circuit breaker as a pure state machine: after `threshold` consecutive failures
/// it opens and refuses calls for `cooldown`; then it lets one probe through (half-open), which
/// closes it on success or opens it again on failure.
///
/// ```swift
/// var breaker = CircuitBreaker(threshold: 5, cooldown: .seconds(30))
/// if breaker.permit(at: timeline.now()) {
///     let succeeded = (try? await client.send(endpoint)) != nil
///     breaker.record(success: succeeded, at: timeline.now())
/// }
/// ```
public struct CircuitBreaker: Sendable, Equatable {
    public enum State: Sendable, Equatable {
        case closed(failures: Int)
        case open(until: Duration)
        case halfOpen(probeInFlight: Bool)
    }

    public private(set) var state = State.closed(failures: 0)
    public let threshold: Int
    public let cooldown: Duration

    public init(threshold: Int, cooldown: Duration) {
        self.threshold = max(1, threshold)
        self.cooldown = cooldown
    }

    /// Whether a call may go out at `now`; a permitted call must be followed by ``record(success:at:)``.
    public mutating func permit(at now: Duration) -> Bool {
        switch state {
        case .closed:
            return true
        case .open(let until):
            guard now >= until else { return false }
            state = .halfOpen(probeInFlight: true)
            return true
        case .halfOpen(let probeInFlight):
            guard !probeInFlight else { return false }
            state = .halfOpen(probeInFlight: true)
            return true
        }
    }

    /// Records how a permitted call ended.
    public mutating func record(success: Bool, at now: Duration) {
        switch (state, success) {
        case (_, true):
            state = .closed(failures: 0)
        case (.closed(let failures), false):
            state = failures + 1 >= threshold ? .open(until: now + cooldown) : .closed(failures: failures + 1)
        case (.halfOpen, false), (.open, false):
            state = .open(until: now + cooldown)
        }
    }

    /// Releases a permitted call that ended without telling anything about the host (cancelled).
    public mutating func abandon() {
        if case .halfOpen = state { state = .halfOpen(probeInFlight: false) }
    }

    /// When the breaker is open, the time left before it lets a probe through.
    public func remainingOpen(at now: Duration) -> Duration? {
        if case .open(let until) = state, until > now { return until - now }
        return nil
    }
}
