/// The part of each host's budget that several processes share — a fleet of `scout serve`
/// behind one load balancer owes Wikimedia 3 concurrent requests in all, not 3 each.
///
/// An ``APIClient`` whose configuration has one asks it after its own (per-process)
/// ``HostPolicy`` admitted a call: for one of the fleet's `maxConcurrent` slots, a token of
/// the fleet's rate, and whether another process was told to wait (`Retry-After`) or saw the
/// host's breaker open. It tells it when the call ends and when the host asks for a pause. An
/// implementation that cannot reach its shared store must still answer — from a local share
/// of the budget — so a call never fails because the store is down.
///
/// ```swift
/// var configuration = APIClient.Configuration(userAgent: agent)
/// configuration.sharedBudget = fleetBudget   // ScoutServer's, on Redis
/// ```
public protocol SharedHostBudget: Sendable {
    /// Asks for one slot on `host` for at most `lease` (a crashed process's slot comes back
    /// after it).
    func acquire(host: String, policy: HostPolicy, lease: Duration) async -> SharedBudgetDecision

    /// Gives back a slot ``acquire(host:policy:lease:)`` granted.
    func release(host: String, slot: String) async

    /// Tells every process that `host` must not be called for `duration`.
    func block(host: String, for duration: Duration, reason: SharedBudgetDecision.BlockReason) async
}

/// What a ``SharedHostBudget`` says about one call.
public enum SharedBudgetDecision: Sendable, Equatable {
    /// Why no call may go to a host for a while.
    public enum BlockReason: String, Sendable, Equatable {
        /// The host answered `Retry-After`.
        case retryAfter
        /// The host's circuit breaker opened in some process.
        case breakerOpen
    }

    /// Go ahead; give `slot` back when the call ends.
    case granted(slot: String)
    /// Every slot is taken: ask again in `retryIn`.
    case busy(retryIn: Duration)
    /// The fleet's rate is spent: a token comes in `retryIn`.
    case overRate(retryIn: Duration)
    /// No call may go to the host for `remaining`.
    case blocked(remaining: Duration, reason: BlockReason)
}
