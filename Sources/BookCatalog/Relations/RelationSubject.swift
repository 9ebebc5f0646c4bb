import Foundation

/// What the relation rules read of a book, and nothing more: its id, first author, series,
/// tags, ratings count and source page. A store reads these columns alone
/// (``BookStore/relationSubjects()``), so a rebuild of a million books never holds their titles,
/// descriptions and covers.
///
/// ```swift
/// let subjects = try await store.relationSubjects()
/// let relations = await RelationBuilder().relations(among: subjects)
/// ```
public struct RelationSubject: Sendable, Hashable {
    /// The book's store id (``Book/id``).
    public var id: Int64
    /// The first of ``Book/authors``, as stored; the author rule folds it.
    public var firstAuthor: String?
    /// Every series the book is in (``Book/series``).
    public var series: [SeriesMembership]
    /// The book's tags, most used first (``Book/tags``).
    public var tags: [String]
    /// How many ratings the book has (``Book/ratingsCount``); ties between relations go to more.
    public var ratingsCount: Int?
    /// The page the book was crawled from (``Book/sourceURL``), which "similar books" links name.
    public var sourceURL: URL?

    /// Makes a subject: `RelationSubject(id: 1, firstAuthor: "Suzanne Collins", tags: ["dystopia"])`.
    public init(
        id: Int64, firstAuthor: String? = nil, series: [SeriesMembership] = [], tags: [String] = [],
        ratingsCount: Int? = nil, sourceURL: URL? = nil
    ) {
        self.id = id
        self.firstAuthor = firstAuthor
        self.series = series
        self.tags = tags
        self.ratingsCount = ratingsCount
        self.sourceURL = sourceURL
    }

    /// What the relation rules read of `book`: `RelationSubject(book)`.
    public init(_ book: Book) {
        self.init(
            id: book.id, firstAuthor: book.authors.first, series: book.series, tags: book.tags,
            ratingsCount: book.ratingsCount, sourceURL: book.sourceURL)
    }
}

extension BookStore {
    /// ``relationSubjects()`` derived from ``allBooks()``, for a store that has no lighter
    /// query: correct, but it reads whole books.
    ///
    /// ```swift
    /// let subjects = try await store.relationSubjects()
    /// ```
    public func relationSubjects() async throws -> [RelationSubject] {
        try await allBooks().map(RelationSubject.init)
    }
}
