import Foundation

/// Maps rows of the CSV a Goodreads member downloads from their account ("Import and export" →
/// "Export library") to a book and the member's reading of it.
///
/// The export quotes ISBNs as spreadsheet formulas (`="0439023483"`), leaves `My Rating` at 0
/// for unrated books, and names the shelf in `Exclusive Shelf` (`read`, `to-read`,
/// `currently-reading`). A book already in the catalog from goodbooks-10k (same Goodreads id) is
/// not duplicated: the reading attaches to it, and the row's own book data is not written.
/// The export has no original title, so a book's only alternate title is its title without the
/// subtitle (see ``AlternateTitles``).
///
/// ```swift
/// let mapper = try GoodreadsExportRow(header: headerRecord.fields, reader: "me")
/// let rows = mapper.rows(from: record, knownAs: existingKey)
/// ```
struct GoodreadsExportRow: Sendable {
    /// The source of books that come from an export: the natural key is (`"goodreads"`, Book Id).
    static let source = "goodreads"

    /// The columns a file must have.
    static let requiredColumns = ["Book Id", "Title", "Author", "My Rating", "Exclusive Shelf"]

    private let header: CSVHeader
    /// Who the readings belong to, such as `"goodreads:me"`.
    let reader: String

    init(header: [String], reader: String) throws(BookCatalogError) {
        self.header = try CSVHeader(header, requiring: Self.requiredColumns)
        self.reader = reader
    }

    /// The Goodreads id of `record`, if it has a valid one.
    func goodreadsID(of record: CSVRecord) -> String? {
        let id = header.field("Book Id", in: record)
        return Int64(id).flatMap { $0 > 0 ? id : nil }
    }

    /// The book (unless `existing` already names it in the catalog) and the reading in `record`,
    /// or why the row is skipped.
    func rows(from record: CSVRecord, existing: BookKey?) -> [ImportRow] {
        func skip(_ reason: String) -> [ImportRow] { [.skipped(SkippedRow(line: record.line, reason: reason))] }
        guard let id = goodreadsID(of: record) else { return skip("Book Id is not a positive integer.") }
        let parsed = SeriesTitle(parsing: header.field("Title", in: record))
        guard !parsed.title.isEmpty else { return skip("The title is empty.") }
        let ratingText = header.field("My Rating", in: record)
        guard let rating = Int(ratingText.isEmpty ? "0" : ratingText), (0...5).contains(rating) else {
            return skip("My Rating is not a whole number from 0 to 5.")
        }
        let shelf = header.field("Exclusive Shelf", in: record)
        let key = existing ?? BookKey(source: Self.source, sourceID: id)
        let reading = Reading(
            reader: reader, book: key, rating: rating == 0 ? nil : rating, wantsToRead: shelf == "to-read")
        guard existing == nil else { return [.reading(reading)] }
        let isbn10 = Self.unformula(header.field("ISBN", in: record))
        let isbn13 = Self.unformula(header.field("ISBN13", in: record))
        let additional = header.field("Additional Authors", in: record).split(separator: ",").map {
            $0.trimmingWhitespace()
        }
        let year =
            Int(header.field("Original Publication Year", in: record))
            ?? Int(header.field("Year Published", in: record))
        let shelves = header.field("Bookshelves", in: record).split(separator: ",").map { $0.trimmingWhitespace() }
        let book = Book(
            source: Self.source, sourceID: id, title: parsed.title, series: parsed.series,
            alternateTitles: AlternateTitles.derived(title: parsed.title, originalTitle: nil),
            authors: ([header.field("Author", in: record)] + additional).filter { !$0.isEmpty }, year: year,
            isbn10: isbn10.flatMap(GoodbooksRow.isbn10), isbn13: isbn13.flatMap { $0.count == 13 ? $0 : nil },
            averageRating: Double(header.field("Average Rating", in: record)).flatMap {
                (0...5).contains($0) ? $0 : nil
            },
            tags: shelves.filter { !$0.isEmpty && !Self.exclusiveShelves.contains($0) },
            sourceURL: URL(string: "https://www.goodreads.com/book/show/\(id)"))
        return [.book(book), .reading(reading)]
    }

    /// Shelves every member has; they say nothing about the book.
    static let exclusiveShelves: Set<String> = ["read", "to-read", "currently-reading"]

    /// `="0439023483"` → `0439023483`; `=""` and empty → `nil`.
    static func unformula(_ text: String) -> String? {
        var value = Substring(text)
        if value.hasPrefix("=") { value = value.dropFirst() }
        value = value.trimmingCharacters(in: ["\""])[...]
        return value.isEmpty ? nil : String(value)
    }
}
