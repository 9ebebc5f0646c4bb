import BookCatalog
import Postgres
import SQLite

/// What both stores' rows offer, by column name, so a book and its relation are read back from
/// a row in one place whichever store holds them.
protocol StoredRow {
    func int64(named column: String) throws -> Int64
    func double(named column: String) throws -> Double
    func string(named column: String) throws -> String
    func optionalInt(named column: String) throws -> Int?
    func optionalDouble(named column: String) throws -> Double?
    func optionalString(named column: String) throws -> String?
}

extension Row: StoredRow {
    func int64(named column: String) throws -> Int64 { try int64(column) }
    func double(named column: String) throws -> Double { try double(column) }
    func string(named column: String) throws -> String { try string(column) }
    func optionalInt(named column: String) throws -> Int? { try optionalInt(column) }
    func optionalDouble(named column: String) throws -> Double? { try optionalDouble(column) }
    func optionalString(named column: String) throws -> String? { try optionalString(column) }
}

extension PostgresRow: StoredRow {
    func int64(named column: String) throws -> Int64 { try int64(Column(name: column)) }
    func double(named column: String) throws -> Double { try double(Column(name: column)) }
    func string(named column: String) throws -> String { try string(Column(name: column)) }
    func optionalInt(named column: String) throws -> Int? { try optionalInt(Column(name: column)) }
    func optionalDouble(named column: String) throws -> Double? { try optionalDouble(Column(name: column)) }
    func optionalString(named column: String) throws -> String? { try optionalString(Column(name: column)) }
}

extension StoredColumns {
    /// The book in a row that selects every `books` column under its own name; its series from
    /// `series`, or from `series_name` and `series_number` when that holds none.
    static func storedBook(from row: some StoredRow) throws -> Book {
        Book(
            id: try row.int64(named: "id"), source: try row.string(named: "source"),
            sourceID: try row.string(named: "source_id"), title: try row.string(named: "title"),
            seriesName: try row.optionalString(named: "series_name"),
            seriesNumber: try row.optionalDouble(named: "series_number"),
            series: JSONSeriesList.decode(try row.string(named: "series")) ?? [],
            alternateTitles: strings(try row.string(named: "alternate_titles")),
            authors: strings(try row.string(named: "authors")), year: try row.optionalInt(named: "year"),
            isbn10: try row.optionalString(named: "isbn10"), isbn13: try row.optionalString(named: "isbn13"),
            language: try row.optionalString(named: "language"),
            averageRating: try row.optionalDouble(named: "average_rating"),
            ratingsCount: try row.optionalInt(named: "ratings_count"),
            coverURL: url(try row.optionalString(named: "cover_url")),
            smallCoverURL: url(try row.optionalString(named: "small_cover_url")),
            tags: strings(try row.string(named: "tags")), description: try row.optionalString(named: "description"),
            sourceURL: url(try row.optionalString(named: "source_url")),
            textReadings: readings(try row.string(named: "text_readings")))
    }

    /// The related book in a row selected with the book's columns plus `relation_kind`,
    /// `relation_score` and `relation_reason`, as seen from the book `id`; `nil` for a kind this
    /// version does not know.
    static func relatedBook(from row: some StoredRow, to id: Int64) throws -> RelatedBook? {
        guard let kind = Relation.Kind(rawValue: try row.string(named: "relation_kind")) else { return nil }
        let book = try storedBook(from: row)
        let relation = Relation(
            kind: kind, from: id, to: book.id, score: try row.double(named: "relation_score"),
            reason: try row.string(named: "relation_reason"))
        return RelatedBook(relation: relation, book: book)
    }
}
