import Foundation
import Networking
import ScoutModels

extension WikipediaProvider {
    /// Prefix search with thumbnails and descriptions, and `list=search` riding along for
    /// "did you mean" — one request.
    func prefixEndpoint(_ query: SearchQuery, offset: Int, limit: Int) -> Endpoint<WikipediaQueryResponse> {
        endpoint([
            ("generator", "prefixsearch"), ("gpssearch", query.text), ("gpsnamespace", "0"),
            ("gpslimit", "\(limit)"), ("gpsoffset", "\(offset)"),
            ("list", "search"), ("srsearch", query.text), ("srnamespace", "0"), ("srwhat", "text"),
            ("srinfo", "suggestion"), ("srprop", ""), ("srlimit", "1"),
        ])
    }

    /// Full-text search, used to fill up a short prefix result and to continue past it.
    func fullTextEndpoint(_ query: SearchQuery, offset: Int, limit: Int) -> Endpoint<WikipediaQueryResponse> {
        endpoint([
            ("generator", "search"), ("gsrsearch", query.text), ("gsrnamespace", "0"), ("gsrwhat", "text"),
            ("gsrlimit", "\(limit)"), ("gsroffset", "\(offset)"), ("gsrinfo", "totalhits"), ("gsrprop", ""),
        ])
    }

    private func endpoint(_ specific: [(String, String)]) -> Endpoint<WikipediaQueryResponse> {
        let common: [(String, String)] = [
            ("action", "query"), ("format", "json"), ("formatversion", "2"), ("redirects", "1"),
            ("prop", "pageimages|pageterms|description"), ("piprop", "thumbnail"),
            ("pithumbsize", "\(thumbnailWidth)"), ("pilimit", "50"), ("wbptterms", "description"),
        ]
        let source = displayName
        return Endpoint(
            source: source, url: apiURL, query: (common + specific).map { (name: $0.0, value: $0.1) },
            deadline: deadline, maxResponseBytes: 2 * 1024 * 1024,
            decode: { data in try Self.decode(data, source: source) })
    }

    /// Decodes a reply; MediaWiki's error shapes become ``APIError``s.
    static func decode(_ data: Data, source: String) throws -> WikipediaQueryResponse {
        let reply = try JSONDecoder().decode(WikipediaQueryResponse.self, from: data)
        try MediaWikiErrors.check(classic: reply.error, modern: reply.errors, source: source)
        return reply
    }
}
