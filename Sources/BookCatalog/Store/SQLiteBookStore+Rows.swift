import Foundation
import SQLite

extension SQLiteBookStore {
    /// The `books` columns in the order ``parameters(of:)`` binds them (after `id`).
    static let dataColumns = [
        "source", "source_id", "title", "series_name", "series_number", "authors", "year", "isbn10", "isbn13",
        "language", "average_rating", "ratings_count", "cover_url", "small_cover_url", "tags", "description",
        "source_url",
    ]

    /// `SELECT` list for ``book(from:)``, qualified with `books.`.
    static let selectColumns = (["id"] + dataColumns).map { "books.\($0)" }.joined(separator: ", ")

    /// The values of ``dataColumns`` for `book`.
    static func parameters(of book: Book) -> [SQLiteValue] {
        [
            .text(book.source), .text(book.sourceID), .text(book.title), text(book.seriesName),
            book.seriesNumber.map(SQLiteValue.real) ?? .null, .text(json(book.authors)),
            book.year.map(SQLiteValue.init) ?? .null, text(book.isbn10), text(book.isbn13), text(book.language),
            book.averageRating.map(SQLiteValue.real) ?? .null, book.ratingsCount.map(SQLiteValue.init) ?? .null,
            text(book.coverURL?.absoluteString), text(book.smallCoverURL?.absoluteString), .text(json(book.tags)),
            text(book.description), text(book.sourceURL?.absoluteString),
        ]
    }

    /// The book in a row selected with ``selectColumns``.
    @Sendable static func book(from row: Row) throws -> Book {
        Book(
            id: try row.int64("id"), source: try row.string("source"), sourceID: try row.string("source_id"),
            title: try row.string("title"), seriesName: try row.optionalString("series_name"),
            seriesNumber: try row.optionalDouble("series_number"), authors: strings(try row.string("authors")),
            year: try row.optionalInt("year"), isbn10: try row.optionalString("isbn10"),
            isbn13: try row.optionalString("isbn13"), language: try row.optionalString("language"),
            averageRating: try row.optionalDouble("average_rating"), ratingsCount: try row.optionalInt("ratings_count"),
            coverURL: url(try row.optionalString("cover_url")),
            smallCoverURL: url(try row.optionalString("small_cover_url")), tags: strings(try row.string("tags")),
            description: try row.optionalString("description"), sourceURL: url(try row.optionalString("source_url")))
    }

    private static func text(_ value: String?) -> SQLiteValue {
        value.map(SQLiteValue.text) ?? .null
    }
}
