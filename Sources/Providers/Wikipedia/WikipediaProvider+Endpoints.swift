import Foundation
import Networking
import ScoutModels

extension WikipediaProvider {
    /// A first page in one request: prefix search with thumbnails and descriptions, and
    /// full-text search riding along (`list=search`: titles and page ids only, since page
    /// properties apply to generator pages) for "did you mean" and for the fill.
    func firstPageEndpoint(_ query: SearchQuery, limit: Int) -> Endpoint<WikipediaQueryResponse> {
        endpoint(
            prefixParameters(query, offset: 0, limit: limit) + [
                ("list", "search"), ("srsearch", query.text), ("srnamespace", "0"), ("srwhat", "text"),
                ("srinfo", "suggestion|totalhits"), ("srprop", ""), ("srlimit", "\(limit)"),
            ])
    }

    /// Prefix search with thumbnails and descriptions, for the pages after the first.
    func prefixEndpoint(_ query: SearchQuery, offset: Int, limit: Int) -> Endpoint<WikipediaQueryResponse> {
        endpoint(prefixParameters(query, offset: offset, limit: limit))
    }

    /// Full-text search with thumbnails and descriptions, continuing past a filled first page.
    func fullTextEndpoint(_ query: SearchQuery, offset: Int, limit: Int) -> Endpoint<WikipediaQueryResponse> {
        endpoint([
            ("generator", "search"), ("gsrsearch", query.text), ("gsrnamespace", "0"), ("gsrwhat", "text"),
            ("gsrlimit", "\(limit)"), ("gsroffset", "\(offset)"), ("gsrinfo", "totalhits"), ("gsrprop", ""),
        ])
    }

    private func prefixParameters(_ query: SearchQuery, offset: Int, limit: Int) -> [(String, String)] {
        [
            ("generator", "prefixsearch"), ("gpssearch", query.text), ("gpsnamespace", "0"),
            ("gpslimit", "\(limit)"), ("gpsoffset", "\(offset)"),
        ]
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
            decode: { data in try WikipediaQueryResponse.decode(data, source: source) })
    }
}
