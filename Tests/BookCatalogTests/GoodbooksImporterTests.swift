import BookCatalog
import BookStorage
import Foundation
import ScoutTestSupport
import Testing

@Suite(.timeLimit(.minutes(10))) struct GoodbooksImporterTests {
    private static let header =
        "book_id,goodreads_book_id,best_book_id,work_id,books_count,isbn,isbn13,authors,original_publication_year,"
        + "original_title,title,language_code,average_rating,ratings_count,work_ratings_count,"
        + "work_text_reviews_count,ratings_1,ratings_2,ratings_3,ratings_4,ratings_5,image_url,small_image_url"

    private static func row(
        id: String, title: String, authors: String = "Suzanne Collins", year: String = "2008.0",
        rating: String = "4.34", count: String = "4780653", isbn: String = "439023483", original: String = "Original"
    ) -> String {
        "1,\(id),\(id),1,1,\(isbn),9.78043902348e+12,\"\(authors)\",\(year),\"\(original)\",\"\(title)\",eng,\(rating),"
            + "\(count),1,1,1,1,1,1,1,https://images.gr-assets.com/books/1m/\(id).jpg,"
            + "https://s.gr-assets.com/assets/nophoto/book/50x75.png"
    }

    private static let smallCSV =
        [
            header,
            row(id: "2767052", title: "The Hunger Games (The Hunger Games, #1)"),
            row(id: "11", title: ""),  // line 3: missing title
            row(id: "6148028", title: "Catching Fire (The Hunger Games, #2)", count: "lots"),  // line 4: bad count
            row(id: "24280", title: "Les Misérables", authors: "Victor Hugo, Isabel F. Hapgood", year: "1862.0"),
            row(id: "x", title: "Bad id"),  // line 6
            row(id: "7", title: "Multi\nline title", rating: "7.5"),  // lines 7-8: bad rating
            row(id: "8", title: "Ancient", year: "-750.0", rating: "", count: ""),
        ].joined(separator: "\r\n") + "\r\n"

    @Test func importsGoodRowsAndReportsBadOnesWithLineNumbers() async throws {
        try await withTemporaryStore { store in
            let importer = GoodbooksImporter(store: store, batchSize: 2)
            let summary = try await importer.importBooks(from: CSVReader(text: Self.smallCSV))
            #expect(summary.imported == 3 && summary.updated == 0 && summary.unchanged == 0)
            #expect(summary.skipped.map(\.line) == [3, 4, 6, 7])
            #expect(try await store.count() == 3)

            let hunger = try #require(try await store.search("hunger", limit: 5).first)
            #expect(hunger.title == "The Hunger Games" && hunger.seriesName == "The Hunger Games")
            #expect(hunger.seriesNumber == 1 && hunger.year == 2008 && hunger.ratingsCount == 4_780_653)
            #expect(hunger.source == "goodbooks" && hunger.sourceID == "2767052")
            #expect(hunger.isbn10 == "0439023483" && hunger.isbn13 == "9780439023481")
            #expect(hunger.coverURL?.absoluteString == "https://images.gr-assets.com/books/1m/2767052.jpg")
            #expect(hunger.smallCoverURL == nil)
            #expect(hunger.sourceURL?.absoluteString == "https://www.goodreads.com/book/show/2767052")

            let hugo = try #require(try await store.search("les miser", limit: 5).first)
            #expect(hugo.authors == ["Victor Hugo", "Isabel F. Hapgood"])
            let ancient = try #require(try await store.search("ancient", limit: 5).first)
            #expect(ancient.year == -750 && ancient.averageRating == nil && ancient.ratingsCount == nil)
        }
    }

    /// `original_title` is an alternate title when its words differ from the title's; the title
    /// without its subtitle is one too. A file without the column still imports.
    @Test func originalTitlesAndShortTitlesAreAlternateTitles() async throws {
        let csv =
            [
                Self.header,
                Self.row(id: "1", title: "The Little Prince", original: "Le Petit Prince"),
                Self.row(id: "2", title: "The Hunger Games (The Hunger Games, #1)", original: "The Hunger Games"),
                Self.row(id: "3", title: "The Hobbit: Graphic Novel", original: "The Hobbit"),
                Self.row(id: "4", title: "Sapiens: A Brief History of Humankind", original: ""),
                Self.row(id: "5", title: "Les Misérables", original: "Les misérables"),
            ].joined(separator: "\n")
        let withoutColumn = csv.replacingOccurrences(of: "original_title,", with: "ignored,")
        try await withTemporaryStore { store in
            _ = try await GoodbooksImporter(store: store).importBooks(from: CSVReader(text: csv))
            #expect(
                try await store.allBooks().map(\.alternateTitles) == [
                    ["Le Petit Prince"], [], ["The Hobbit"], ["Sapiens"], [],
                ])
            let again = try await GoodbooksImporter(store: store).importBooks(from: CSVReader(text: withoutColumn))
            #expect(again.updated == 1 && again.unchanged == 4)  // only The Little Prince loses its original
            #expect(try await store.allBooks().first?.alternateTitles == [])
        }
    }

    @Test func importingTwiceChangesNothing() async throws {
        try await withTemporaryStore { store in
            let importer = GoodbooksImporter(store: store)
            _ = try await importer.importBooks(from: CSVReader(text: Self.smallCSV))
            let again = try await importer.importBooks(from: CSVReader(text: Self.smallCSV))
            #expect(again.imported == 0 && again.updated == 0 && again.unchanged == 3)
            #expect(try await store.count() == 3)
        }
    }

    @Test func aHeaderWithoutTheColumnsIsRefused() async throws {
        try await withTemporaryStore { store in
            await #expect(throws: BookCatalogError.self) {
                try await GoodbooksImporter(store: store).importBooks(from: CSVReader(text: "id,name\n1,x\n"))
            }
        }
    }

    @Test(
        "Imports the real goodbooks-10k books.csv (reads ../shared)",
        .enabled(if: Requirement.sharedFixtures.mayRun, Comment(rawValue: Requirement.sharedFixtures.skipReason)))
    func importsTheRealGoodbooksFileFromShared() async throws {
        let url = try SharedFixtures.url("data/goodbooks-10k/books.csv")
        try await withTemporaryStore { store in
            let importer = GoodbooksImporter(store: store)
            let first = try await importer.importBooks(from: url)
            print("goodbooks-10k import: \(first.imported) books in \(first.elapsed), skipped \(first.skipped)")
            #expect(first.imported == 10_000 && first.skipped.isEmpty)
            #expect(try await store.count() == 10_000)

            let hits = try await store.search("hunger games", limit: 10)
            #expect(hits.first?.title == "The Hunger Games")
            #expect(hits.first?.seriesNumber == 1)
            // Her own books, the most read first, before a title that names her deep in a subtitle
            // ("… on Suzanne Collins' Hunger Games Trilogy"), which still comes among the first.
            let byName = try await store.search("suzanne collins", limit: 10).map(\.title)
            #expect(byName.prefix(2) == ["The Hunger Games", "Catching Fire"])
            #expect(byName.contains { $0.hasSuffix("on Suzanne Collins' Hunger Games Trilogy") })
            #expect(try await store.search("collins", limit: 50).contains { $0.title == "Catching Fire" })
            #expect(try await store.search("les miser", limit: 3).first?.title == "Les Misérables")

            // Alternate titles from original_title and from titles with a subtitle.
            func alternates(_ goodreadsID: String) async throws -> [String]? {
                try await store.book(key: BookKey(source: GoodbooksRow.source, sourceID: goodreadsID))?.alternateTitles
            }
            #expect(try await alternates("3") == ["Harry Potter and the Philosopher's Stone"])
            #expect(try await alternates("157993") == ["Le Petit Prince"])  // The Little Prince
            #expect(try await alternates("320") == ["Cien años de soledad"])  // One Hundred Years of Solitude
            #expect(try await alternates("5907") == ["The Hobbit or There and Back Again"])
            #expect(try await alternates("659469") == ["The Hobbit"])  // The Hobbit: Graphic Novel
            // original_title is "The Hunger Games", the title itself: no alternate.
            #expect(try await alternates("2767052") == [])
            let books = try await store.allBooks()
            let withAlternates = books.filter { !$0.alternateTitles.isEmpty }
            print(
                "goodbooks-10k alternate titles: \(withAlternates.count) books have some, "
                    + "\(withAlternates.map(\.alternateTitles.count).reduce(0, +)) in all")
            #expect(withAlternates.count > 1_000 && withAlternates.count < books.count)
            #expect(
                books.allSatisfy { book in
                    book.alternateTitles.count <= FieldLimits.alternateTitles.count
                        && book.alternateTitles.allSatisfy {
                            !$0.isEmpty && $0.utf8.count <= FieldLimits.alternateTitles.bytes && $0 != book.title
                        }
                })

            let second = try await importer.importBooks(from: url)
            print("goodbooks-10k re-import: \(second.unchanged) unchanged in \(second.elapsed)")
            #expect(second.imported == 0 && second.updated == 0 && second.unchanged == 10_000)
            #expect(try await store.count() == 10_000)
        }
    }
}
