import HTTPServer
import Localization

/// The reader's routes of a ``ScoutApp``: the page (`/`, `/search`, `/static/…`), the JSON API
/// (`/api/…`), the books (`/map`, `/api/v1/books/…`) and the images (`/img/…`), each behind
/// the client's limit at its ``RouteCost``.
///
/// ```swift
/// AppRoutes(api: api, books: books, images: images, limit: limit, multisearchDeadline: .seconds(4))
///     .register(in: &router)
/// ```
struct AppRoutes: Sendable {
    let api: SearchAPI
    let books: CatalogConnection?
    let images: AppImages
    let limit: ClientLimit
    /// How long `/api/v1/multisearch` waits for its sources.
    let multisearchDeadline: Duration

    func register(in router: inout Router) {
        let limit = limit
        let page = { (handler: Handler) in limit.guarding(handler, cost: RouteCost.page) }
        let indexPages = ScoutApp.indexPages
        let assets = ScoutApp.assets
        router.add(
            .get, "/",
            handler: page(
                .immediate { request in
                    let choice = PageLanguage(request)
                    return indexPages[choice.language]?.response(for: request, choice: choice)
                        ?? assets.response(forPath: "index.html", request: request)
                }))
        router.add(
            .get, "/api/openapi.json",
            handler: page(.immediate { request in assets.response(forPath: "openapi.json", request: request) }))
        router.add(.get, "/api/v1/sources", handler: page(api.sourcesHandler))
        router.add(.get, "/api/v1/search", handler: api.handler)
        router.add(
            .get, "/api/v1/multisearch", handler: MultisearchRoute(api: api, deadline: multisearchDeadline).handler)
        router.add(.get, "/api/v1/wikipedia/counts", handler: LanguageCountsRoute(api: api).handler)
        router.add(
            .get, "/search", handler: ResultsPageRoute(api: api, multisearchDeadline: multisearchDeadline).handler)
        router.add(
            .get, "/map",
            handler: limit.guarding(MapRoute(books: books).handler, cost: RouteCost.map, takingTurns: true))
        BooksAPI(books: books, thumbnails: api.thumbnails).register(in: &router, limit: limit)
        router.add(.get, "/img/:source/*key", handler: limit.guarding(images.proxy.handler, cost: RouteCost.image))
        router.mount(assets, at: "/static", wrap: page)
    }
}
