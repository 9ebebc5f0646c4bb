import BookCatalog
import BookStorage
import Foundation
import ScoutTestSupport
import Testing

/// The CSV Goodreads members download from their account, on a file written for these tests in
/// the export's real column layout.
@Suite(.timeLimit(.minutes(10))) struct GoodreadsExportTests {
    static let export = #"""
        Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies
        2767052,"The Hunger Games (The Hunger Games, #1)",Suzanne Collins,"Collins, Suzanne",,="0439023483",="9780439023481",5,4.34,Scholastic Press,Hardcover,374,2008,2008,2020/01/02,2019/12/01,"favorites, dystopia","favorites (#1), dystopia (#3)",read,,,,1,0
        386372,"Mort (Death, #1; Discworld, #4)",Terry Pratchett,"Pratchett, Terry",,="0552131067",="9780552131063",0,4.22,Corgi,Paperback,272,1987,1987,,2021/03/04,to-read,to-read (#12),to-read,,,,0,0
        7624,Lord of the Flies,William Golding,"Golding, William","Edmund L. Epstein",="",="",3,3.68,Perigee,Paperback,182,2003,1954,2018/05/06,2018/05/01,,,read,,,,1,0
        oops,No id,Nobody,,,,,0,,,,,,,,,,,read,,,,0,0

        """#

    static let requiredColumns = ["Book Id", "Title", "Author", "My Rating", "Exclusive Shelf"]

    @Test func importsBooksAndTheMembersReadings() async throws {
        try await withTemporaryDirectory(prefix: "scout-export") { directory in
            let url = directory.appendingPathComponent("goodreads_library_export.csv")
            try Data(Self.export.utf8).write(to: url)
            try await withTemporaryStore { store in
                let summary = try await GoodreadsExportImporter(store: store, reader: "ada").importExport(from: url)
                #expect(summary.imported == 3)
                #expect(summary.signals == 3)
                #expect(summary.skipped == [SkippedRow(line: 5, reason: "Book Id is not a positive integer.")])
                let hunger = try #require(try await store.book(key: BookKey(source: "goodreads", sourceID: "2767052")))
                #expect(hunger.title == "The Hunger Games" && hunger.seriesNumber == 1)
                #expect(hunger.isbn10 == "0439023483" && hunger.isbn13 == "9780439023481")
                let mort = try #require(try await store.book(key: BookKey(source: "goodreads", sourceID: "386372")))
                #expect(
                    mort.title == "Mort"
                        && mort.series == [
                            SeriesMembership(name: "Death", number: 1), SeriesMembership(name: "Discworld", number: 4),
                        ])
                #expect(hunger.tags == ["favorites", "dystopia"])
                let flies = try #require(try await store.book(key: BookKey(source: "goodreads", sourceID: "7624")))
                #expect(flies.authors == ["William Golding", "Edmund L. Epstein"] && flies.year == 1954)
                #expect(flies.isbn10 == nil)
                let picks = try await store.readerPicks(minimumRating: 3)
                #expect(Set(picks.map(\.reader)) == ["goodreads:ada"] && picks.count == 2)

                let again = try await GoodreadsExportImporter(store: store, reader: "ada").importExport(from: url)
                #expect(again.imported == 0 && again.unchanged == 3)
            }
        }
    }

    /// The export has no original title: a book's only alternate title is its title without
    /// the subtitle.
    @Test func aTitleWithASubtitleGivesTheShortTitleAsAlternate() async throws {
        let header = try #require(Self.export.split(separator: "\n").first)
        let rows = [
            #"23692271,"Sapiens: A Brief History of Humankind",Yuval Noah Harari,"Harari, Yuval Noah",,="",="",4,4.39,,,,2015,2011,,2021/01/01,,,read,,,,1,0"#,
            #"7624,Lord of the Flies,William Golding,"Golding, William",,="",="",3,3.68,,,,2003,1954,,2018/05/01,,,read,,,,1,0"#,
        ]
        try await withTemporaryDirectory(prefix: "scout-export") { directory in
            let url = directory.appendingPathComponent("export.csv")
            try Data(([String(header)] + rows).joined(separator: "\n").utf8).write(to: url)
            try await withTemporaryStore { store throws in
                #expect(try await GoodreadsExportImporter(store: store).importExport(from: url).imported == 2)
                #expect(try await store.allBooks().map(\.alternateTitles) == [["Sapiens"], []])
            }
        }
    }

    @Test func aBookAlreadyImportedFromGoodbooksGetsTheReadingNotACopy() async throws {
        try await withTemporaryDirectory(prefix: "scout-export") { directory in
            let url = directory.appendingPathComponent("export.csv")
            try Data(Self.export.utf8).write(to: url)
            try await withTemporaryStore { store in
                let goodbooks = Book(
                    source: "goodbooks", sourceID: "2767052", title: "The Hunger Games", ratingsCount: 9)
                _ = try await store.upsert([goodbooks])
                let summary = try await GoodreadsExportImporter(store: store).importExport(from: url)
                #expect(summary.imported == 2)
                #expect(try await store.book(key: BookKey(source: "goodreads", sourceID: "2767052")) == nil)
                let stored = try #require(try await store.book(key: BookKey(goodbooks)))
                #expect(
                    try await store.readerPicks(minimumRating: 5) == [
                        ReaderPick(reader: "goodreads:me", book: stored.id)
                    ])
            }
        }
    }

    @Test func aFileThatIsNotAnExportSaysSo() async throws {
        try await withTemporaryDirectory(prefix: "scout-export") { directory in
            let url = directory.appendingPathComponent("books.csv")
            try Data("title,author\nDune,Frank Herbert\n".utf8).write(to: url)
            try await withTemporaryStore { store in
                await #expect(throws: BookCatalogError.missingColumns(GoodreadsExportTests.requiredColumns)) {
                    _ = try await GoodreadsExportImporter(store: store).importExport(from: url)
                }
            }
        }
    }
}
