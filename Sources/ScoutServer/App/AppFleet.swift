import Redis

/// The fleet part of a ``ScoutApp``: the Redis client the configuration names, if any, and the
/// state shared through it — ``RedisFleetState`` with Redis, ``LocalFleetState`` (a fleet of
/// one) without.
///
/// ```swift
/// let fleet = AppFleet(configuration: configuration, limiter: limiter, metrics: metrics)
/// fleet.state.fleetSize  // 1 without Redis
/// ```
struct AppFleet: Sendable {
    /// The Redis client of the fleet's shared state; nil when the configuration names none.
    let redis: RedisClient?
    /// What this instance shares with the others (or keeps alone).
    let state: any FleetState

    /// - Parameters:
    ///   - limiter: the instance's own client buckets, which the fleet falls back to.
    ///   - metrics: the Redis client reports each call's round trip and failure to it.
    init(configuration: ScoutServerConfiguration, limiter: ClientRateLimiter, metrics: ScoutMetrics) {
        let fleet = configuration.fleet
        let redis = fleet.redisURL.map { url in
            RedisClient(
                url: url, connections: 4,
                configuration: RedisConfiguration(
                    connectTimeout: fleet.commandTimeout * 2, commandTimeout: fleet.commandTimeout,
                    maximumReconnectDelay: .seconds(2), clock: configuration.clock, observer: metrics.redis))
        }
        self.redis = redis
        state =
            redis.map { redis in
                RedisFleetState(
                    client: redis, prefix: fleet.keyPrefix, limiter: limiter,
                    clientRate: (configuration.clientRequestsPerSecond, configuration.clientBurst),
                    fleetSize: fleet.minimumFleetSize, heartbeatInterval: fleet.heartbeatInterval,
                    slotLease: fleet.slotLeaseLifetime, clock: configuration.clock)
            } ?? LocalFleetState(limiter: limiter)
    }
}
