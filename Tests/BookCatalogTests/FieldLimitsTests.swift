import BookCatalog
import BookStorage
import Foundation
import ScoutTestSupport
import Testing

/// Issue 33: every way a book enters the catalog caps its fields to ``FieldLimits`` and counts
/// the cuts — goodbooks-10k, a Goodreads export and JSON Lines with giant fields, imported into
/// a real store. Before, 1.9 MB titles were stored whole.
@Suite("Field limits", .timeLimit(.minutes(10)))
struct FieldLimitsTests {
    /// 1.9 MB of one accented letter written as a letter and a combining mark (3 bytes each).
    static let giant = String(repeating: "e\u{301}", count: 1_900_000 / 3)

    @Test(
        "a cut keeps whole characters within the byte limit",
        arguments: [
            ("ab👍🏽", 5, "ab"), ("ab👍🏽", 10, "ab👍🏽"), ("e\u{301}e\u{301}", 5, "e\u{301}"),
            // One letter under 1,000 combining marks: cut between scalars rather than to nothing.
            ("a" + String(repeating: "\u{301}", count: 1_000), 5, "a\u{301}\u{301}"), ("", 0, ""),
        ])
    func cut(text: String, bytes: Int, expected: String) {
        let cut = FieldLimit(bytes: bytes).cut(text)
        #expect(cut == expected)
        #expect(cut.utf8.count <= max(bytes, 0))
    }

    /// Whether every field of `book` is within its limit.
    private func isCapped(_ book: Book) -> Bool {
        func fits(_ text: String?, _ limit: FieldLimit) -> Bool { (text?.utf8.count ?? 0) <= limit.bytes }
        func fits(_ list: [String], _ limit: FieldLimit) -> Bool {
            list.count <= limit.count && list.allSatisfy { fits($0, limit) }
        }
        return fits(book.title, FieldLimits.title) && fits(book.authors, FieldLimits.authors)
            && fits(book.tags, FieldLimits.tags) && fits(book.alternateTitles, FieldLimits.alternateTitles)
            && fits(book.series.map(\.name), FieldLimits.series) && fits(book.description, FieldLimits.description)
            && fits(book.language, FieldLimits.language)
            && fits(Array(book.textReadings.values), FieldLimits.textReadings)
            && book.textReadings.keys.allSatisfy {
                ([book.title] + book.series.map(\.name) + book.authors + book.alternateTitles).contains($0)
            }
    }

    @Test("goodbooks-10k: a giant title, original title and a thousand authors are cut and counted")
    func goodbooks() async throws {
        let header =
            "book_id,goodreads_book_id,isbn,authors,original_publication_year,original_title,title,language_code,"
            + "average_rating,ratings_count,image_url,small_image_url"
        let authors = (0..<1_000).map { "Author \($0) " + String(repeating: "a", count: 300) }.joined(separator: ", ")
        let row = "1,42,439023483,\"\(authors)\",2008,\"Original \(Self.giant)\",\"\(Self.giant)\",eng,4.3,10,,"
        try await withTemporaryDirectory(prefix: "scout-limits") { directory in
            let url = directory.appending(path: "books.csv")
            try Data((header + "\n" + row + "\n").utf8).write(to: url)
            try await withTemporaryStore { store in
                let summary = try await GoodbooksImporter(store: store).importBooks(from: url)
                #expect(summary.imported == 1)
                #expect(summary.truncatedFields == 3)  // title, alternate titles, authors
                let book = try #require(try await store.allBooks().first)
                #expect(isCapped(book) && book.authors.count == FieldLimits.authors.count)
                #expect(book.title.unicodeScalars.last == "\u{301}")
            }
        }
    }

    @Test("a Goodreads export: a giant title and 500 shelves are cut and counted")
    func goodreadsExport() async throws {
        let shelves = (0..<500).map { "shelf-\($0)-" + String(repeating: "s", count: 200) }.joined(separator: ", ")
        let export = """
            Book Id,Title,Author,Additional Authors,My Rating,Bookshelves,Exclusive Shelf
            7624,"\(Self.giant)",William Golding,,3,"\(shelves)",read

            """
        try await withTemporaryDirectory(prefix: "scout-limits") { directory in
            let url = directory.appending(path: "goodreads_library_export.csv")
            try Data(export.utf8).write(to: url)
            try await withTemporaryStore { store in
                let summary = try await GoodreadsExportImporter(store: store).importExport(from: url)
                #expect(summary.imported == 1)
                #expect(summary.truncatedFields == 2)  // title, tags
                let book = try #require(try await store.allBooks().first)
                #expect(isCapped(book) && book.tags.count == FieldLimits.tags.count)
            }
        }
    }

    @Test("JSON Lines: every field giant is cut and counted; a key over its limit refuses the line")
    func jsonLines() async throws {
        let many = { (count: Int, prefix: String) in
            (0..<count).map { "\"\(prefix)\($0)\(String(repeating: "x", count: 300))\"" }.joined(separator: ",")
        }
        let giant = Self.giant
        let line = """
            {"source":"m","sourceID":"1","title":"\(giant)","authors":[\(many(100, "a"))],"tags":[\(many(200, "t"))],\
            "alternateTitles":[\(many(20, "alt"))],"description":"\(giant)","language":"\(giant)",\
            "series":[{"name":"\(giant)","number":1}],"isbn13":"\(giant)",\
            "coverURL":"https://example.org/\(String(repeating: "c", count: 3_000)).jpg",\
            "titleReading":"\(giant)","authorReadings":[\(many(100, "r"))]}
            """
        let longKey = #"{"source":"m","sourceID":"\#(String(repeating: "k", count: 3_000))","title":"Dune"}"#
        try await withTemporaryStore { store in
            let summary = try await JSONLinesImporter(store: store).importBooks(
                from: Data((line + "\n" + longKey).utf8))
            #expect(summary.imported == 1)
            #expect(summary.skipped == [SkippedRow(line: 2, reason: "The field sourceID is longer than 2048 bytes.")])
            // Title, alternate titles, authors, tags, description, language, series, ISBN-13, cover,
            // readings (the giant title's is gone with its text; 24 authors' kept, each cut).
            #expect(summary.truncatedFields == 10)
            let book = try #require(try await store.allBooks().first)
            #expect(isCapped(book) && book.isbn13 == nil && book.coverURL == nil)
            #expect(book.textReadings.count == FieldLimits.textReadings.count)
        }
    }
}
