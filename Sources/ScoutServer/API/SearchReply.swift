import Foundation
import ScoutModels

/// The body of `GET /api/v1/search` as this server writes it: Scout's wire body
/// (``ScoutModels/SearchResponseBody``) with, on photo results, the facts a lightbox shows
/// under `photo`. Clients that decode the wire body ignore the extra key.
///
/// ```json
/// {"items":[{"id":"7","title":"Matterhorn","photo":{"author":"Jane","license":"CC BY-SA 4.0",…},…}],…}
/// ```
struct SearchReply: Encodable {
    /// One result: the wire item, and its photo facts when it is a photo.
    struct Item: Encodable {
        let item: SearchResponseBody.Item
        let photo: PhotoFacts?

        private enum CodingKeys: String, CodingKey { case photo }

        func encode(to encoder: any Encoder) throws {
            // The wire item writes its keys first; `photo` joins the same JSON object.
            try item.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(photo, forKey: .photo)
        }
    }

    let body: SearchResponseBody
    let items: [Item]

    private enum CodingKeys: String, CodingKey {
        case query, source, items, next, found, missingWords, suggestion, tookMs, cached
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(body.query, forKey: .query)
        try container.encode(body.source, forKey: .source)
        try container.encode(items, forKey: .items)
        try container.encode(ExplicitNull(wrappedValue: body.found), forKey: .found)
        try container.encode(ExplicitNull(wrappedValue: body.missingWords), forKey: .missingWords)
        try container.encode(ExplicitNull(wrappedValue: body.next), forKey: .next)
        try container.encode(ExplicitNull(wrappedValue: body.suggestion), forKey: .suggestion)
        try container.encode(body.tookMs, forKey: .tookMs)
        try container.encode(body.cached, forKey: .cached)
    }
}
