import Foundation
import ScoutModels

extension SearchAPI {
    /// The JSON of a page, once for the cache and the reply: thumbnails rewritten to Scout's
    /// `/img/` proxy, photo facts added.
    static func render(
        _ page: SearchPage, _ query: SearchQuery, _ source: SourceID, thumbnails: ThumbnailLinker
    ) -> RenderedReply {
        reply(page, query, source, cached: true, tookMs: 0, thumbnails: thumbnails).rendered()
    }

    /// The body for a page as a value (``SearchReply`` is `Encodable`: the tests check the
    /// rendered bytes against `JSONEncoder`).
    static func reply(
        _ page: SearchPage, _ query: SearchQuery, _ source: SourceID, cached: Bool, tookMs: Int,
        thumbnails: ThumbnailLinker
    ) -> SearchReply {
        let items = page.items.map { item in
            SearchReply.Item(
                item: .init(
                    id: item.id, title: item.title, description: item.description,
                    thumbnail: item.thumbnail.flatMap { thumbnail in
                        thumbnails.proxiedPath(for: thumbnail.url, source: source).map {
                            .init(url: $0, width: thumbnail.width, height: thumbnail.height)
                        }
                    },
                    link: item.link, titleMatches: item.titleMatches, lang: item.language),
                photo: PhotoFacts(item: item, thumbnails: thumbnails))
        }
        return SearchReply(
            body: SearchResponseBody(
                query: query.text, source: source, items: items.map(\.item), next: page.nextCursor?.rawValue,
                suggestion: page.suggestion, tookMs: tookMs, cached: cached, found: page.total,
                missingWords: page.missingWords),
            items: items)
    }
}
