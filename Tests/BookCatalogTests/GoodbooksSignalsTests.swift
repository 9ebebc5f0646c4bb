import BookCatalog
import BookStorage
import Foundation
import SQLite
import ScoutTestSupport
import Testing

/// goodbooks-10k's tags, ratings and to-read files, on small files written for these tests.
@Suite(.timeLimit(.minutes(10))) struct GoodbooksSignalsTests {
    static let books = """
        book_id,goodreads_book_id,title,authors,isbn,original_publication_year,language_code,average_rating,ratings_count,image_url,small_image_url
        1,101,"The Hunger Games (The Hunger Games, #1)",Suzanne Collins,439023483,2008.0,eng,4.34,100,,
        2,102,"Catching Fire (The Hunger Games, #2)",Suzanne Collins,439023491,2009.0,eng,4.3,90,,
        3,103,Divergent,Veronica Roth,62024035,2011.0,eng,4.24,80,,
        4,104,Emma,Jane Austen,,1815.0,eng,4.0,70,,

        """
    static let tags = "tag_id,tag_name\n1,to-read\n2,dystopia\n3,young-adult\n4,classics\n5,romance\n"
    static let bookTags = """
        goodreads_book_id,tag_id,count
        101,1,500
        101,3,300
        101,2,400
        102,1,400
        102,2,350
        102,3,200
        103,2,300
        103,3,250
        103,1,100
        104,4,200
        104,5,150
        104,1,90
        999,2,1
        105,77,3

        """
    // Readers 1–3 love books 1 and 2; reader 3 loves 3 too; line 9 has a rating of 7.
    static let ratings = "user_id,book_id,rating\n1,1,5\n1,2,4\n2,1,4\n2,2,5\n3,1,5\n3,2,5\n3,3,4\n4,4,7\n4,4,2\n"
    static let toRead = "user_id,book_id\n5,3\n5,9\n"

    /// Writes the files and runs `body` with their URLs.
    static func withFiles<T>(_ body: (GoodbooksFiles, SQLiteBookStore) async throws -> T) async throws -> T {
        try await withTemporaryDirectory(prefix: "scout-goodbooks") { directory in
            func write(_ name: String, _ text: String) throws -> URL {
                let url = directory.appendingPathComponent(name)
                try Data(text.utf8).write(to: url)
                return url
            }
            let files = GoodbooksFiles(
                books: try write("books.csv", books), tags: try write("tags.csv", tags),
                bookTags: try write("book_tags.csv", bookTags), ratings: try write("ratings.csv", ratings),
                toRead: try write("to_read.csv", toRead))
            let store = try await SQLiteBookStore(path: directory.appendingPathComponent("books.sqlite").path)
            return try await body(files, store)
        }
    }

    @Test func importsTagsMostUsedFirstAndReportsBadRows() async throws {
        try await Self.withFiles { files, store in
            let summaries = try await GoodbooksImporter(store: store, batchSize: 2).importFiles(files)
            #expect(summaries.map(\.phase) == ["books.csv", "book_tags.csv", "ratings.csv", "to_read.csv"])
            let tagSummary = summaries[1]
            #expect(tagSummary.signals == 4)
            #expect(tagSummary.unmatched == 1)  // goodreads id 999 is not a book
            #expect(tagSummary.skipped == [SkippedRow(line: 15, reason: "tag_id is not in tags.csv.")])
            let hunger = try #require(try await store.book(key: BookKey(source: "goodbooks", sourceID: "101")))
            #expect(hunger.tags == ["to-read", "dystopia", "young-adult"])
            #expect(hunger.seriesName == "The Hunger Games")
        }
    }

    @Test func importsRatingsAndToReadAsReadings() async throws {
        try await Self.withFiles { files, store in
            let summaries = try await GoodbooksImporter(store: store).importFiles(files)
            #expect(summaries[2].signals == 8)
            #expect(summaries[2].skipped == [SkippedRow(line: 9, reason: "rating is not a whole number from 1 to 5.")])
            #expect(summaries[3].signals == 1)
            #expect(summaries[3].skipped == [SkippedRow(line: 3, reason: "book_id is not a book_id of books.csv.")])
            let picks = try await store.readerPicks(minimumRating: 4)
            #expect(picks.count == 7)
            #expect(Set(picks.map(\.reader)) == ["goodbooks:1", "goodbooks:2", "goodbooks:3"])
            let shelved = try await store.database.query("SELECT count(*) FROM readings WHERE wants_to_read = 1") {
                try $0.int(0)
            }
            #expect(shelved == [1])
        }
    }

    @Test func importingAgainChangesNothingAndBooksAloneKeepTags() async throws {
        try await Self.withFiles { files, store in
            let importer = GoodbooksImporter(store: store)
            _ = try await importer.importFiles(files)
            let before = try await store.allBooks()
            let generation = try await store.generation()
            let again = try await importer.importFiles(files)
            #expect(again[0].imported == 0 && again[0].updated == 0 && again[0].unchanged == 4)
            #expect(try await store.allBooks() == before)
            _ = try await importer.importBooks(from: files.books)
            #expect(try await store.allBooks() == before)
            #expect(try await store.generation() == generation + 1)  // only the re-applied tags bumped it
            #expect(try await store.readerPicks(minimumRating: 1).count == 8)
        }
    }

    @Test func relationsFromTagsAndReaders() async throws {
        try await Self.withFiles { files, store in
            _ = try await GoodbooksImporter(store: store).importFiles(files)
            try await store.rebuildRelations()
            let hunger = try #require(try await store.book(key: BookKey(source: "goodbooks", sourceID: "101")))
            let tagged = try await store.related(to: hunger.id, kind: .similarTags)
            #expect(tagged.map(\.book.title) == ["Catching Fire", "Divergent"])
            #expect(tagged.first?.relation.reason == "shares tags: dystopia, young adult")
            let enjoyed = try await store.related(to: hunger.id, kind: .alsoEnjoyed)
            #expect(enjoyed.map(\.book.title) == ["Catching Fire"])  // Divergent: 1 reader, below support
            #expect(enjoyed.first?.relation.reason == "100 % of readers who loved this also loved that")
            #expect(try await store.integrityProblems().isEmpty)
        }
    }
}
