import BookCatalog
import Foundation
import Postgres

extension PostgresBookStore {
    /// A column of `books` the store writes: its name, its SQL type, and how a batch of books
    /// becomes one array value for it (a column of a `COPY`, so a batch is one statement).
    struct Column: Sendable {
        let name: String
        let type: String
        let values: @Sendable ([Book]) -> PostgresValue
    }

    /// The written columns of `books` (all but `id`), `search` last. `series_name` and
    /// `series_number` repeat the first of `series` (every membership), for the `books_series`
    /// index and for readers of the catalog that know one series.
    /// `match_key` (``BookIdentity/matchKey(of:)``) and `search` are derived from the book, never read back.
    static let columns: [Column] = [
        Column(name: "source", type: "text") { .textArray($0.map(\.source)) },
        Column(name: "source_id", type: "text") { .textArray($0.map(\.sourceID)) },
        Column(name: "title", type: "text") { .textArray($0.map(\.title)) },
        Column(name: "series_name", type: "text") { .textArray($0.map(\.seriesName)) },
        Column(name: "series_number", type: "float8") { .realArray($0.map(\.seriesNumber)) },
        Column(name: "series", type: "jsonb") { .textArray($0.map { JSONSeriesList.encode($0.series) }) },
        Column(name: "authors", type: "jsonb") { .textArray($0.map { json($0.authors) }) },
        Column(name: "year", type: "int8") { .integerArray($0.map { $0.year.map(Int64.init) }) },
        Column(name: "isbn10", type: "text") { .textArray($0.map(\.isbn10)) },
        Column(name: "isbn13", type: "text") { .textArray($0.map(\.isbn13)) },
        Column(name: "language", type: "text") { .textArray($0.map(\.language)) },
        Column(name: "average_rating", type: "float8") { .realArray($0.map(\.averageRating)) },
        Column(name: "ratings_count", type: "int8") { .integerArray($0.map { $0.ratingsCount.map(Int64.init) }) },
        Column(name: "cover_url", type: "text") { .textArray($0.map { $0.coverURL?.absoluteString }) },
        Column(name: "small_cover_url", type: "text") { .textArray($0.map { $0.smallCoverURL?.absoluteString }) },
        Column(name: "tags", type: "jsonb") { .textArray($0.map { json($0.tags) }) },
        Column(name: "description", type: "text") { .textArray($0.map(\.description)) },
        Column(name: "source_url", type: "text") { .textArray($0.map { $0.sourceURL?.absoluteString }) },
        Column(name: "alternate_titles", type: "jsonb") { .textArray($0.map { json($0.alternateTitles) }) },
        Column(name: "match_key", type: "text") { .textArray($0.map(BookIdentity.matchKey(of:))) },
        Column(name: "text_readings", type: "jsonb") { .textArray($0.map { json(readings: $0.textReadings) }) },
        Column(name: "search", type: "tsvector") {
            .textArray($0.map(SearchIndex.vector(of:)))
        },
    ]

    /// `SELECT` list for ``book(from:)``, qualified with `books.`.
    static let selectColumns = (["id"] + columns.dropLast().map(\.name)).map { "books.\($0)" }
        .joined(separator: ", ")

    /// The book in a row selected with ``selectColumns``.
    @Sendable static func book(from row: PostgresRow) throws -> Book {
        try storedBook(from: row)
    }
}
