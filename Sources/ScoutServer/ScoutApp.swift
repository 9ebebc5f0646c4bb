import BookCatalog
import Foundation
import HTTPServer
import ImageLoading
import Localization
import Networking
import Redis
import ScoutModels

/// Scout's HTTP application: the web page, the JSON API, the image proxy, `/healthz`,
/// `/readyz` and `/metrics` (its router reports every request to them), on
/// top of ``HTTPServer``. One instance serves every browser: its cache, coalescing and upstream
/// budgets are shared by all of them — and, with Redis, by every instance of its fleet.
///
/// ```swift
/// let app = ScoutApp(configuration: ScoutServerConfiguration())
/// try await Server.withRunning(serverConfiguration, responder: app.router) { server in … }
/// ```
public struct ScoutApp: Sendable {
    /// The embedded web assets (pages, styles, scripts, the OpenAPI document).
    public static let assets = StaticAssets(EmbeddedAssets.files)

    /// `/` in each language: the `index.html` template rendered once (``IndexPage``).
    static let indexPages = IndexPage.renderAll(
        template: String(decoding: EmbeddedAssets.files["index.html"] ?? [], as: UTF8.self))

    /// The HTML of `/` in `language`, as a reader of it gets it (for tests and screenshots).
    public static func indexHTML(in language: Language) -> String { indexPages[language]?.html ?? "" }

    public let router: Router
    /// Counts upstream searches, for tests, metrics and the coalescing benchmark.
    public let gatewayStatistics: @Sendable () -> Int

    /// The Redis client of the fleet's shared state, when the configuration names one.
    public let redis: RedisClient?

    /// - Parameters:
    ///   - configuration: with ``ScoutServerConfiguration/fleet``'s Redis, the instance shares
    ///     its cache, coalescing, client limits and upstream budgets with every instance using it.
    ///   - books: the book catalog behind `/map`, `/api/v1/books/…` and the `books` source of
    ///     `/api/v1/search`; nil answers 503 there and leaves the source out.
    ///   - client: sends every upstream search; by default one with Scout's host policies on
    ///     ``Networking/PlatformTransport/shared`` (the transport benchmark passes its own). The
    ///     app searches through a copy that also asks the fleet's budget.
    public init(configuration: ScoutServerConfiguration, books: (any BookStore)? = nil, client: APIClient? = nil) {
        self.init(configuration: configuration, catalog: books.map(CatalogConnection.init(store:)), client: client)
    }

    /// The app over a catalog that may not be open yet (``CatalogConnection``): its book routes
    /// and `/readyz` say why until it opens, then serve it.
    ///
    /// ```swift
    /// let app = ScoutApp(configuration: configuration, catalog: CatalogConnection { try await open() })
    /// ```
    public init(configuration: ScoutServerConfiguration, catalog books: CatalogConnection?, client: APIClient? = nil) {
        let limiter = ClientRateLimiter(
            requestsPerSecond: configuration.clientRequestsPerSecond, burst: configuration.clientBurst,
            clock: configuration.clientLimitClock)
        let limit = ClientLimit(limiter: limiter, clients: configuration.clientAddress)
        let page = { (handler: Handler) in limit.guarding(handler, cost: RouteCost.page) }
        let fleetConfiguration = configuration.fleet
        let metrics = ScoutMetrics()
        let redis = fleetConfiguration.redisURL.map { url in
            RedisClient(
                url: url, connections: 4,
                configuration: RedisConfiguration(
                    connectTimeout: fleetConfiguration.commandTimeout * 2,
                    commandTimeout: fleetConfiguration.commandTimeout, maximumReconnectDelay: .seconds(2),
                    observer: metrics.redis))
        }
        let fleet: any FleetState =
            redis.map { redis in
                RedisFleetState(
                    client: redis, prefix: fleetConfiguration.keyPrefix, limiter: limiter,
                    clientRate: (configuration.clientRequestsPerSecond, configuration.clientBurst),
                    fleetSize: fleetConfiguration.minimumFleetSize,
                    heartbeatInterval: fleetConfiguration.heartbeatInterval,
                    slotLease: fleetConfiguration.slotLeaseLifetime)
            } ?? LocalFleetState(limiter: limiter)
        let client = (client ?? APIClient(configuration: .init(userAgent: configuration.userAgent))).sharing(fleet)
            .reporting(to: metrics.upstream)
        let catalog = SourceCatalog(configuration: configuration, client: client, books: books)
        metrics.upstream.name(catalog.entries.filter { !$0.isLocal }.map { ($0.name, $0.id.rawValue) })
        let routes = ImageRoutes(configuration: configuration)
        let imageOrigins = routes.origins
        let thumbnails = routes.thumbnails
        let images = ImageProxy(
            origins: imageOrigins,
            allowlist: ImageAllowlist(origins: imageOrigins, explicitEntries: configuration.extraImageHosts),
            configuration: .init(
                userAgent: configuration.userAgent, memoryCapacity: configuration.imageMemoryCapacity,
                diskDirectory: configuration.imageCacheDirectory?.appending(path: "images", directoryHint: .isDirectory)
            ))
        let gateway = SearchGateway(
            timeToLive: configuration.searchCacheTimeToLive,
            localTimeToLive: configuration.localSearchCacheTimeToLive, staleLifetime: fleetConfiguration.staleLifetime,
            leaseLifetime: fleetConfiguration.leaseLifetime, capacity: configuration.searchCacheCapacity,
            clock: configuration.searchClock, fleet: fleet, metrics: metrics.search,
            render: { page, query, source in SearchAPI.render(page, query, source, thumbnails: thumbnails) })
        let api = SearchAPI(
            catalog: catalog, gateway: gateway, limit: limit,
            thumbnails: thumbnails)

        var router = Router()
        // Asked every few seconds by each load balancer: built into a reply once.
        let health = (try? Response.json(Health())).flatMap(\.bodyBytes).map {
            PreparedResponse(headers: ["Content-Type": "application/json"], body: SharedBytes($0))
        }
        router.add(.get, "/healthz", immediate: { _ in health?.response ?? .text("ok") })
        router.add(.get, "/readyz", handler: ReadinessRoute(books: books, redis: redis).handler)
        let fleetSize: @Sendable () -> Int = { (fleet as? RedisFleetState)?.fleetSize ?? 1 }
        router.add(
            .get, "/metrics",
            handler: MetricsRoute(
                metrics: metrics, images: images, upstreamSearches: { gateway.upstreamCalls },
                fleetSize: fleetSize
            ).handler)
        let indexPages = Self.indexPages
        router.add(
            .get, "/",
            handler: page(
                .immediate { request in
                    let choice = PageLanguage(request)
                    return indexPages[choice.language]?.response(for: request, choice: choice)
                        ?? Self.assets.response(forPath: "index.html", request: request)
                }))
        router.add(
            .get, "/api/openapi.json",
            handler: page(.immediate { request in Self.assets.response(forPath: "openapi.json", request: request) }))
        router.add(.get, "/api/v1/sources", handler: page(api.sourcesHandler))
        router.add(.get, "/api/v1/search", handler: api.handler)
        router.add(.get, "/api/v1/wikipedia/counts", handler: LanguageCountsRoute(api: api).handler)
        router.add(.get, "/search", handler: ResultsPageRoute(api: api).handler)
        router.add(
            .get, "/map",
            handler: limit.guarding(MapRoute(books: books).handler, cost: RouteCost.map, takingTurns: true))
        BooksAPI(books: books, thumbnails: thumbnails).register(in: &router, limit: limit)
        router.add(.get, "/img/:source/*key", handler: limit.guarding(images.handler, cost: RouteCost.image))
        router.mount(Self.assets, at: "/static", wrap: page)
        router.observer = metrics.requests
        self.router = router
        gatewayStatistics = { gateway.upstreamCalls }
        self.redis = redis
    }
}

/// The `/healthz` reply; encoded once, since it never changes while the process runs.
struct Health: Encodable {
    var status = "ok"
    var version = ScoutVersion.current
}
