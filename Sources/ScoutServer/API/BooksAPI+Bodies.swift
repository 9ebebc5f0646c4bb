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

        /// One series the book is in and its place there: a number, a collection's range
        /// (`number` to `lastNumber`), a part; `label` as readers write it (`#5, Part 1`).
        struct Membership: Encodable {
            let name: String
            @ExplicitNull var number: Double?
            @ExplicitNull var lastNumber: Double?
            @ExplicitNull var part: String?
            let label: String

            init(_ membership: SeriesMembership) {
                name = membership.name
                number = membership.number
                lastNumber = membership.lastNumber
                part = membership.part
                label = membership.label
            }
        }

        let id: Int64
        let title: String
        /// The first series, as the API has always shown it; ``seriesMemberships`` has them all.
        @ExplicitNull var series: Series?
        let seriesMemberships: [Membership]
        /// Other titles the book is known by (its original title, its title without the
        /// subtitle); empty when it has none.
        let alternateTitles: [String]
        let authors: [String]
        @ExplicitNull var year: Int?
        @ExplicitNull var isbn10: String?
        @ExplicitNull var isbn13: String?
        @ExplicitNull var language: String?
        @ExplicitNull var averageRating: Double?
        @ExplicitNull var ratingsCount: Int?
        let tags: [String]
        @ExplicitNull var cover: String?
        /// Search results only: which parts of the title and authors matched.
        var matches: Matches?

        init(_ book: Book, cover: String?, matches: Matches? = nil) {
            id = book.id
            title = book.title
            series = book.seriesName.map { Series(name: $0, number: book.seriesNumber) }
            seriesMemberships = book.series.map(Membership.init)
            alternateTitles = book.alternateTitles
            authors = book.authors
            year = book.year
            isbn10 = book.isbn10
            isbn13 = book.isbn13
            language = book.language
            averageRating = book.averageRating
            ratingsCount = book.ratingsCount
            tags = book.tags
            self.cover = cover
            self.matches = matches
        }
    }

    /// The matched parts of a search result's title and authors, in UTF-16 code units (as
    /// JavaScript strings count), `end` exclusive: words matched whole, through a typo, or as
    /// far as a prefix was typed.
    struct Matches: Encodable {
        struct Span: Encodable {
            let start: Int
            let end: Int
        }

        struct AuthorSpan: Encodable {
            /// Index into `authors`.
            let author: Int
            let start: Int
            let end: Int
        }

        let title: [Span]
        let authors: [AuthorSpan]

        init(_ highlights: [BookMatch.Highlight]) {
            let ordered = highlights.sorted { ($0.element, $0.range.lowerBound) < ($1.element, $1.range.lowerBound) }
            title = ordered.filter { $0.field == .title && $0.element == 0 }.map {
                Span(start: $0.range.lowerBound, end: $0.range.upperBound)
            }
            authors = ordered.filter { $0.field == .authors }.map {
                AuthorSpan(author: $0.element, start: $0.range.lowerBound, end: $0.range.upperBound)
            }
        }
    }

    struct SearchBody: Encodable {
        let query: String
        /// How many books match in all, on every page.
        let found: Int
        /// The typed words no book holds, when these are the closest matches; empty otherwise.
        let missingWords: [String]
        /// "Did you mean": the query as the best book spells it, when that book needed a typo.
        @ExplicitNull var suggestion: String?
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
        /// The cursor of the next page of related books; nil on the last.
        @ExplicitNull var next: String?
        let related: [Entry]

        enum CodingKeys: String, CodingKey { case book, related, next }
    }
}
