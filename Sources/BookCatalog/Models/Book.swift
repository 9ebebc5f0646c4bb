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
///
/// A book in several series, or a box set, says so in ``series``:
///
/// ```swift
/// let mort = Book(
///     source: "goodbooks", sourceID: "386372", title: "Mort",
///     series: [SeriesMembership(name: "Death", number: 1), SeriesMembership(name: "Discworld", number: 4)])
/// mort.seriesName  // "Death"
/// ```
public struct Book: Sendable, Hashable {
    /// The store's id for the book; 0 for a book that is not stored yet.
    public var id: Int64
    /// Where the book comes from, such as `"goodbooks"`; half of the natural key.
    public var source: String
    /// The book's id at ``source``, such as the Goodreads id `"2767052"`; half of the natural key.
    public var sourceID: String
    /// The title without the series suffix: `"The Hunger Games"`.
    public var title: String
    /// Every series the book belongs to, with its place in each, in the order the source gives
    /// them: `[SeriesMembership(name: "The Hunger Games", number: 1)]`.
    public var series: [SeriesMembership]
    /// Other titles the book is known by, such as its original title or its title without the
    /// subtitle: `["Le Petit Prince"]` for "The Little Prince". See ``AlternateTitles``.
    public var alternateTitles: [String]
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
    /// How its Japanese title, series and author names are read, by the text each reads: the
    /// reading in kana, its words separated by spaces (`["海辺のカフカ": "ウミベ ノ カフカ"]`).
    /// From the catalog when it gives one, else from a ``ReadingAnalyzer``; searched as further
    /// forms of the text (``SearchText/readingForms(of:readings:)``), never shown.
    public var textReadings: [String: String] = [:]

    /// Makes a book; only the natural key and the title are required. `series` gives every
    /// membership; without it, `seriesName` and `seriesNumber` make the one membership (a number
    /// without a name makes none).
    ///
    /// ```swift
    /// let dune = Book(source: "manual", sourceID: "dune", title: "Dune", authors: ["Frank Herbert"])
    /// let prince = Book(
    ///     source: "manual", sourceID: "prince", title: "The Little Prince", alternateTitles: ["Le Petit Prince"])
    /// ```
    public init(
        id: Int64 = 0, source: String, sourceID: String, title: String,
        seriesName: String? = nil, seriesNumber: Double? = nil, series: [SeriesMembership] = [],
        alternateTitles: [String] = [], authors: [String] = [], year: Int? = nil,
        isbn10: String? = nil, isbn13: String? = nil, language: String? = nil,
        averageRating: Double? = nil, ratingsCount: Int? = nil, coverURL: URL? = nil, smallCoverURL: URL? = nil,
        tags: [String] = [], description: String? = nil, sourceURL: URL? = nil, textReadings: [String: String] = [:]
    ) {
        self.id = id
        self.source = source
        self.sourceID = sourceID
        self.title = title
        self.series =
            series.isEmpty ? seriesName.map { [SeriesMembership(name: $0, number: seriesNumber)] } ?? [] : series
        self.alternateTitles = alternateTitles
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
        self.textReadings = textReadings
    }
}

extension Book {
    /// The first series' name, if the book is in a series: `"The Hunger Games"`. Setting it
    /// renames the first membership (making one when there is none); setting `nil` removes every
    /// membership, so a book without a first series is in none.
    ///
    /// ```swift
    /// var book = Book(source: "m", sourceID: "1", title: "Mort", seriesName: "Death", seriesNumber: 1)
    /// book.seriesName = "Discworld"  // book.series == [SeriesMembership(name: "Discworld", number: 1)]
    /// ```
    public var seriesName: String? {
        get { series.first?.name }
        set {
            guard let newValue else {
                series.removeAll()
                return
            }
            if series.isEmpty { series = [SeriesMembership(name: newValue)] } else { series[0].name = newValue }
        }
    }

    /// The book's place in its first series; fractional for novellas (`0.5`), the first number
    /// of a range for collections (`#1-3` is `1`). Setting it makes the first membership a
    /// single volume at that number; it does nothing for a book in no series.
    ///
    /// ```swift
    /// Book(source: "m", sourceID: "1", title: "Boxset", series: [SeriesMembership(name: "Harry Potter", number: 1, lastNumber: 7)])
    ///     .seriesNumber  // 1
    /// ```
    public var seriesNumber: Double? {
        get { series.first?.number }
        set {
            guard !series.isEmpty else { return }
            series[0] = SeriesMembership(name: series[0].name, number: newValue, part: series[0].part)
        }
    }
}
