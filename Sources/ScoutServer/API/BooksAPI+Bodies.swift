import BookCatalog
import ScoutModels

/// The JSON bodies of ``BooksAPI``, in the shapes `openapi.json` documents.
extension BooksAPI {
    /// A book as the API shows it. The cover is a path on this server's image proxy (null when
    /// the book has none on a host the proxy serves): browsers never fetch from third parties.
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
        @ExplicitNull var cover: String?

        init(_ book: Book, cover: String?) {
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
            self.cover = cover
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
}
