/// Another key a book is known by — a record merged into it, an alias — kept so that a backup
/// restores `book(key:)` for every key the catalog knew.
///
/// ```swift
/// BookAlias(book: BookKey(source: "goodbooks", sourceID: "1"), alias: BookKey(source: "goodreads", sourceID: "2767052"))
/// ```
public struct BookAlias: Sendable, Hashable {
    /// The book, by its own key.
    public var book: BookKey
    /// The other key.
    public var alias: BookKey

    /// Makes a value: `BookAlias(book: key, alias: other)`.
    public init(book: BookKey, alias: BookKey) {
        self.book = book
        self.alias = alias
    }
}

/// A ``Relation`` between books named by key rather than store id: how a backup carries
/// relations into a catalog whose ids differ.
///
/// ```swift
/// KeyedRelation(kind: .alsoEnjoyed, from: dune, to: hyperion, score: 0.4, reason: "12 readers")
/// ```
public struct KeyedRelation: Sendable, Hashable {
    /// What relates the books.
    public var kind: Relation.Kind
    /// The book the relation is listed under.
    public var from: BookKey
    /// The related book.
    public var to: BookKey
    /// The relation's score (its order within the kind).
    public var score: Double
    /// Why the books are related, as shown.
    public var reason: String

    /// Makes a value: `KeyedRelation(kind: .sameAuthor, from: a, to: b, score: 1, reason: "Frank Herbert")`.
    public init(kind: Relation.Kind, from: BookKey, to: BookKey, score: Double, reason: String) {
        self.kind = kind
        self.from = from
        self.to = to
        self.score = score
        self.reason = reason
    }
}

/// A stored reading: what one reader did with the book of store id ``book``.
///
/// ```swift
/// StoredReading(book: 7, reader: "goodbooks:314", rating: 5, wantsToRead: false)
/// ```
public struct StoredReading: Sendable, Hashable {
    /// The store id of the book.
    public var book: Int64
    /// The reader, as in ``Reading/reader``.
    public var reader: String
    /// The rating from 1 to 5, if any.
    public var rating: Int?
    /// Whether the book is on the reader's to-read shelf.
    public var wantsToRead: Bool

    /// Makes a value: `StoredReading(book: 7, reader: "me", rating: 4, wantsToRead: false)`.
    public init(book: Int64, reader: String, rating: Int?, wantsToRead: Bool) {
        self.book = book
        self.reader = reader
        self.rating = rating
        self.wantsToRead = wantsToRead
    }
}

/// Everything a catalog holds besides its books' fields, by store id: every key of each book,
/// readings, "similar books" links and relations — what ``JSONLinesExporter`` writes after the
/// books so that an export is a full backup.
///
/// ```swift
/// let contents = try await store.contents()
/// print(contents.readings.count, contents.relations.count)
/// ```
public struct CatalogContents: Sendable, Hashable {
    /// Every key of every book (its own included), as (book id, key).
    public var keys: [StoredKey]
    /// Every reading.
    public var readings: [StoredReading]
    /// Every "similar books" link.
    public var links: [OutgoingLink]
    /// Every relation.
    public var relations: [Relation]

    /// Makes a value; every part defaults to empty.
    public init(
        keys: [StoredKey] = [], readings: [StoredReading] = [], links: [OutgoingLink] = [], relations: [Relation] = []
    ) {
        self.keys = keys
        self.readings = readings
        self.links = links
        self.relations = relations
    }
}

/// A key held by the book of store id ``book``: `StoredKey(book: 7, key: BookKey(source: "crawl", sourceID: url))`.
public struct StoredKey: Sendable, Hashable {
    /// The store id of the book.
    public var book: Int64
    /// The key.
    public var key: BookKey

    /// Makes a value: `StoredKey(book: 7, key: key)`.
    public init(book: Int64, key: BookKey) {
        self.book = book
        self.key = key
    }
}
