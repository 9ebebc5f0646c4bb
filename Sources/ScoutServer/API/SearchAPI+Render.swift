import Foundation
import ScoutModels

extension SearchAPI {
    /// The JSON body for a page: thumbnails rewritten to Scout's `/img/` proxy, photo facts added.
    static func render(
        _ page: SearchPage, _ query: SearchQuery, _ source: SourceID, cached: Bool, tookMs: Int,
        thumbnails: ThumbnailLinker
    ) -> [UInt8] {
        let items = page.items.map { item in
            SearchReply.Item(
                item: .init(
                    id: item.id, title: item.title, description: item.description,
                    thumbnail: item.thumbnail.flatMap { thumbnail in
                        thumbnails.proxiedPath(for: thumbnail.url, source: source).map {
                            .init(url: $0, width: thumbnail.width, height: thumbnail.height)
                        }
                    },
                    link: item.link, titleMatches: item.titleMatches),
                photo: PhotoFacts(item: item, thumbnails: thumbnails))
        }
        let body = SearchReply(
            body: SearchResponseBody(
                query: query.text, source: source, items: items.map(\.item), next: page.nextCursor?.rawValue,
                suggestion: page.suggestion, tookMs: tookMs, cached: cached),
            items: items)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(body)).map(Array.init) ?? Array(#"{"items":[]}"#.utf8)
    }
}
