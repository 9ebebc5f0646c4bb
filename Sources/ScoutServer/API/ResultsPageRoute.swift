import Foundation
import HTTPServer
import Localization
import Providers
import ScoutModels

/// `GET /search?q=…&source=…&lang=…&cursor=…`: the results page rendered on the server, for
/// browsers without JavaScript (the page's form submits here). Same gateway, cache and limits
/// as the JSON API — `lang` too: a Wikipedia's code, refused as the API refuses it; errors
/// become a page with the same sentence and status.
struct ResultsPageRoute: Sendable {
    let api: SearchAPI
    /// How long the All page waits for its sources (`/api/v1/multisearch`'s deadline).
    let multisearchDeadline: Duration

    var handler: Handler {
        .deferred { request in
            // In the reader's language (PageLanguage): Vary and Content-Language on every reply.
            let choice = PageLanguage(request)
            var response = await page(for: request, in: Messages(choice.language))
            for field in choice.headers { response.headers[field.name] = field.value }
            return response
        }
    }

    func page(for request: Request, in messages: Messages = Messages(.english)) async -> Response {
        let text = request.query["q"] ?? ""
        let sourceName = request.query["source"] ?? SourceID.wikipedia.rawValue
        let sources = api.catalog.entries.map {
            PageSource(id: $0.id.rawValue, name: $0.name, isConfigured: $0.provider != nil, message: $0.problem)
        }
        // The language shown in the menu and kept in links: the one asked when it is a
        // Wikipedia's (else the parse below refuses it), or the server's default.
        let editions = api.catalog.wikipedia?.editions
        let asked = request.query["lang"].flatMap { WikipediaLanguages.contains($0) ? $0 : nil }
        let menu = Menu(
            language: asked ?? editions?.defaultLanguage, languages: editions == nil ? [] : WikipediaLanguages.codes)
        guard (try? SearchQuery(text))?.isEmpty == false else {
            if text.isEmpty {
                // The bare form, unless its lang names no Wikipedia: that is said, as with a query.
                do { _ = try SearchAPI.language(request.query["lang"], source: .wikipedia) } catch {
                    return failure(
                        error, query: text, source: sourceName, sources: sources, menu: menu, messages: messages)
                }
                return .html(
                    ResultsPage.render(
                        query: "", source: sourceName, sources: sources, outcome: .start, language: menu.language,
                        languages: menu.languages, messages: messages))
            }
            return failure(
                api.parseError(request.query), query: text, source: sourceName, sources: sources, menu: menu,
                messages: messages)
        }
        if sourceName == Self.allSources {
            return await allPage(for: request, sources: sources, menu: menu, messages: messages)
        }
        do {
            let parameters =
                api.gateway.fleet.isShared ? try await api.admitThroughFleet(request) : try api.admit(request)
            let reply = try await api.reply(for: parameters)
            let items = pageItems(reply, source: parameters.entry.id)
            return .html(
                ResultsPage.render(
                    query: reply.query.text, source: parameters.entry.id.rawValue, sources: sources,
                    outcome: .results(
                        items: items, next: reply.page.nextCursor?.rawValue, suggestion: reply.page.suggestion),
                    language: parameters.key.language ?? menu.language, languages: menu.languages, messages: messages))
        } catch {
            return failure(error, query: text, source: sourceName, sources: sources, menu: menu, messages: messages)
        }
    }

    /// A reply's results as the page shows them, thumbnails through this server's proxy.
    func pageItems(_ reply: SearchGateway.Reply, source: SourceID) -> [PageItem] {
        reply.page.items.map { item in
            PageItem(
                id: item.id, title: item.title, description: item.description,
                thumbnail: item.thumbnail.flatMap { thumbnail in
                    api.thumbnails.proxiedPath(for: thumbnail.url, source: source).map {
                        PageThumbnail(url: $0, width: thumbnail.width, height: thumbnail.height)
                    }
                },
                link: item.link.absoluteString, language: item.language)
        }
    }

    /// The language menu of a page: the language selected and the codes offered.
    struct Menu {
        let language: String?
        let languages: [String]
    }

    func failure(
        _ error: (any Error)?, query: String, source: String, sources: [PageSource], menu: Menu, messages: Messages
    ) -> Response {
        let gatewayError =
            error as? GatewayError
            ?? GatewayError(
                status: 500, code: "internal_error", message: HTTPError.internalError.message, source: nil,
                retryAfter: nil)
        var response = Response.html(
            ResultsPage.render(
                query: query, source: source, sources: sources,
                outcome: .failure(
                    message: gatewayError.message,
                    retryAfter: gatewayError.retryAfter.map(GatewayError.wholeSeconds)),
                language: menu.language, languages: menu.languages, messages: messages),
            status: gatewayError.status)
        for field in gatewayError.headers { response.headers[field.name] = field.value }
        return response
    }
}
