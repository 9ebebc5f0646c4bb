import Foundation
import SQLite
import ScoutTestSupport
import Testing

@testable import BookCatalog
@testable import BookStorage

/// An import computes its books' match keys on its reading task and hands them to the store
/// with the batch (``ImportBatch/matchKeys``), so SQLite's writer does not (issue #37). These
/// tests hold the stored catalog to the one the old path wrote, the store computing the keys
/// itself: every row of `books`, `book_keys` and `books_fts`, byte for byte, through a real
/// import and through batches that defer the full-text index, on catalogs whose books match
/// each other often and whose titles and authors are cut to their limits (the cut changes the
/// keys, so the keys must be those of the cut books).
@Suite("Import keys computed ahead")
struct ImportKeysAheadTests {
    /// Seeded books from small pools (so they match each other), a few over the limits.
    static func books(seed: UInt64, count: Int) -> [Book] {
        var generator = BatchMatchingTests.Generator(random: SplitMix64(seed: seed))
        return (0..<count).map { index in
            var book = generator.book(sources: ["goodbooks", "manual", "openlibrary"])
            book.sourceID += "-\(index % 90)"
            if index % 17 == 0 {
                // Cut to 1,024 bytes: the keys of the cut title differ from the whole one's.
                book.title = String(repeating: "Long ", count: 300) + book.title
                book.authors = (0..<60).map { "Author \($0)" }
            }
            if index % 23 == 0 { book.alternateTitles = (0..<12).map { "Other title \($0)" } }
            return book
        }
    }

    /// Every row the import writes that a later read could see, as text.
    static func dump(_ store: SQLiteBookStore) async throws -> [String] {
        var rows: [String] = []
        for sql in [
            "SELECT * FROM books ORDER BY id", "SELECT * FROM book_keys ORDER BY source, source_id",
            "SELECT rowid, title, authors FROM books_fts ORDER BY rowid",
            "SELECT search_index_stale FROM catalog_state",
        ] {
            rows += try await store.database.query(sql) { row in
                try (0..<row.count).map { "\(try row.value($0))" }.joined(separator: " | ")
            }
        }
        return rows
    }

    /// The first row where `rows` and `expected` differ, both sides, for a failure's message.
    static func firstDifference(_ rows: [String], _ expected: [String]) -> String {
        guard let index = zip(rows, expected).enumerated().first(where: { $1.0 != $1.1 })?.offset else {
            return "\(rows.count) rows against \(expected.count)"
        }
        return "\(rows[index]) instead of \(expected[index])"
    }

    @Test("a real import stores what the store's own keys stored", arguments: [11, 12])
    func realImport(seed: UInt64) async throws {
        let books = Self.books(seed: seed, count: 400)
        let lines = try books.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        let ahead = try await SQLiteBookStore(path: ":memory:")
        let summary = try await JSONLinesImporter(store: ahead, batchSize: 7).importBooks(
            from: Data(lines.joined(separator: "\n").utf8))
        #expect(summary.skipped.isEmpty)
        #expect(summary.truncatedFields > 0, "some books are cut, so keys of cut books are compared")
        // The old path: the same lines read alike, in the same batches, capped, the keys left
        // to the store.
        var records = JSONLinesRecords(data: Data(lines.joined(separator: "\n").utf8))
        var read: [Book] = []
        while let rows = try records.next() {
            for case .book(let book) in rows { read.append(book) }
        }
        #expect(read.count == books.count)
        let reference = try await SQLiteBookStore(path: ":memory:")
        for start in stride(from: 0, to: read.count, by: 7) {
            var batch = ImportBatch(books: Array(read[start..<min(start + 7, read.count)]))
            batch.capFields()
            #expect(batch.matchKeys == nil)
            _ = try await reference.apply(batch)
        }
        let stored = try await Self.dump(ahead)
        let expected = try await Self.dump(reference)
        #expect(stored.count > 400)
        #expect(stored == expected, "first difference: \(Self.firstDifference(stored, expected))")
    }

    @Test("batches that defer the full-text index store what the store's own keys stored")
    func deferredBatches() async throws {
        let books = Self.books(seed: 13, count: 600)
        let ahead = try await SQLiteBookStore(path: ":memory:")
        let reference = try await SQLiteBookStore(path: ":memory:")
        var matched = 0
        for start in stride(from: 0, to: books.count, by: 50) {
            let chunk = Array(books[start..<min(start + 50, books.count)])
            // Enough to follow that every batch but the last defers, then rebuilds the index.
            let toFollow = start + 50 < books.count ? 20_000 : 0
            var withKeys = ImportBatch(books: chunk, recordsToFollow: toFollow)
            withKeys.capFields()
            withKeys.matchKeys = RecordReadAhead<JSONLinesRecords>.matchKeys(of: chunk.map(ImportRow.book))
            var without = ImportBatch(books: chunk, recordsToFollow: toFollow)
            without.capFields()
            let result = try await ahead.apply(withKeys)
            #expect(result == (try await reference.apply(without)))
            matched += result.updated + result.unchanged
        }
        #expect(matched > 0, "books of later batches match stored ones")
        #expect(try await ahead.isSearchIndexStale() == false)
        #expect(try await Self.dump(ahead) == (try await Self.dump(reference)))
    }

    @Test("keys computed ahead are dropped when the books change after")
    func changedBooksDropTheKeys() {
        var batch = ImportBatch(books: [Book(source: "m", sourceID: "1", title: "Dune", authors: ["Frank Herbert"])])
        batch.matchKeys = [BookMatchKeys(of: batch.books[0])]
        #expect(batch.matchKeys?.count == 1)
        batch.books[0].title = "Emma"
        #expect(batch.matchKeys == nil)
    }
}
