import Foundation

/// One line of Scout's JSON Lines format: a ``Book`` without its store ``Book/id``.
///
/// The wire shape stops here: the exporter makes records from books and the importer turns
/// records back into books. Keys are the ``Book`` property names; absent optionals are left out,
/// and `authors` and `tags` default to empty when missing. `series` holds every membership
/// (left out for a book in none); `seriesName` and `seriesNumber` repeat the first, so files
/// stay readable by versions that knew one series, and files of those versions, which have only
/// them, still read. `alternateTitles` is left out for a book with none and read leniently
/// (``LossyStrings``, then ``AlternateTitles/cleaned(_:title:)``): a bad entry is dropped, never
/// the book. `keys` lists the book's other keys (records merged into it, aliases), left out when
/// it has none; a backup restores them. `titleReading` and `authorReadings` (one per author, in
/// the same order; `null` or `""` for an author without) give the kana readings of a Japanese
/// title and names (``Book/textReadings``), which win over the analyzer's: names are where
/// dictionaries err (`{"authors":["東野圭吾"],"authorReadings":["ひがしの けいご"]}`).
///
/// ```swift
/// let line = try JSONLinesRecord.encoder.encode(JSONLinesRecord(book))
/// // {"authors":["Frank Herbert"],"source":"manual","sourceID":"dune","tags":[],"title":"Dune"}
/// ```
struct JSONLinesRecord: Codable, Hashable, Sendable {
    var source: String
    var sourceID: String
    var title: String
    var seriesName: String?
    var seriesNumber: Double?
    var series: [SeriesMembership]?
    var alternateTitles: LossyStrings?
    var authors: [String]?
    var year: Int?
    var isbn10: String?
    var isbn13: String?
    var language: String?
    var averageRating: Double?
    var ratingsCount: Int?
    var coverURL: URL?
    var smallCoverURL: URL?
    var tags: [String]?
    var description: String?
    var sourceURL: URL?
    var keys: [BookKey]?
    var titleReading: String?
    var authorReadings: [String?]?

    /// The encoder for one line: sorted keys, so the same book always gives the same bytes.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// The record of `book`, dropping its ``Book/id``, with its `otherKeys`.
    init(_ book: Book, otherKeys: [BookKey] = []) {
        keys = otherKeys.isEmpty ? nil : otherKeys
        source = book.source
        sourceID = book.sourceID
        title = book.title
        seriesName = book.seriesName
        seriesNumber = book.seriesNumber
        series = book.series.isEmpty ? nil : book.series
        alternateTitles = book.alternateTitles.isEmpty ? nil : LossyStrings(book.alternateTitles)
        authors = book.authors
        year = book.year
        isbn10 = book.isbn10
        isbn13 = book.isbn13
        language = book.language
        averageRating = book.averageRating
        ratingsCount = book.ratingsCount
        coverURL = book.coverURL
        smallCoverURL = book.smallCoverURL
        tags = book.tags
        description = book.description
        sourceURL = book.sourceURL
        titleReading = book.textReadings[book.title]
        let readings = book.authors.map { book.textReadings[$0] }
        authorReadings = readings.contains { $0 != nil } ? readings : nil
    }

    /// The book this record describes, not yet stored (``Book/id`` 0).
    var book: Book {
        Book(
            source: source, sourceID: sourceID, title: title, seriesName: seriesName, seriesNumber: seriesNumber,
            series: series ?? [],
            alternateTitles: AlternateTitles.cleaned(alternateTitles?.strings ?? [], title: title),
            authors: authors ?? [], year: year, isbn10: isbn10, isbn13: isbn13,
            language: language,
            averageRating: averageRating, ratingsCount: ratingsCount, coverURL: coverURL,
            smallCoverURL: smallCoverURL, tags: tags ?? [], description: description, sourceURL: sourceURL,
            textReadings: textReadings)
    }

    /// The readings the record gives, by the text each reads; empty readings left out.
    private var textReadings: [String: String] {
        var readings: [String: String] = [:]
        if let titleReading, !titleReading.isEmpty { readings[title] = titleReading }
        for (author, reading) in zip(authors ?? [], authorReadings ?? []) {
            if let reading, !reading.isEmpty, readings[author] == nil { readings[author] = reading }
        }
        return readings
    }
}
