import BookCatalog
import Foundation
import HTTPServer
import ScoutModels

/// `/api/v1/books/search`, `/api/v1/books/{id}` and `/api/v1/books/{id}/related`: the richer
/// book API behind the Books tab and `Providers/Books`.
struct BooksAPI: Sendable {
    /// Nil when the server has no catalog; every route then answers 503, as it does with the
    /// reason while the catalog is not open.
    let books: CatalogConnection?
    /// Rewrites covers to the image proxy.
    let thumbnails: ThumbnailLinker

    static let defaultLimit = 20
    static let maximumLimit = 50

    /// Adds the book routes, each behind its client's bucket at its ``RouteCost``, each client's
    /// taking turns (``ClientTurns``).
    func register(in router: inout Router, limit: ClientLimit) {
        let routes: [(String, Double, @Sendable (Request) async throws -> Response)] = [
            ("/api/v1/books/search", RouteCost.bookSearch, search),
            ("/api/v1/books/:id", RouteCost.book, book),
            ("/api/v1/books/:id/related", RouteCost.relatedBooks, related),
        ]
        for (pattern, cost, answer) in routes {
            router.add(
                .get, pattern,
                handler: limit.guarding(
                    .deferred { request in try await CatalogFailure.mapping { try await answer(request) } }, cost: cost,
                    takingTurns: true))
        }
    }

    private func store() throws -> any BookStore {
        try CatalogConnection.store(of: books)
    }

    func search(_ request: Request) async throws -> Response {
        let books = try store()
        let text = try SearchTextParameter.read(
            request.query["q"], whenEmpty: "Type 1 to 256 characters to search for (the q parameter)."
        ).text
        let limit =
            try Self.number(request.query["limit"], name: "limit", range: 1...Self.maximumLimit)
            ?? Self.defaultLimit
        let cursor = try BookPaging.cursor(request.query["cursor"])
        let page = try await BookPaging.page(of: books, text: text, cursor: cursor, limit: limit)
        let items = page.books.map { body(for: $0.book, matches: Matches($0.highlights)) }
        return try .json(
            SearchBody(
                query: text, found: page.total, missingWords: page.missingWords, suggestion: page.suggestion,
                items: items, next: page.next))
    }

    func book(_ request: Request) async throws -> Response {
        let found = try await requestedBook(request)
        return try .json(body(for: found))
    }

    func related(_ request: Request) async throws -> Response {
        let found = try await requestedBook(request)
        var kind: Relation.Kind?
        if let text = request.query["kind"] {
            guard let parsed = Relation.Kind(rawValue: text) else {
                let kinds = Relation.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                throw GatewayError.badRequest("bad_kind", "kind must be one of \(kinds).")
            }
            kind = parsed
        }
        let limit =
            try Self.number(request.query["limit"], name: "limit", range: 1...Self.maximumLimit)
            ?? Self.maximumLimit
        let page = try await BookPaging.relatedPage(
            of: try store(), to: found.id, kind: kind, cursor: try BookPaging.cursor(request.query["cursor"]),
            limit: limit)
        return try .json(
            RelatedBody(
                book: body(for: found), next: page.next,
                related: page.related.map {
                    .init(
                        kind: $0.relation.kind.rawValue, phrase: $0.relation.kind.phrase, reason: $0.relation.reason,
                        score: $0.relation.score, book: body(for: $0.book))
                }))
    }

    /// `book` as the API shows it, its cover through the image proxy.
    private func body(for book: Book, matches: Matches? = nil) -> BookBody {
        BookBody(book, cover: book.cover.flatMap { thumbnails.proxiedPath(for: $0, source: .books) }, matches: matches)
    }

    private func requestedBook(_ request: Request) async throws -> Book {
        let books = try store()
        guard let id = request.pathParameters["id"].flatMap(Int64.init), id > 0,
            let found = try await books.book(id: id)
        else {
            throw GatewayError(
                status: 404, code: "book_not_found",
                message: "There is no book with that id. Search for it by title instead.", source: nil,
                retryAfter: nil)
        }
        return found
    }

    private static func number(_ text: String?, name: String, range: ClosedRange<Int>) throws -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw GatewayError.badRequest(
                "bad_\(name)", "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        return value
    }
}
