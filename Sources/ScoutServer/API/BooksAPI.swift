import BookCatalog
import Foundation
import HTTPServer
import ScoutModels

/// `/api/v1/books/search`, `/api/v1/books/{id}` and `/api/v1/books/{id}/related`: the richer
/// book API behind the Books tab and `Providers/Books`.
struct BooksAPI: Sendable {
    /// Nil when the server has no catalog; every route then answers 503.
    let books: (any BookStore)?

    static let defaultLimit = 20
    static let maximumLimit = 50

    /// A book as the API shows it. Covers are left out until the image proxy serves them:
    /// browsers must not fetch from third parties.
    struct BookBody: Encodable {
        struct Series: Codable, Sendable, Hashable {
            let name: String
            @ExplicitNull var number: Double?
        }

        let id: Int64
        let title: String
        @ExplicitNull var series: Series?
        let authors: [String]
        @ExplicitNull var year: Int?
        @ExplicitNull var isbn10: String?
        @ExplicitNull var isbn13: String?
        @ExplicitNull var language: String?
        @ExplicitNull var averageRating: Double?
        @ExplicitNull var ratingsCount: Int?
        let tags: [String]

        init(_ book: Book) {
            id = book.id
            title = book.title
            series = book.seriesName.map { Series(name: $0, number: book.seriesNumber) }
            authors = book.authors
            year = book.year
            isbn10 = book.isbn10
            isbn13 = book.isbn13
            language = book.language
            averageRating = book.averageRating
            ratingsCount = book.ratingsCount
            tags = book.tags
        }
    }

    struct SearchBody: Encodable {
        let query: String
        let items: [BookBody]
        @ExplicitNull var next: String?
    }

    struct RelatedBody: Encodable {
        struct Entry: Encodable {
            let kind: String
            let phrase: String
            let reason: String
            let score: Double
            let book: BookBody
        }

        let book: BookBody
        let related: [Entry]
    }

    func register(in router: inout Router) {
        router.add(.get, "/api/v1/books/search") { request in try await search(request) }
        router.add(.get, "/api/v1/books/:id") { request in try await book(request) }
        router.add(.get, "/api/v1/books/:id/related") { request in try await related(request) }
    }

    private func store() throws -> any BookStore {
        guard let books else {
            throw GatewayError(
                status: 503, code: "catalog_unavailable",
                message: "This server has no book catalog. Import one with 'scout books import'.", source: nil,
                retryAfter: nil)
        }
        return books
    }

    func search(_ request: Request) async throws -> Response {
        let books = try store()
        let text = (request.query["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, text.count <= 256 else {
            throw GatewayError.badRequest("bad_query", "Type 1 to 256 characters to search for (the q parameter).")
        }
        let limit =
            try Self.number(request.query["limit"], name: "limit", range: 1...Self.maximumLimit)
            ?? Self.defaultLimit
        let offset = try Self.number(request.query["cursor"], name: "cursor", range: 0...150) ?? 0
        // The store ranks whole result lists; a page is a slice of one, fetched one longer to
        // know whether another page follows.
        let found = try await books.search(text, limit: offset + limit + 1)
        let page = found.dropFirst(offset).prefix(limit)
        let next = found.count > offset + limit && offset + limit <= 150 ? String(offset + limit) : nil
        return try .json(SearchBody(query: text, items: page.map(BookBody.init), next: next))
    }

    func book(_ request: Request) async throws -> Response {
        let found = try await requestedBook(request)
        return try .json(BookBody(found))
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
        let related = try await store().related(to: found.id, kind: kind, limit: 50)
        return try .json(
            RelatedBody(
                book: BookBody(found),
                related: related.map {
                    .init(
                        kind: $0.relation.kind.rawValue, phrase: $0.relation.kind.phrase, reason: $0.relation.reason,
                        score: $0.relation.score, book: BookBody($0.book))
                }))
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
