import Foundation
import Networking
import ScoutModels

extension BooksProvider {
    /// `GET /api/v1/books/search?q=…&limit=…[&cursor=…]`; the cursor is the server's, passed on as is.
    func searchEndpoint(_ query: SearchQuery, cursor: SearchCursor?, limit: Int) -> Endpoint<BookSearchReply> {
        var parameters: [(name: String, value: String)] = [("q", query.text), ("limit", String(limit))]
        if let cursor { parameters.append(("cursor", cursor.rawValue)) }
        return endpoint(path: "api/v1/books/search", query: parameters)
    }

    /// `GET /api/v1/books/{id}/related[?kind=…]`.
    func relatedEndpoint(id: Int64, kind: BookRelationKind?) -> Endpoint<RelatedReply> {
        endpoint(path: "api/v1/books/\(id)/related", query: kind.map { [("kind", $0.rawValue)] } ?? [])
    }

    /// Where a book's related view is: the link of its result.
    func relatedURL(id: Int64) -> URL {
        baseURL.appending(path: "api/v1/books/\(id)/related")
    }

    /// Sends `endpoint`, wording its failure for a book server (see ``BooksProviderError``).
    func send<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
        do {
            return try await client.send(endpoint)
        } catch let error as APIError {
            throw BooksProviderError(error, server: baseURL)
        }
    }

    private func endpoint<Response: Decodable>(
        path: String, query: [(name: String, value: String)]
    ) -> Endpoint<Response> {
        // 50 books with tags fit in well under 1 MiB; the cap guards against a wrong address.
        Endpoint(
            source: displayName, url: baseURL.appending(path: path), query: query, deadline: deadline,
            maxResponseBytes: 1024 * 1024)
    }
}
