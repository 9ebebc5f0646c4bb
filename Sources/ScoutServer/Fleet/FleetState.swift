import Networking

/// What one Scout instance shares with the other instances of its fleet: the search cache,
/// the leases that coalesce identical searches, per-client limits and — as a
/// ``Networking/SharedHostBudget`` — the upstream budgets.
///
/// The gateway and the API run the same code with or without a fleet: ``LocalFleetState``
/// answers for a lone process (nothing shared, every lease its own), ``RedisFleetState``
/// shares through Redis. Every method answers even when the shared store does not — a lone
/// instance's answer then — so Redis being down is never a failed search.
///
/// ```swift
/// let fleet: any FleetState = redis.map { RedisFleetState(client: $0) } ?? LocalFleetState()
/// switch await fleet.claim("wikipedia|20|-1||dune", token: token, lease: .seconds(5)) { … }
/// ```
protocol FleetState: SharedHostBudget {
    /// Whether other instances share this state (false: one process is the whole fleet).
    var isShared: Bool { get }

    /// How many instances this one counts in its fleet (1: a lone process), for `/metrics`
    /// and each instance's share of the budgets.
    var fleetSize: Int { get }

    /// A fresh page some instance published under `key`, else the lease on searching it for
    /// `lease` (taken by `token`), else how long another holder keeps it.
    func claim(_ key: String, token: String, lease: Duration) async -> FleetClaim

    /// Publishes the encoded page `token` searched under its lease: fresh for `lifetime`, kept
    /// for stale-if-error for `staleLifetime`; frees the lease.
    func publish(_ page: [UInt8], for key: String, token: String, lifetime: Duration, staleLifetime: Duration) async

    /// Frees `token`'s lease on `key` without a page (the search failed).
    func release(_ key: String, token: String) async

    /// The last page published under `key` within its stale lifetime, fresh or not.
    func stalePage(for key: String) async -> [UInt8]?

    /// Takes a token of `client`'s bucket; nil when allowed, else the wait before the next one.
    func admit(client: String) async -> Duration?

    /// Takes a token of `client`'s bucket and, in the same round trip, looks for a fresh page
    /// published under `key` (taking no lease): what a search this instance has not cached asks
    /// first, so that a hit in the shared cache costs one round trip.
    func admit(client: String, peeking key: String) async -> PeekedAdmission

    /// Takes a token this instance already holds for `client`, without waiting for anyone;
    /// false when it holds none (then ``admit(client:)`` decides).
    func admitFromReserve(client: String) -> Bool
}

extension FleetState {
    /// A fleet of one holds no reserve: its buckets are its own, and ``admit(client:)`` never waits.
    func admitFromReserve(client: String) -> Bool { false }

    /// A fleet of one shares no pages: the client's own bucket decides.
    func admit(client: String, peeking key: String) async -> PeekedAdmission {
        PeekedAdmission(refusal: await admit(client: client))
    }
}

/// What ``FleetState/admit(client:peeking:)`` found.
enum PeekedAdmission: Sendable, Equatable {
    /// The client is over its limit; its next token comes after `retryAfter`.
    case refused(retryAfter: Duration)
    /// The client is admitted; with the fresh page some instance published, if there is one.
    case admitted(SharedPage?)

    /// Refused for `refusal` (``FleetState/admit(client:)``'s answer), or admitted without a page.
    init(refusal: Duration?) {
        self = refusal.map { .refused(retryAfter: $0) } ?? .admitted(nil)
    }
}

/// A page as the fleet shares it (``SharedPageCodec``), and how long it stays fresh.
struct SharedPage: Sendable, Equatable {
    let bytes: [UInt8]
    let remaining: Duration
}

/// What ``FleetState/claim(_:token:lease:)`` found.
enum FleetClaim: Sendable, Equatable {
    /// A fresh page.
    case page(SharedPage)
    /// The caller holds the lease: it searches and publishes.
    case lead
    /// Another instance searches; its lease lasts `remaining` more.
    case wait(remaining: Duration)
}
