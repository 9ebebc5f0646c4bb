import Foundation

/// One book of the catalog, as the importers produce it and the stores keep it.
///
/// A book is identified in two ways: ``id`` is the store's row id (0 until the book is stored),
/// and ``source`` + ``sourceID`` is the natural key upserts match on, such as
/// `("goodbooks", "2767052")`.
///
/// ```swift
/// let book = Book(
///     source: "goodbooks", sourceID: "2767052", title: "The Hunger Games",
///     seriesName: "The Hunger Games", seriesNumber: 1, authors: ["Suzanne Collins"], year: 2008)
/// let result = try await store.upsert([book])
/// ```
public struct Book: Sendable, Hashable, Codable {
    /// The store's id for the book; 0 for a book that is not stored yet.
    public var id: Int64
    /// Where the book comes from, such as `"goodbooks"`; half of the natural key.
    public var source: String
    /// The book's id at ``source``, such as the Goodreads id `"2767052"`; half of the natural key.
    public var sourceID: String
    /// The title without the series suffix: `"The Hunger Games"`.
    public var title: String
    /// The series the book belongs to, if any: `"The Hunger Games"`.
    public var seriesName: String?
    /// The book's place in its series; fractional for novellas (`0.5`), the first number of a range
    /// for omnibus editions (`#1-3` is `1`).
    public var seriesNumber: Double?
    /// The authors in credit order: `["J.K. Rowling", "Mary GrandPré"]`.
    public var authors: [String]
    /// The year of first publication; negative for BCE.
    public var year: Int?
    /// The 10-character ISBN, if known.
    public var isbn10: String?
    /// The 13-digit ISBN, if known.
    public var isbn13: String?
    /// The language code, such as `"eng"` or `"en-US"`.
    public var language: String?
    /// The average rating, from 1 to 5.
    public var averageRating: Double?
    /// How many ratings ``averageRating`` averages.
    public var ratingsCount: Int?
    /// A cover image.
    public var coverURL: URL?
    /// A small cover image.
    public var smallCoverURL: URL?
    /// Tags or shelves, most popular first: `["young-adult", "dystopia"]`.
    public var tags: [String]
    /// A description or blurb.
    public var description: String?
    /// The book's page at its source.
    public var sourceURL: URL?

    /// Makes a book; only the natural key and the title are required.
    ///
    /// ```swift
    /// let dune = Book(source: "manual", sourceID: "dune", title: "Dune", authors: ["Frank Herbert"])
    /// ```
    public init(
        id: Int64 = 0, source: String, sourceID: String, title: String,
        seriesName: String? = nil, seriesNumber: Double? = nil, authors: [String] = [], year: Int? = nil,
        isbn10: String? = nil, isbn13: String? = nil, language: String? = nil,
        averageRating: Double? = nil, ratingsCount: Int? = nil, coverURL: URL? = nil, smallCoverURL: URL? = nil,
        tags: [String] = [], description: String? = nil, sourceURL: URL? = nil
    ) {
        self.id = id
        self.source = source
        self.sourceID = sourceID
        self.title = title
        self.seriesName = seriesName
        self.seriesNumber = seriesNumber
        self.authors = authors
        self.year = year
        self.isbn10 = isbn10
        self.isbn13 = isbn13
        self.language = language
        self.averageRating = averageRating
        self.ratingsCount = ratingsCount
        self.coverURL = coverURL
        self.smallCoverURL = smallCoverURL
        self.tags = tags
        self.description = description
        self.sourceURL = sourceURL
    }
}
