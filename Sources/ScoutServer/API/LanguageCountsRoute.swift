import Foundation
import HTTPServer
import Networking
import Providers
import ScoutModels

/// `GET /api/v1/wikipedia/counts?q=…&langs=de,fr,ja`: how many articles `q` finds in each of
/// up to ``maximumLanguages`` Wikipedias — what the page offers when a search found nothing in
/// the reader's chosen language.
///
/// Each count is the first page of that language's search, exactly as the page would ask it
/// (``SearchAPI/defaultLimit``, no cursor), through the same gateway: the same key (with its
/// language), cache, coalescing, fleet and stale copies, and the one Wikimedia budget — so
/// counting costs no more than the searches, and choosing a language offered is a cache hit.
/// The count is the search's `totalhits` when MediaWiki gave it (the first page was filled by
/// full-text search), else the page's articles, with `more` when a next page exists. A language
/// whose search fails has `found: null`; the others still count. Each language costs its
/// client one search from the token bucket.
struct LanguageCountsRoute: Sendable {
    let api: SearchAPI

    /// At most this many languages a request: each is an upstream search.
    static let maximumLanguages = 3

    var handler: Handler {
        .deferred { request in try await counts(for: request) }
    }

    func counts(for request: Request) async throws -> Response {
        guard let entry = api.catalog.wikipedia, let editions = entry.editions else {
            let problem = api.catalog.entry(SourceID.wikipedia.rawValue)?.problem
            throw GatewayError(
                status: 503, code: "source_not_configured",
                message: problem ?? "Wikipedia is not set up on this server.", source: .wikipedia, retryAfter: nil)
        }
        let query = try SearchTextParameter.read(
            request.query["q"], source: .wikipedia, whenEmpty: "Type something to count results for (the q parameter).")
        let languages = try Self.languages(request.query["langs"])
        try api.limit.admit(request, cost: RouteCost.search * Double(languages.count))
        let keys = try languages.map { language in
            (
                language,
                SearchGateway.Key(
                    source: .wikipedia, language: language, query: query, cursor: nil, limit: SearchAPI.defaultLimit),
                try SearchAPI.provider(of: entry, language: language, default: editions.defaultProvider)
            )
        }
        let counts = await withTaskGroup(of: (Int, LanguageCountsResponseBody.Count).self) { group in
            for (index, (language, key, provider)) in keys.enumerated() {
                group.addTask {
                    guard let reply = try? await api.gateway.search(key, provider: provider) else {
                        return (index, .init(lang: language, found: nil, more: false))
                    }
                    let page = reply.page
                    let found = page.total ?? page.items.count
                    return (
                        index, .init(lang: language, found: found, more: page.total == nil && page.nextCursor != nil)
                    )
                }
            }
            var counts: [(Int, LanguageCountsResponseBody.Count)] = []
            for await count in group { counts.append(count) }
            return counts.sorted { $0.0 < $1.0 }.map(\.1)
        }
        return try .json(LanguageCountsResponseBody(query: query.text, counts: counts))
    }

    /// `langs` read: 1 to ``maximumLanguages`` Wikipedia codes, comma-separated, repeats
    /// dropped; anything else is a 400 `bad_language` that says what to send.
    static func languages(_ text: String?) throws -> [String] {
        let names = (text ?? "").split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !(text ?? "").isEmpty, names.count <= maximumLanguages else {
            throw GatewayError.badRequest(
                "bad_language",
                "Name 1 to \(maximumLanguages) Wikipedia language codes in langs, separated by commas "
                    + "(langs=de,fr,ja).",
                source: .wikipedia)
        }
        var languages: [String] = []
        for name in names {
            guard WikipediaLanguages.contains(name) else { throw SearchAPI.badLanguage(name, source: .wikipedia) }
            if !languages.contains(name) { languages.append(name) }
        }
        return languages
    }
}
