import Foundation

/// Maps rows of goodbooks-10k `books.csv` to ``Book``s.
///
/// The header names the columns, so their order does not matter. `isbn` lost its leading zeros
/// in the data set and is padded back; `isbn13` is stored in floating point notation there
/// (`9.78043902348e+12`, digits lost), so ISBN-13 is derived from the ISBN-10 instead.
/// `original_title`, when the file has it, and the title without its subtitle give the book's
/// ``Book/alternateTitles`` (see ``AlternateTitles``): "Le Petit Prince" for "The Little Prince".
///
/// ```swift
/// let mapper = try GoodbooksRow(header: headerRecord.fields)
/// switch mapper.book(from: record) {
/// case .book(let book): books.append(book)
/// case .skipped(let skipped): print(skipped.line, skipped.reason)
/// }
/// ```
public struct GoodbooksRow: Sendable {
    /// The source name of goodbooks books: the natural key is (`"goodbooks"`, goodreads_book_id).
    public static let source = "goodbooks"

    /// The columns a file must have.
    public static let requiredColumns = [
        "goodreads_book_id", "title", "authors", "isbn", "original_publication_year", "language_code",
        "average_rating", "ratings_count", "image_url", "small_image_url",
    ]

    /// What one row maps to: a book, or the reason it is skipped.
    ///
    /// ```swift
    /// if case .skipped(let row) = mapper.book(from: record) { print(row.line) }
    /// ```
    public typealias Outcome = ImportRow

    private let header: CSVHeader

    /// Reads the column positions from the header row. Throws
    /// ``BookCatalogError/missingColumns(_:)``.
    ///
    /// ```swift
    /// let mapper = try GoodbooksRow(header: ["book_id", "goodreads_book_id", "title", …])
    /// ```
    public init(header: [String]) throws(BookCatalogError) {
        self.header = try CSVHeader(header, requiring: Self.requiredColumns)
    }

    /// The book in `record`, or why the row is skipped.
    ///
    /// ```swift
    /// let result = mapper.book(from: CSVRecord(line: 2, fields: fields))
    /// ```
    public func book(from record: CSVRecord) -> Outcome {
        func skip(_ reason: String) -> Outcome { .skipped(SkippedRow(line: record.line, reason: reason)) }
        guard record.fields.count >= header.count else {
            return skip("The row has \(record.fields.count) fields; the header has \(header.count).")
        }
        let goodreadsID = field("goodreads_book_id", record)
        guard let id = Int64(goodreadsID), id > 0 else { return skip("goodreads_book_id is not a positive integer.") }
        let parsed = SeriesTitle(parsing: field("title", record))
        guard !parsed.title.isEmpty else { return skip("The title is empty.") }
        let yearText = field("original_publication_year", record)
        let ratingText = field("average_rating", record)
        let countText = field("ratings_count", record)
        let year = Double(yearText).flatMap { Int(exactly: $0) }
        let rating = Double(ratingText).flatMap { (0...5).contains($0) ? $0 : nil }
        let count = Int(countText).flatMap { $0 >= 0 ? $0 : nil }
        if !yearText.isEmpty && year == nil { return skip("original_publication_year is not a whole number.") }
        if !ratingText.isEmpty && rating == nil { return skip("average_rating is not a number from 0 to 5.") }
        if !countText.isEmpty && count == nil { return skip("ratings_count is not a non-negative integer.") }
        let isbn10 = Self.isbn10(field("isbn", record))
        return .book(
            Book(
                source: Self.source, sourceID: String(id), title: parsed.title, series: parsed.series,
                alternateTitles: AlternateTitles.derived(
                    title: parsed.title, originalTitle: field("original_title", record)),
                authors: field("authors", record).split(separator: ",").map { $0.trimmingWhitespace() }
                    .filter { !$0.isEmpty },
                year: year, isbn10: isbn10, isbn13: isbn10.flatMap(Self.isbn13(fromISBN10:)),
                language: Optional(field("language_code", record)).flatMap { $0.isEmpty ? nil : $0 },
                averageRating: rating, ratingsCount: count, coverURL: Self.coverURL(field("image_url", record)),
                smallCoverURL: Self.coverURL(field("small_image_url", record)),
                sourceURL: URL(string: "https://www.goodreads.com/book/show/\(id)")))
    }

    private func field(_ name: String, _ record: CSVRecord) -> String {
        header.field(name, in: record)
    }

    /// The ISBN-10 with its leading zeros restored, or `nil` unless it is 9 digits plus a digit or X.
    static func isbn10(_ text: String) -> String? {
        let upper = text.uppercased()
        guard !upper.isEmpty, upper.count <= 10 else { return nil }
        let padded = String(repeating: "0", count: 10 - upper.count) + upper
        guard padded.dropLast().allSatisfy(\.isASCIIDigit),
            padded.last.map({ $0.isASCIIDigit || $0 == "X" }) == true
        else { return nil }
        return padded
    }

    /// The ISBN-13 (`978` prefix) of an ISBN-10, with its check digit recomputed.
    static func isbn13(fromISBN10 isbn10: String) -> String? {
        let digits = ("978" + isbn10.prefix(9)).compactMap(\.wholeNumberValue)
        guard digits.count == 12 else { return nil }
        let sum = digits.enumerated().reduce(0) { sum, pair in
            sum + pair.element * (pair.offset.isMultiple(of: 2) ? 1 : 3)
        }
        return digits.map(String.init).joined() + String((10 - sum % 10) % 10)
    }

    /// The cover URL, or `nil` for Goodreads' "no photo" placeholder and for text that is no URL.
    static func coverURL(_ text: String) -> URL? {
        guard !text.isEmpty, !text.contains("/nophoto/") else { return nil }
        return URL(string: text)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
