import Networking

/// One instance's share of each host's budget while the fleet's shared store does not answer:
/// `1/fleetSize` of the host's concurrent slots and of its request rate and burst (at least one
/// slot and one call of burst), so a fleet that lost Redis together still keeps, all in all, to
/// what the host allows. A pure state machine: the caller brings the time and keeps it behind
/// a lock.
///
/// ```swift
/// var share = LocalHostShare()
/// share.take(host: "en.wikipedia.org", policy: .wikimedia, fleetSize: 3, now: .zero)  // .granted
/// share.release(host: "en.wikipedia.org")
/// ```
struct LocalHostShare: Sendable {
    private struct Host {
        var inFlight = 0
        var tokens: Double
        /// When ``tokens`` was last refilled.
        var updatedAt: Duration
    }

    private var hosts: [String: Host] = [:]

    /// How long a caller turned away for a full set of slots waits before asking again.
    static let busyRetry = Duration.milliseconds(20)

    /// Asks for one slot on `host` at `now` (time on the caller's clock) for an instance of a
    /// fleet of `fleetSize`; a granted slot is given back with ``release(host:)``.
    mutating func take(host: String, policy: HostPolicy, fleetSize: Int, now: Duration) -> SharedBudgetDecision {
        let size = Double(max(1, fleetSize))
        let slots = max(1, policy.maxConcurrent / max(1, fleetSize))
        let rate = max(policy.requestsPerSecond, 0.001) / size
        let burst = max(1, Double(policy.burst) / size).rounded(.down)
        var state = hosts[host] ?? Host(tokens: burst, updatedAt: now)
        let elapsed = now - state.updatedAt
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        state.tokens = min(burst, state.tokens + seconds * rate)
        state.updatedAt = now
        defer { hosts[host] = state }
        guard state.inFlight < slots else { return .busy(retryIn: Self.busyRetry) }
        guard state.tokens >= 1 else { return .overRate(retryIn: .seconds((1 - state.tokens) / rate)) }
        state.tokens -= 1
        state.inFlight += 1
        return .granted(slot: "local:" + host)
    }

    /// Counts a call the fleet's shared budget granted: when Redis then fails, the calls still
    /// under way take their place in this instance's share.
    mutating func noteShared(host: String, policy: HostPolicy, now: Duration) {
        var state = hosts[host] ?? Host(tokens: Double(policy.burst), updatedAt: now)
        state.inFlight += 1
        hosts[host] = state
    }

    /// Gives back a slot ``take(host:policy:fleetSize:now:)`` granted, or one that
    /// ``noteShared(host:policy:now:)`` counted.
    mutating func release(host: String) {
        guard var state = hosts[host] else { return }
        state.inFlight = max(0, state.inFlight - 1)
        hosts[host] = state
    }

    /// The calls on `host` this share has in flight.
    func inFlight(on host: String) -> Int { hosts[host]?.inFlight ?? 0 }
}
