/// The gateway of a ``ScoutApp``: its cache, leases and stale copies as the configuration sets
/// them, on the app's fleet, counted in its metrics, replies rendered with proxied thumbnails.
///
/// ```swift
/// let gateway = SearchGateway(configuration: configuration, fleet: fleet.state, metrics: metrics, thumbnails: links)
/// ```
extension SearchGateway {
    convenience init(
        configuration: ScoutServerConfiguration, fleet: any FleetState, metrics: ScoutMetrics,
        thumbnails: ThumbnailLinker
    ) {
        self.init(
            timeToLive: configuration.searchCacheTimeToLive,
            localTimeToLive: configuration.localSearchCacheTimeToLive,
            staleLifetime: configuration.fleet.staleLifetime, leaseLifetime: configuration.fleet.leaseLifetime,
            capacity: configuration.searchCacheCapacity, clock: configuration.clock, fleet: fleet,
            metrics: metrics.search,
            render: { page, query, source in SearchAPI.render(page, query, source, thumbnails: thumbnails) })
    }
}
