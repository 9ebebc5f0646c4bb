import BookCatalog
import Foundation
import SQLite

extension SQLiteBookStore {
    /// The `books` columns in the order ``parameters(of:)`` binds them (after `id`).
    /// `series_name` and `series_number` repeat the first of `series` (every membership), for
    /// the `books_series` index and for readers of the catalog that know one series.
    /// `match_key` (``BookIdentity/matchKey(of:)``) is derived from the book, never read back.
    static let dataColumns = [
        "source", "source_id", "title", "series_name", "series_number", "series", "authors", "year", "isbn10", "isbn13",
        "language", "average_rating", "ratings_count", "cover_url", "small_cover_url", "tags", "description",
        "source_url", "alternate_titles", "match_key", "text_readings",
    ]

    /// `SELECT` list for ``book(from:)``, qualified with `books.`.
    static let selectColumns = (["id"] + dataColumns).map { "books.\($0)" }.joined(separator: ", ")

    /// The values of ``dataColumns`` for `book`.
    static func parameters(of book: Book) -> [SQLiteValue] {
        parameters(of: book, matchKey: BookIdentity.matchKey(of: book))
    }

    /// The values of ``dataColumns`` for `book`, whose ``BookIdentity/matchKey(of:)`` the
    /// caller has at hand (``BookCatalog/BookMatcher/Entry/matchKey``).
    static func parameters(of book: Book, matchKey: String?) -> [SQLiteValue] {
        [
            .text(book.source), .text(book.sourceID), .text(book.title), text(book.seriesName),
            book.seriesNumber.map(SQLiteValue.real) ?? .null, .text(JSONSeriesList.encode(book.series)),
            .text(json(book.authors)),
            book.year.map(SQLiteValue.init) ?? .null, text(book.isbn10), text(book.isbn13), text(book.language),
            book.averageRating.map(SQLiteValue.real) ?? .null, book.ratingsCount.map(SQLiteValue.init) ?? .null,
            text(book.coverURL?.absoluteString), text(book.smallCoverURL?.absoluteString), .text(json(book.tags)),
            text(book.description), text(book.sourceURL?.absoluteString), .text(json(book.alternateTitles)),
            text(matchKey), .text(json(readings: book.textReadings)),
        ]
    }

    /// The book in a row selected with ``selectColumns``.
    @Sendable static func book(from row: Row) throws -> Book {
        try storedBook(from: row)
    }

    static func text(_ value: String?) -> SQLiteValue {
        value.map(SQLiteValue.text) ?? .null
    }
}
