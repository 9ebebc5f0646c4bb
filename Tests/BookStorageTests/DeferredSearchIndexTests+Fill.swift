import BookCatalog
import Foundation
import SQLite
import ScoutTestSupport
import Testing

@testable import BookStorage

/// The rebuild folds the index's words on another core (SQLiteBookStore+IndexFill.swift): its
/// rows must be the ones the triggers write book by book, for every part of a book the index
/// holds, over more books than one chunk of the fill.
extension DeferredSearchIndexTests {
    /// Books with every kind of text the index row is made of, or none of it: alternate titles,
    /// several series (one without a name's words), no authors, readings of CJK titles, and
    /// ratings that reorder the index's keys.
    static func booksOfEveryShape(count: Int) -> [Book] {
        (0..<count).map { number in
            var book = Book(
                source: "shapes", sourceID: String(number), title: "Quillon \(Self.word(number))",
                authors: number % 4 == 0 ? [] : ["Author \(number % 9)", "Ånne Ørsted"],
                ratingsCount: number % 3 == 0 ? nil : (number * 7919) % 5_000)
            if number % 2 == 0 { book.alternateTitles = ["Le \(Self.word(number + 1))", "Ｆｕｌｌ ｗｉｄｔｈ"] }
            if number % 5 == 0 {
                book.series = [
                    SeriesMembership(name: "Saga \(number % 7)", number: Double(number)),
                    SeriesMembership(name: "Discworld", number: nil),
                ]
            }
            if number % 6 == 0 {
                book.title = "人間失格 \(number)"
                book.authors = ["太宰治"]
                book.textReadings = ["人間失格": "ニンゲン シッカク", "太宰治": "だざい おさむ"]
            }
            return book
        }
    }

    @Test func theRebuildWritesTheIndexRowsTheTriggersWriteBookByBook() async throws {
        let deferred = try await SQLiteBookStore(path: ":memory:")
        let byBook = try await SQLiteBookStore(path: ":memory:")
        // Past two chunks of the fill, and not a multiple of one: full chunks and a remainder.
        let books = Self.booksOfEveryShape(count: SQLiteBookStore.indexFillChunk * 2 + 345)
        let half = books.count / 2
        _ = try await deferred.apply(Self.batch(Array(books[..<half]), toFollow: 50_000, position: half))
        #expect(try await deferred.isSearchIndexStale())
        _ = try await deferred.apply(Self.batch(Array(books[half...]), toFollow: 0))
        _ = try await byBook.apply(Self.batch(books, toFollow: 0))
        #expect(try await !deferred.isSearchIndexStale())
        let indexRows = try await Self.rows(deferred, "books_fts", order: "rowid")
        #expect(indexRows.count == books.count)
        #expect(try await indexRows == Self.rows(byBook, "books_fts", order: "rowid"))
        // A series name is found in both, most read first: the fill wrote the same keys.
        let hits = try await Self.fullTextHits(deferred, "discworld")
        #expect(hits.count == 30)
        #expect(try await hits == Self.fullTextHits(byBook, "discworld"))
    }

    /// Lists written around the store, as a hand or another tool may write them: escapes, white
    /// space, numbers and `null` among the names, an object or a string for a list, a series key
    /// twice, a number written otherwise. The triggers index them through SQLite's JSON
    /// functions, and the rebuild, whatever way it makes its rows, must write the same ones.
    @Test func theRebuildIndexesListsWrittenAroundTheStoreAsTheTriggersDo() async throws {
        let store = try await SQLiteBookStore(path: ":memory:")
        let ids = try await store.upsert(Self.booksOfEveryShape(count: 40)).ids
        let written: [(column: String, json: String)] = [
            ("authors", #"["Ann \"Nan\" Lee", "B\\C", "D\u00e9j\u00E0 \ud83d\ude00"]"#),
            ("authors", "[ \"Ann\" ,\t\"Bo\" ]"),
            ("authors", #"["Ann", 7, null, true, 1.5]"#),
            ("authors", #"{"first": "Ann", "second": "Bo"}"#),
            ("authors", #""Ann""#),
            ("authors", "[]"),
            ("alternate_titles", #"["Le \/ Titre", "Zweiter"]"#),
            ("alternate_titles", #"[["nested"], "Flat"]"#),
            ("series", #"[{"name":"Saga","number":1}]"#),
            ("series", #"[{"name":"First","name":"Second","number":2.0}]"#),
            ("series", #"[{"number":3.0},{"name":"Named"}]"#),
            ("series", #"[{"name":"Sp\u00e4t","part":"Teil 1"}]"#),
            ("series", #"[{ "name" : "Spaced" }]"#),
            ("series", #"[{"name":"Kept","number":4.0}]"#),
            ("text_readings", #"["人間失格","ニンゲン \"シッカク\""]"#),
        ]
        for (index, list) in written.enumerated() {
            try await store.database.execute(
                "UPDATE books SET \(list.column) = ? WHERE id = ?", [.text(list.json), .integer(ids[index])])
        }
        let indexRows = "SELECT rowid, title, authors FROM books_fts ORDER BY rowid"
        let byTriggers = try await store.database.query(indexRows) { row in try (0..<3).map { try row.value($0) } }
        try await store.database.execute("UPDATE catalog_state SET search_index_stale = 1")
        _ = try await store.search("quillon", limit: 1)  // a search rebuilds a stale index first
        #expect(try await !store.isSearchIndexStale())
        let rebuilt = try await store.database.query(indexRows) { row in try (0..<3).map { try row.value($0) } }
        #expect(rebuilt.count == 40)
        #expect(rebuilt == byTriggers)
    }
}
