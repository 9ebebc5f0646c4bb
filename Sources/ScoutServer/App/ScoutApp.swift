import BookCatalog
import Foundation
import HTTPServer
import Localization
import Networking
import Redis

/// Scout's HTTP application: the web page, the JSON API, the image proxy, `/healthz`,
/// `/readyz` and `/metrics` (its router reports every request to them), on
/// top of ``HTTPServer``. One instance serves every browser: its cache, coalescing and upstream
/// budgets are shared by all of them — and, with Redis, by every instance of its fleet.
///
/// ```swift
/// let app = ScoutApp(configuration: ScoutServerConfiguration(clock: ContinuousClock()))
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
            clock: configuration.clock)
        let limit = ClientLimit(limiter: limiter, clients: configuration.clientAddress)
        let metrics = ScoutMetrics()
        let fleet = AppFleet(configuration: configuration, limiter: limiter, metrics: metrics)
        let catalog = AppCatalog(
            configuration: configuration, client: client, books: books, fleet: fleet, metrics: metrics)
        let images = AppImages(configuration: configuration)
        let gateway = SearchGateway(
            configuration: configuration, fleet: fleet.state, metrics: metrics, thumbnails: images.thumbnails)
        let api = SearchAPI(catalog: catalog.sources, gateway: gateway, limit: limit, thumbnails: images.thumbnails)
        var router = Router()
        AppMonitoring(
            metrics: metrics, books: books, fleet: fleet, images: images, gateway: gateway, clock: configuration.clock
        ).register(in: &router)
        AppRoutes(
            api: api, books: books, images: images, limit: limit,
            multisearchDeadline: configuration.multisearchDeadline ?? configuration.upstreamDeadline + .seconds(1)
        ).register(in: &router)
        router.observer = metrics.requests
        self.router = router
        gatewayStatistics = { gateway.upstreamCalls }
        self.redis = fleet.redis
    }
}
