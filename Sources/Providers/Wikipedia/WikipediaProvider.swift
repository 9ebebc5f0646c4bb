import Foundation
import Networking
import ScoutModels

/// Wikipedia articles through the MediaWiki action API: one request per search — prefix search
/// with images and descriptions, and full-text search (`list=search`) riding along for "did you
/// mean" and to fill up a first page the prefix search leaves short.
///
/// MediaWiki adds page properties only to a request's generator pages, so the fill's rows come
/// with titles but without images and descriptions; a second request would bring them, at the
/// price of a second round trip or, sent at once, twice the requests per search. Pages after the
/// first continue the full-text search with images and descriptions.
///
/// ```swift
/// let wikipedia = try WikipediaProvider(client: client, language: "de")
/// let page = try await wikipedia.search(try SearchQuery("Zürich"), cursor: nil, limit: 10)
/// ```
public struct WikipediaProvider: SearchProvider {
    public let source = SourceID.wikipedia
    public let displayName = "Wikipedia"

    public let client: APIClient
    /// The code of the Wikipedia searched (`en`, `zh-yue`), one of ``WikipediaLanguages``.
    public let language: String
    /// The API endpoint, such as `https://en.wikipedia.org/w/api.php`.
    public let apiURL: URL
    /// Thumbnails are requested at the standard width at least this wide.
    public let thumbnailWidth: Int
    /// Links to the wiki's pages, made from `apiURL`.
    let articleLinks: WikipediaLinks.ArticleLinks
    public let deadline: Duration
    /// The BCP 47 tag its articles are marked with (`simple`, Simple English, is `en`).
    let articleLanguage: String?

    /// The default API address; `{lang}` is replaced by the language code.
    public static let defaultAPITemplate = "https://{lang}.wikipedia.org/w/api.php"

    /// - Parameters:
    ///   - apiTemplate: the `http(s)` address of a MediaWiki `api.php`, with an optional `{lang}`
    ///     placeholder for the language code.
    ///   - language: a Wikipedia language code (`en`, `de`, `zh-yue` …), one of
    ///     ``WikipediaLanguages``: anything else is refused, so a code from outside can never
    ///     make the provider ask a host that is not a Wikipedia.
    public init(
        client: APIClient, language: String = "en", apiTemplate: String = defaultAPITemplate,
        thumbnailWidth: Int = 120, deadline: Duration = .seconds(3)
    ) throws(WikipediaConfigurationError) {
        guard WikipediaLanguages.contains(language) else { throw .invalidLanguage(language) }
        let address = apiTemplate.replacingOccurrences(of: "{lang}", with: language)
        guard let url = URL(string: address), let scheme = url.scheme, ["http", "https"].contains(scheme),
            url.host != nil
        else { throw .invalidAPIAddress(address) }
        guard let articleLinks = WikipediaLinks.ArticleLinks(apiURL: url) else { throw .invalidAPIAddress(address) }
        self.client = client
        self.language = language
        self.apiURL = url
        self.articleLinks = articleLinks
        self.thumbnailWidth = WikipediaLinks.snappedWidth(thumbnailWidth)
        self.deadline = deadline
        articleLanguage = LanguageTag.normalized(language == "simple" ? "en" : language)
    }

    public func search(_ query: SearchQuery, cursor: SearchCursor?, limit: Int) async throws -> SearchPage {
        guard !query.isEmpty else { return SearchPage(items: [], nextCursor: nil) }
        let limit = min(max(limit, 1), 50)
        // A cursor this provider did not write starts over: only a server checks what clients
        // send back (readCursor), and a library caller passes back what it was given.
        switch cursor.flatMap({ WikipediaCursor($0.rawValue) }) ?? .prefix(0) {
        case .prefix(0):
            return try await firstPage(query, limit: limit)
        case .prefix(let offset):
            let reply = try await client.send(prefixEndpoint(query, offset: offset, limit: limit))
            let next = reply.continue?.gpsoffset.flatMap { WikipediaCursor.prefix($0).next }
            return SearchPage(items: items(from: reply), nextCursor: next)
        case .fullText(let offset, let shown):
            let reply = try await client.send(fullTextEndpoint(query, offset: offset, limit: limit))
            let items = items(from: reply).filter { !shown.contains($0.id) }
            let next = reply.continue?.gsroffset.flatMap { WikipediaCursor.fullText($0, excluding: shown).next }
            return SearchPage(
                items: items, nextCursor: next, suggestion: nil, total: reply.query?.searchinfo?.totalhits)
        }
    }

    /// Prefix matches first; when they are fewer than a page (and so all of them), the full-text
    /// hits that rode along fill it up, and later pages continue the full-text search, skipping
    /// the prefix matches, which the cursor carries.
    private func firstPage(_ query: SearchQuery, limit: Int) async throws -> SearchPage {
        let reply = try await client.send(firstPageEndpoint(query, limit: limit))
        let prefixItems = items(from: reply)
        let suggestion = reply.query?.searchinfo?.suggestion.flatMap { $0.isEmpty ? nil : $0 }
        if let next = reply.continue?.gpsoffset {
            return SearchPage(
                items: prefixItems, nextCursor: WikipediaCursor.prefix(next).next, suggestion: suggestion)
        }
        guard prefixItems.count < limit else {
            return SearchPage(items: prefixItems, nextCursor: nil, suggestion: suggestion)
        }
        let shown = Set(prefixItems.map(\.id))
        let fill = fillItems(from: reply).filter { !shown.contains($0.id) }
        let next = reply.continue?.sroffset.flatMap { WikipediaCursor.fullText($0, excluding: shown).next }
        return SearchPage(
            items: prefixItems + fill.prefix(limit - prefixItems.count), nextCursor: next, suggestion: suggestion,
            total: reply.query?.searchinfo?.totalhits)
    }

    /// Pages in rank order: a page reached through a redirect takes the redirect's rank.
    func items(from reply: WikipediaQueryResponse) -> [SearchItem] {
        guard let query = reply.query else { return [] }
        var redirectRank: [String: Int] = [:]
        for redirect in query.redirects {
            if let index = redirect.index { redirectRank[redirect.to] = min(redirectRank[redirect.to] ?? .max, index) }
        }
        let ranked = query.pages.compactMap { page -> (Int, SearchItem)? in
            guard page.ns ?? 0 == 0, !page.title.isEmpty,
                let link = articleLinks.url(title: page.title)
            else { return nil }
            let description = (page.description ?? page.terms?.description?.first)
                .map(TextTrimming.trimmed)
                .flatMap { $0.isEmpty ? nil : $0 }
            let thumbnail = page.thumbnail.flatMap { thumbnail in
                URL(string: thumbnail.source).map {
                    Thumbnail(url: $0, width: thumbnail.width, height: thumbnail.height)
                }
            }
            let item = SearchItem(
                id: String(page.pageid), title: page.title, description: description, thumbnail: thumbnail,
                link: link, source: .wikipedia, details: SearchItem.details(language: articleLanguage))
            return (page.index ?? redirectRank[page.title] ?? .max, item)
        }
        return ranked.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The full-text hits of `list=search` in rank order, as items without image or description;
    /// a hit without a page id (only very old servers omit it) is left out.
    func fillItems(from reply: WikipediaQueryResponse) -> [SearchItem] {
        (reply.query?.search ?? []).compactMap { hit in
            guard let pageID = hit.pageid, hit.ns ?? 0 == 0, !hit.title.isEmpty,
                let link = articleLinks.url(title: hit.title)
            else { return nil }
            return SearchItem(
                id: String(pageID), title: hit.title, description: nil, thumbnail: nil, link: link, source: .wikipedia,
                details: SearchItem.details(language: articleLanguage))
        }
    }
}

/// Why a ``WikipediaProvider`` could not be set up.
public enum WikipediaConfigurationError: Error, Equatable, CustomStringConvertible {
    case invalidLanguage(String)
    case invalidAPIAddress(String)

    public var description: String {
        switch self {
        case .invalidLanguage(let code):
            "'\(code)' is not a Wikipedia language code; use one such as en, de or zh-yue (the code in its address)"
        case .invalidAPIAddress(let address):
            "'\(address)' is not an http(s) address for the Wikipedia API; give the address of its api.php, such as "
                + "https://{lang}.wikipedia.org/w/api.php"
        }
    }
}
