import Redis

/// How one instance joins a fleet of `scout serve` sharing one Redis (issue #15): where Redis
/// is, the namespace of its keys, and the fleet size it assumes when Redis does not answer.
///
/// ```swift
/// configuration.fleet.redisURL = try RedisURL("redis://127.0.0.1:6379/0")
/// ```
public struct FleetConfiguration: Sendable {
    /// The Redis the fleet shares (`SCOUT_REDIS` or `--redis`); nil: this process is the whole fleet.
    public var redisURL: RedisURL?
    /// The prefix of every key Scout writes: separate fleets (or tests) can share one Redis.
    public var keyPrefix = "scout:"
    /// The fewest instances this one assumes when it falls back to its share of a budget
    /// (`--fleet-size`, `SCOUT_FLEET_SIZE`); the live instances' heartbeats may say more.
    public var minimumFleetSize = 1
    /// How often the instance writes its heartbeat, whatever the traffic; one counts for five
    /// intervals, so a killed instance leaves the fleet's size within 10 s by default.
    public var heartbeatInterval = Duration.seconds(2)
    /// How long an upstream slot is leased at a time; the instance renews it while its call
    /// runs, so a killed instance's slots come back within this (plus a third of it).
    public var slotLeaseLifetime = Duration.seconds(1)
    /// How long a search's lease lasts: past it, another instance takes the search over.
    public var leaseLifetime = Duration.seconds(5)
    /// How long a search's answer is kept to serve, marked stale, when the upstream fails.
    public var staleLifetime = Duration.seconds(86_400)
    /// Each Redis command's timeout: past it, the instance answers from its own state.
    public var commandTimeout = Duration.milliseconds(250)

    /// No Redis: a fleet of one.
    public init(redisURL: RedisURL? = nil) { self.redisURL = redisURL }
}
