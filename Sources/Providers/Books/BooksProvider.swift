import Foundation
import Networking
import ScoutModels

/// Books from a Scout book server (`scout serve`) through its JSON API: search as you type
/// over `/api/v1/books/search`, and the related books of one over `/api/v1/books/{id}/related`
/// — so the terminal app and Apple apps use books like any other source.
///
/// Each result's ``ScoutModels/SearchItem/link`` is the book's related view on that server,
/// its thumbnail the cover the server proxies, and its ``ScoutModels/SearchItem/details`` hold
/// `authors`, `year`, `rating` and `series` when known.
///
/// ```swift
/// let books = try BooksProvider(client: client)   // http://127.0.0.1:8080
/// let page = try await books.search(try SearchQuery("hunger gam"), cursor: nil, limit: 10)
/// let related = try await books.related(id: page.items[0].id, kind: .sameSeries)
/// ```
public struct BooksProvider: SearchProvider {
    public let source = SourceID.books
    public let displayName = "Books"

    public let client: APIClient
    /// The book server, such as `http://127.0.0.1:8080/`; API paths are appended to it.
    public let baseURL: URL
    /// How long one call may take, retries included.
    public let deadline: Duration

    /// Where `scout serve` listens by default.
    public static let defaultBaseURL = URL(string: "http://127.0.0.1:8080/")!

    /// The base URL for a server address as people write it, with or without the trailing
    /// slash; `nil` when it is not an http(s) address with a host.
    ///
    /// ```swift
    /// BooksProvider.baseURL(parsing: "http://127.0.0.1:8080")  // http://127.0.0.1:8080/
    /// BooksProvider.baseURL(parsing: "127.0.0.1:8080")         // nil
    /// ```
    public static func baseURL(parsing address: String) -> URL? {
        guard let url = URL(string: address.hasSuffix("/") ? address : address + "/"), isServerAddress(url) else {
            return nil
        }
        return url
    }

    /// Whether `url` can be a base URL: http(s), a host, no query.
    private static func isServerAddress(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased() else { return false }
        return ["http", "https"].contains(scheme) && url.host?.isEmpty == false && url.query == nil
    }

    /// - Parameter baseURL: an `http(s)` address of a Scout server; a path prefix (a server
    ///   behind a reverse proxy at `/scout/`) is kept.
    public init(
        client: APIClient, baseURL: URL = defaultBaseURL, deadline: Duration = .seconds(3)
    ) throws(BooksConfigurationError) {
        guard Self.isServerAddress(baseURL) else { throw .invalidBaseURL(baseURL.absoluteString) }
        self.client = client
        self.baseURL = baseURL
        self.deadline = deadline
    }

    public func search(_ query: SearchQuery, cursor: SearchCursor?, limit: Int) async throws -> SearchPage {
        guard !query.isEmpty else { return SearchPage(items: [], nextCursor: nil) }
        let reply = try await send(searchEndpoint(query, cursor: cursor, limit: min(max(limit, 1), 50)))
        return SearchPage(
            items: reply.items.map(item(for:)), nextCursor: reply.next.map(SearchCursor.init),
            suggestion: reply.suggestion, total: reply.found, missingWords: reply.missingWords)
    }

    /// The books related to the book with the ``ScoutModels/SearchItem/id`` `id`, of `kind`
    /// or of every kind, grouped by kind (same series first), strongest first within a kind.
    ///
    /// ```swift
    /// for related in try await books.related(id: "1") {
    ///     print(related.phrase, related.item.title, related.reason)   // same series  Catching Fire  …
    /// }
    /// ```
    public func related(id: String, kind: BookRelationKind? = nil) async throws -> [RelatedBookItem] {
        guard let number = Int64(id), number > 0 else {
            throw BooksProviderError(.unknownBook, server: baseURL)
        }
        let reply = try await send(relatedEndpoint(id: number, kind: kind))
        return reply.related.map { entry in
            let kind = BookRelationKind(rawValue: entry.kind)
            return RelatedBookItem(
                kind: kind, phrase: entry.phrase ?? kind.rawValue, reason: entry.reason ?? "",
                item: item(for: entry.book))
        }
    }

    /// A wire book as a result row: the summary line, the cover, the related view as its link.
    func item(for book: WireBook) -> SearchItem {
        var details: [String: String] = [:]
        if !book.authors.isEmpty { details["authors"] = book.authors.joined(separator: ", ") }
        if let year = book.year { details["year"] = String(year) }
        if let rating = book.averageRating { details["rating"] = BookSummary.rating(rating) }
        if let series = book.series { details["series"] = series.name }
        details = SearchItem.details(
            details, language: LanguageTag.normalized(book.language) ?? ScriptLanguage.guess(book.title))
        let cover = book.cover.flatMap { URL(string: $0, relativeTo: baseURL)?.absoluteURL }
        return SearchItem(
            id: String(book.id), title: book.title,
            description: BookSummary.line(authors: book.authors, year: book.year, averageRating: book.averageRating),
            thumbnail: cover.flatMap { ["http", "https"].contains($0.scheme ?? "") ? $0 : nil }
                .map { Thumbnail(url: $0, width: nil, height: nil) },
            link: relatedURL(id: book.id), source: .books, details: details, titleMatches: book.titleMatches)
    }
}

/// Why a ``BooksProvider`` could not be set up.
public enum BooksConfigurationError: Error, Equatable, CustomStringConvertible {
    case invalidBaseURL(String)

    public var description: String {
        switch self {
        case .invalidBaseURL(let address):
            "'\(address)' is not the http(s) address of a Scout book server, such as http://127.0.0.1:8080"
        }
    }
}
