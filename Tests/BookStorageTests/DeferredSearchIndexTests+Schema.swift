import BookCatalog
import BookStorage
import Foundation
import SQLite
import ScoutTestSupport
import Testing

/// What a deferred import leaves besides the search index's words: the same rows and the same
/// schema as a book-by-book import, `books_series` included, which it builds once at its end.
extension DeferredSearchIndexTests {
    /// Every index, table and trigger's definition, by name.
    static func schema(_ store: SQLiteBookStore) async throws -> [String] {
        try await store.database.query(
            "SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_master ORDER BY name"
        ) { try $0.string(0) }
    }

    /// Every row of `table` in `order`, each as its values.
    static func rows(_ store: SQLiteBookStore, _ table: String, order: String) async throws -> [[SQLiteValue]] {
        let rows = try await store.database.query("SELECT * FROM \(table) ORDER BY \(order)")
        return try rows.map { row in try (0..<row.count).map { try row.value($0) } }
    }

    static func hasSeriesIndex(_ store: SQLiteBookStore) async throws -> Bool {
        try await store.database.query("SELECT count(*) FROM sqlite_master WHERE name = 'books_series'") {
            try $0.int(0)
        } == [1]
    }

    /// Books of which every third is in a series, for `books_series`.
    static func booksInSeries(_ first: Int, count: Int) -> [Book] {
        Self.books(first, count: count).map { book in
            var book = book
            if let number = Int(book.sourceID), number % 3 == 0 {
                book.series = [SeriesMembership(name: "Saga \(number % 7)", number: Double(number))]
            }
            return book
        }
    }

    @Test func aDeferredImportLeavesTheRowsAndSchemaOfABookByBookOne() async throws {
        let deferred = try await SQLiteBookStore(path: ":memory:")
        let byBook = try await SQLiteBookStore(path: ":memory:")
        let books = Self.booksInSeries(0, count: 60)
        for (index, first) in stride(from: 0, to: books.count, by: 20).enumerated() {
            let part = Array(books[first..<first + 20])
            _ = try await deferred.apply(Self.batch(part, toFollow: index == 2 ? 0 : 50_000, position: first + 20))
            _ = try await byBook.apply(Self.batch(part, toFollow: 0, position: first + 20))
        }
        #expect(try await Self.schema(deferred) == Self.schema(byBook))
        #expect(try await Self.hasSeriesIndex(deferred))
        for (table, order) in [("books", "id"), ("book_keys", "source, source_id"), ("books_fts", "rowid")] {
            #expect(try await Self.rows(deferred, table, order: order) == Self.rows(byBook, table, order: order))
        }
        #expect(try await deferred.integrityProblems().isEmpty)
    }

    /// `books_series` is left out while an import defers (nothing of Scout reads it) and built
    /// once by its last batch.
    @Test func theSeriesIndexIsBuiltByTheLastBatch() async throws {
        let store = try await SQLiteBookStore(path: ":memory:")
        _ = try await store.apply(Self.batch(Self.booksInSeries(0, count: 30), toFollow: 50_000, position: 30))
        #expect(try await !Self.hasSeriesIndex(store))
        _ = try await store.apply(Self.batch(Self.booksInSeries(30, count: 30), toFollow: 0))
        #expect(try await Self.hasSeriesIndex(store))
        let inSeries = try await store.database.query(
            "SELECT count(*) FROM books INDEXED BY books_series WHERE series_name IS NOT NULL"
        ) { try $0.int(0) }
        #expect(inSeries == [20])
    }

    /// A killed deferred import leaves the mark without `books_series`: the next write that is
    /// not part of a bulk import completes it (the rebuild), as the next search does.
    @Test func theNextWriteCompletesAKilledDeferredImport() async throws {
        try await withTemporaryDirectory(prefix: "scout-deferred") { directory in
            let path = directory.appendingPathComponent("books.sqlite").path
            do {
                let importing = try await SQLiteBookStore(path: path)
                _ = try await importing.apply(
                    Self.batch(Self.booksInSeries(0, count: 30), toFollow: 90_000, position: 30))
                try await importing.releaseImportLock()  // the kernel's part when the process dies
            }
            let reopened = try await SQLiteBookStore(path: path)
            #expect(try await reopened.isSearchIndexStale())
            #expect(try await !Self.hasSeriesIndex(reopened))
            _ = try await reopened.upsert(Self.booksInSeries(30, count: 1))
            #expect(try await !reopened.isSearchIndexStale())
            #expect(try await Self.hasSeriesIndex(reopened))
            #expect(try await Self.indexedRows(reopened) == 31)
        }
    }
}
