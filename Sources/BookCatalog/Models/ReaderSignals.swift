import Foundation

/// The tags of a book, most popular first; they replace the book's ``Book/tags``.
///
/// ```swift
/// BookTags(book: BookKey(source: "goodbooks", sourceID: "1"), tags: ["young-adult", "dystopia"])
/// ```
public struct BookTags: Sendable, Hashable {
    /// The book the tags belong to.
    public var book: BookKey
    /// The tags, most popular first.
    public var tags: [String]

    /// Makes a value: `BookTags(book: key, tags: ["dystopia"])`.
    public init(book: BookKey, tags: [String]) {
        self.book = book
        self.tags = tags
    }
}

/// What one reader did with one book: rated it, or shelved it to read.
///
/// Stores merge readings of the same reader and book: a rating replaces an earlier rating, and
/// `wantsToRead` once set stays set, so importing the same file twice changes nothing.
///
/// ```swift
/// Reading(reader: "goodbooks:314", book: key, rating: 5)
/// Reading(reader: "goodbooks:314", book: key, wantsToRead: true)
/// ```
public struct Reading: Sendable, Hashable {
    /// Who read it, namespaced by where the reading comes from: `"goodbooks:314"`.
    public var reader: String
    /// The book read.
    public var book: BookKey
    /// The reader's rating from 1 to 5, if they gave one.
    public var rating: Int?
    /// Whether the reader has the book on a to-read shelf.
    public var wantsToRead: Bool

    /// Makes a reading: `Reading(reader: "me", book: key, rating: 4)`.
    public init(reader: String, book: BookKey, rating: Int? = nil, wantsToRead: Bool = false) {
        self.reader = reader
        self.book = book
        self.rating = rating
        self.wantsToRead = wantsToRead
    }
}

/// A reader who rated a stored book: what the "also enjoyed" relation is computed from.
///
/// ```swift
/// for pick in try await store.readerPicks(minimumRating: 4) { print(pick.reader, pick.book) }
/// ```
public struct ReaderPick: Sendable, Hashable {
    /// The reader, as in ``Reading/reader``.
    public var reader: String
    /// The store id of the book.
    public var book: Int64

    /// Makes a value: `ReaderPick(reader: "goodbooks:314", book: 7)`.
    public init(reader: String, book: Int64) {
        self.reader = reader
        self.book = book
    }
}

/// A page's "similar books" link, as a crawler found it: from a book to a page that may or may
/// not be a stored book yet. The relation builder resolves it against ``Book/sourceURL``.
///
/// ```swift
/// ListedLink(from: BookKey(source: "crawl", sourceID: url.absoluteString), to: similarURL)
/// ```
public struct ListedLink: Sendable, Hashable {
    /// The book whose page lists the link.
    public var from: BookKey
    /// The linked page.
    public var to: URL

    /// Makes a link: `ListedLink(from: key, to: url)`.
    public init(from: BookKey, to: URL) {
        self.from = from
        self.to = to
    }
}

/// A stored ``ListedLink``: the store id of the book that lists it, and the page it points to.
///
/// ```swift
/// for link in try await store.outgoingLinks() { print(link.from, link.to) }
/// ```
public struct OutgoingLink: Sendable, Hashable {
    /// The store id of the book whose page lists the link.
    public var from: Int64
    /// The linked page.
    public var to: URL

    /// Makes a value: `OutgoingLink(from: 7, to: url)`.
    public init(from: Int64, to: URL) {
        self.from = from
        self.to = to
    }
}
