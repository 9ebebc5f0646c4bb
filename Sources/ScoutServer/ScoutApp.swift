import HTTPServer
import ScoutModels

/// Scout's HTTP application: its routes on top of ``HTTPServer``.
///
/// ```swift
/// let app = ScoutApp()
/// try await Server.withRunning(configuration, responder: app.router) { server in … }
/// ```
public struct ScoutApp: Sendable {
    /// The embedded web assets (pages, styles, scripts).
    public static let assets = StaticAssets(EmbeddedAssets.files)

    public let router: Router

    public init() {
        var router = Router()
        let health = try? Response.json(Health())
        router.add(.get, "/healthz", immediate: { _ in health ?? .text("ok") })
        router.add(
            .get, "/",
            immediate: { request in
                Self.assets.response(forPath: "index.html", request: request)
            })
        router.mount(Self.assets, at: "/static")
        self.router = router
    }
}

/// The `/healthz` reply; encoded once, since it never changes while the process runs.
struct Health: Encodable {
    var status = "ok"
    var version = ScoutVersion.current
}
