import BookCatalog
import Foundation
import HTTPServer
import ScoutModels

/// `GET /map?q=<title>`: the related books of the best match for a title, in exactly the shape
/// the RecommendBook app decodes — `[{"source","reltype","target"}]`.
struct MapRoute: Sendable {
    /// What the RecommendBook app decodes.
    struct Entry: Encodable {
        let source: String
        let reltype: String
        let target: String
    }

    /// Nil when the server has no catalog; the route then answers 503, as it does with the
    /// reason while the catalog is not open.
    let books: CatalogConnection?

    var handler: Handler {
        .deferred { request in try await CatalogFailure.mapping { try await map(request) } }
    }

    func map(_ request: Request) async throws -> Response {
        let books = try CatalogConnection.store(of: books)
        let title = try SearchTextParameter.read(
            request.query["q"], whenEmpty: "Give a book title of 1 to 256 characters in q."
        ).text
        guard let book = try await books.search(title, limit: 1).first else { return try .json([Entry]()) }
        let related = try await books.related(to: book.id, kind: nil, limit: 50)
        return try .json(
            related.map { Entry(source: book.title, reltype: $0.relation.kind.phrase, target: $0.book.title) })
    }
}
