import Networking

/// The fleet of one: nothing is shared, so every lease is the caller's, nothing is published
/// and the upstream budget is the process's own ``Networking/HostPolicy``. Per-client limits
/// are this process's token buckets.
///
/// ```swift
/// let fleet = LocalFleetState(limiter: ClientRateLimiter(requestsPerSecond: 10, burst: 30))
/// ```
final class LocalFleetState: FleetState {
    let limiter: ClientRateLimiter

    init(limiter: ClientRateLimiter) { self.limiter = limiter }

    var isShared: Bool { false }

    /// A lone process is a fleet of one.
    var fleetSize: Int { 1 }

    func claim(_ key: String, token: String, lease: Duration) async -> FleetClaim { .lead }

    func publish(_ page: [UInt8], for key: String, token: String, lifetime: Duration, staleLifetime: Duration) async {}

    func release(_ key: String, token: String) async {}

    func stalePage(for key: String) async -> [UInt8]? { nil }

    func admit(client: String) async -> Duration? { limiter.admit(client) }

    func acquire(host: String, policy: HostPolicy, lease: Duration) async -> SharedBudgetDecision {
        .granted(slot: "")
    }

    func release(host: String, slot: String) async {}

    func block(host: String, for duration: Duration, reason: SharedBudgetDecision.BlockReason) async {}
}
