import BookCatalog
import Foundation
import Providers
import ScoutModels

/// The `books` source of `/api/v1/search`: searches the server's own ``BookCatalog/BookStore``
/// (no upstream HTTP) and maps books to the rows every source returns — the title, a line of
/// authors, year and rating, the cover (rewritten to `/img/` like any thumbnail), and the
/// book's related view on this server as its link.
///
/// ```swift
/// let provider = CatalogSearchProvider(books: CatalogConnection(store: store))
/// let page = try await provider.search(try SearchQuery("hunger gam"), cursor: nil, limit: 20)
/// page.items[0].description   // "Suzanne Collins · 2008 · ★ 4.34"
/// ```
struct CatalogSearchProvider: SearchProvider {
    let source = SourceID.books
    let displayName = "Books"
    /// The server's catalog, maybe not open (yet).
    let books: CatalogConnection

    func search(_ query: SearchQuery, cursor: SearchCursor?, limit: Int) async throws -> SearchPage {
        let cursor = try BookPaging.cursor(cursor?.rawValue)
        let page = try await CatalogFailure.mapping(source: .books) {
            try await BookPaging.page(of: try books.store(), text: query.text, cursor: cursor, limit: limit)
        }
        return SearchPage(
            items: page.books.map(Self.item(for:)), nextCursor: page.next.map(SearchCursor.init),
            suggestion: page.suggestion, total: page.total,
            missingWords: page.missingWords.isEmpty ? nil : page.missingWords)
    }

    /// `<offset>.<generation>` (``BookPaging/Cursor``), spelled as the catalog writes it. Offset 0
    /// is still a page of its own: its generation is checked.
    func readCursor(_ text: String) -> CursorReading {
        BookPaging.Cursor(text).map { .page(SearchCursor($0.text)) } ?? .invalid
    }

    static func item(for match: BookMatch) -> SearchItem {
        let book = match.book
        let summary = BookSummary.line(authors: book.authors, year: book.year, averageRating: book.averageRating)
        return SearchItem(
            id: String(book.id), title: book.title,
            // Found by another title: the row says which, so the reader sees why it is here.
            description: match.matchedAlternateTitle.map { alternate in
                ["original title: \(alternate)", summary].compactMap { $0 }.joined(separator: " · ")
            } ?? summary,
            thumbnail: book.cover.map { Thumbnail(url: $0, width: nil, height: nil) },
            link: relatedPath(id: book.id), source: .books,
            details: SearchItem.details(
                language: LanguageTag.normalized(book.language) ?? ScriptLanguage.guess(book.title)),
            titleMatches: match.titleRanges.map { TextSpan(start: $0.lowerBound, end: $0.upperBound) })
    }

    /// `/api/v1/books/{id}/related` — relative: this server does not know the name it is
    /// reached by, and a browser resolves it against the page.
    static func relatedPath(id: Int64) -> URL {
        URL(string: "/api/v1/books/\(id)/related")!
    }
}

extension Book {
    /// The cover to show in a row: the regular one (sharp at twice the row's size), else the small one.
    var cover: URL? { coverURL ?? smallCoverURL }
}
