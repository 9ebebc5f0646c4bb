import BookCatalog
import HTTPServer
import ScoutModels

/// The monitoring part of a ``ScoutApp``: `/healthz` (the same prepared reply every time),
/// `/readyz` (the catalog and Redis, each asked within a bound) and `/metrics` (every counter
/// of ``ScoutMetrics``, the image loader's and the fleet's size).
///
/// ```swift
/// AppMonitoring(metrics: metrics, books: books, fleet: fleet, images: images, gateway: gateway, clock: clock)
///     .register(in: &router)
/// ```
struct AppMonitoring: Sendable {
    let metrics: ScoutMetrics
    let books: CatalogConnection?
    let fleet: AppFleet
    let images: AppImages
    let gateway: SearchGateway
    /// Bounds `/readyz`'s checks.
    let clock: any Clock<Duration>

    func register(in router: inout Router) {
        // Asked every few seconds by each load balancer: built into a reply once.
        let health = (try? Response.json(Health())).flatMap(\.bodyBytes).map {
            PreparedResponse(headers: ["Content-Type": "application/json"], body: SharedBytes($0))
        }
        router.add(.get, "/healthz", immediate: { _ in health?.response ?? .text("ok") })
        router.add(.get, "/readyz", handler: ReadinessRoute(books: books, redis: fleet.redis, clock: clock).handler)
        let state = fleet.state
        let gateway = gateway
        router.add(
            .get, "/metrics",
            handler: MetricsRoute(
                metrics: metrics, images: images.proxy, upstreamSearches: { gateway.upstreamCalls },
                fleetSize: { state.fleetSize }
            ).handler)
    }
}

/// The `/healthz` reply; encoded once, since it never changes while the process runs.
struct Health: Encodable {
    var status = "ok"
    var version = ScoutVersion.current
}
