import BookCatalog
import BookStorage
import Foundation
import SQLite
import ScoutTestSupport
import Testing

/// A large import into SQLite leaves `books_fts` to one rebuild with its last batch, under a
/// durable mark that every full-text read rebuilds on (SQLiteBookStore+DeferredIndex.swift).
@Suite("Deferred full-text index", .timeLimit(.minutes(10)))
struct DeferredSearchIndexTests {
    /// `count` books from `first`, titled so each is found by its own word.
    static func books(_ first: Int, count: Int) -> [Book] {
        (first..<first + count).map { number in
            Book(
                source: "bulk", sourceID: String(number), title: "Quillon \(Self.word(number)) volume",
                authors: ["Author \(number % 5)"], ratingsCount: number)
        }
    }

    /// A word of letters for `number`, unique to it: "bab", "bac", …
    static func word(_ number: Int) -> String {
        let letters = Array("bcdfghjklmnpqrstvwxz")
        var word = "ba"
        var rest = number
        repeat {
            word.append(letters[rest % letters.count])
            rest /= letters.count
        } while rest > 0
        return word
    }

    /// A batch of an import with `toFollow` records still to come.
    static func batch(_ books: [Book], toFollow: Int, position: Int? = nil) -> ImportBatch {
        ImportBatch(
            books: books, checkpoint: ImportCheckpoint(name: "bulk test", position: position),
            recordsToFollow: toFollow)
    }

    /// The source ids of the books `books_fts` finds for the words of `text`, the last one a
    /// prefix, without typos (the
    /// store's own search, which ranked search falls back to without a candidate index).
    static func fullTextHits(_ store: SQLiteBookStore, _ text: String) async throws -> [String] {
        try await store.search(try #require(SearchText.exactQuery(text)), limit: 30).map(\.sourceID)
    }

    static func indexedRows(_ store: SQLiteBookStore) async throws -> Int {
        try await store.database.query("SELECT count(*) FROM books_fts") { try $0.int(0) }.first ?? -1
    }

    @Test func aBulkBatchSetsTheMarkAndTheLastBatchRebuildsAndClearsIt() async throws {
        let store = try await SQLiteBookStore(path: ":memory:")
        _ = try await store.apply(Self.batch(Self.books(0, count: 30), toFollow: 50_000, position: 30))
        #expect(try await store.isSearchIndexStale())
        #expect(try await Self.indexedRows(store) == 0)  // no per-book upkeep while deferred
        _ = try await store.apply(Self.batch(Self.books(30, count: 30), toFollow: 40_000, position: 60))
        #expect(try await Self.indexedRows(store) == 0)
        let generation = try await store.generation()

        _ = try await store.apply(Self.batch(Self.books(60, count: 10), toFollow: 0))
        #expect(try await !store.isSearchIndexStale())
        #expect(try await Self.indexedRows(store) == 70)
        #expect(try await store.generation() > generation)
        #expect(try await store.search(Self.word(42), limit: 5).map(\.sourceID) == ["42"])
        #expect(try await store.integrityProblems().isEmpty)
    }

    @Test func theRebuildLeavesFTS5sDefaultHashSizeForLaterWrites() async throws {
        let store = try await SQLiteBookStore(path: ":memory:")
        _ = try await store.apply(Self.batch(Self.books(0, count: 30), toFollow: 50_000, position: 30))
        _ = try await store.apply(Self.batch(Self.books(30, count: 10), toFollow: 0))
        let hashSize = try await store.database.query("SELECT v FROM books_fts_config WHERE k = 'hashsize'") {
            try $0.int(0)
        }
        #expect(hashSize == [1 << 20])  // FTS5's own default
        // Written book by book again, and found.
        _ = try await store.upsert(Self.books(40, count: 1))
        #expect(try await store.search(Self.word(40), limit: 5).map(\.sourceID) == ["40"])
        #expect(try await Self.indexedRows(store) == 41)
    }

    /// A deferred import checkpoints its WAL less often, and its last batch sets SQLite's
    /// default again for the writes after it.
    @Test func aBulkImportCheckpointsLessOftenUntilItsLastBatch() async throws {
        let store = try await SQLiteBookStore(path: ":memory:")
        let interval = { try await store.database.query("PRAGMA wal_autocheckpoint") { try $0.int(0) } }
        #expect(try await interval() == [1_000])  // SQLite's default
        _ = try await store.apply(Self.batch(Self.books(0, count: 30), toFollow: 50_000, position: 30))
        #expect(try await interval() == [16_384])  // 64 MiB of 4 KiB pages
        _ = try await store.apply(Self.batch(Self.books(30, count: 10), toFollow: 0))
        #expect(try await interval() == [1_000])
    }

    @Test func aSmallImportIsStillIndexedBookByBook() async throws {
        let store = try await SQLiteBookStore(path: ":memory:")
        let toFollow = SQLiteBookStore.deferredIndexingMinimum - 1
        _ = try await store.apply(Self.batch(Self.books(0, count: 40), toFollow: toFollow, position: 40))
        #expect(try await !store.isSearchIndexStale())
        #expect(try await Self.indexedRows(store) == 40)
    }

    /// A phase of an import that brings no books (tags, readings) has no index upkeep to defer.
    @Test func aBatchWithoutBooksDefersNothing() async throws {
        let store = try await SQLiteBookStore(path: ":memory:")
        _ = try await store.apply(Self.batch(Self.books(0, count: 5), toFollow: 0))
        let tags = BookTags(book: BookKey(source: "bulk", sourceID: "1"), tags: ["fantasy"])
        _ = try await store.apply(
            ImportBatch(
                tags: [tags], checkpoint: ImportCheckpoint(name: "tags", position: 1), recordsToFollow: 50_000))
        #expect(try await !store.isSearchIndexStale())
        #expect(try await Self.indexedRows(store) == 5)
    }

    /// What an import still brings is weighed against the catalog: a large catalog is indexed
    /// book by book for an import that adds a little to it.
    @Test func anImportSmallBesideTheCatalogIsIndexedBookByBook() async throws {
        let store = try await SQLiteBookStore(path: ":memory:")
        let stored = SQLiteBookStore.deferredIndexingMinimum * Int(SQLiteBookStore.deferredIndexingRatio) * 2
        // The catalog's size is read from its highest id; one book stored at that id stands for it.
        try await store.database.execute(
            "INSERT INTO books (id, source, source_id, title) VALUES (?, 'old', '1', 'Old')", [.integer(Int64(stored))])
        _ = try await store.apply(
            Self.batch(Self.books(0, count: 10), toFollow: SQLiteBookStore.deferredIndexingMinimum, position: 10))
        #expect(try await !store.isSearchIndexStale())
        #expect(try await Self.indexedRows(store) == 11)
    }

    /// A `kill -9` between deferred batches leaves the mark committed with the last batch; the
    /// next process to open the catalog rebuilds before its first full-text answer.
    @Test func aCatalogLeftStaleByAKilledImportIsRebuiltBeforeItIsSearched() async throws {
        try await withTemporaryDirectory(prefix: "scout-deferred") { directory in
            let path = directory.appendingPathComponent("books.sqlite").path
            do {
                let importing = try await SQLiteBookStore(path: path)
                _ = try await importing.apply(Self.batch(Self.books(0, count: 25), toFollow: 90_000, position: 25))
                _ = try await importing.apply(Self.batch(Self.books(25, count: 25), toFollow: 80_000, position: 50))
                // The import dies here, before its last batch: the kernel would drop its lock.
                try await importing.releaseImportLock()
            }
            let reopened = try await SQLiteBookStore(path: path)
            #expect(try await reopened.isSearchIndexStale())
            #expect(try await reopened.checkpoint(named: "bulk test")?.position == 50)
            #expect(try await reopened.search(Self.word(37), limit: 5).map(\.sourceID) == ["37"])
            #expect(try await !reopened.isSearchIndexStale())
            #expect(try await Self.indexedRows(reopened) == 50)
            #expect(try await reopened.integrityProblems().isEmpty)
        }
    }

    /// A reader while an import defers its index (the import's lock held) answers from the
    /// index as the import found it and never rebuilds it: books stored before are found, books
    /// the import added are missing until its last batch, and a book it renamed is found by
    /// neither name meanwhile — never by words it no longer has.
    @Test func aReaderDuringALiveDeferredImportAnswersFromTheIndexAsItWas() async throws {
        try await withTemporaryDirectory(prefix: "scout-deferred") { directory in
            let path = directory.appendingPathComponent("books.sqlite").path
            let importing = try await SQLiteBookStore(path: path)
            let reading = try await SQLiteBookStore(path: path)
            _ = try await importing.apply(Self.batch(Self.books(0, count: 20), toFollow: 0))
            var renamed = Self.books(3, count: 1)[0]
            renamed.title = "Renamed Tome"
            _ = try await importing.apply(
                Self.batch(Self.books(20, count: 20) + [renamed], toFollow: 80_000, position: 40))
            #expect(try await importing.isSearchIndexStale())
            #expect(ImportLock(databaseFile: path)?.isHeld() == true)

            for _ in 0..<3 {
                #expect(try await Self.fullTextHits(reading, Self.word(7)) == ["7"])
                #expect(try await Self.fullTextHits(reading, Self.word(33)).isEmpty)
                // The index still holds book 3 under its old title; the book no longer has it.
                #expect(try await Self.fullTextHits(reading, Self.word(3)).isEmpty)
                #expect(try await Self.fullTextHits(reading, "renamed").isEmpty)
                #expect(try await reading.searchCount(SearchText.exactQuery(Self.word(7))!) == 1)
                #expect(try await reading.searchTerms().contains(Self.word(7)))
                // Ranked search takes its candidates from the candidate index (built from `books`)
                // once it is built, else from the index above: either way, no wrong book.
                let page = try await reading.rankedPage("renamed", offset: 0, limit: 5)
                #expect(page.matches.allSatisfy { $0.book.title == "Renamed Tome" })
            }
            // The reader rebuilt nothing: the index holds the 20 books from before the import.
            #expect(try await Self.indexedRows(reading) == 20)
            #expect(try await reading.isSearchIndexStale())

            _ = try await importing.apply(Self.batch([], toFollow: 0))
            #expect(ImportLock(databaseFile: path)?.isHeld() == false)
            #expect(try await Self.fullTextHits(reading, Self.word(33)) == ["33"])
            #expect(try await Self.fullTextHits(reading, "renamed") == ["3"])
            // "baf" is a prefix of "bafc" (book 23): book 3 is what must not come.
            #expect(try await !Self.fullTextHits(reading, Self.word(3)).contains("3"))
        }
    }

    /// A stale index whose import lock is free — the import died — is rebuilt by the next
    /// reader, which then finds every committed book.
    @Test func aReaderRebuildsOnceTheImportLockIsFree() async throws {
        try await withTemporaryDirectory(prefix: "scout-deferred") { directory in
            let path = directory.appendingPathComponent("books.sqlite").path
            let importing = try await SQLiteBookStore(path: path)
            let reading = try await SQLiteBookStore(path: path)
            _ = try await importing.apply(Self.batch(Self.books(0, count: 20), toFollow: 90_000, position: 20))
            #expect(try await Self.fullTextHits(reading, Self.word(7)).isEmpty)  // added by the live import
            #expect(try await reading.isSearchIndexStale())

            try await importing.releaseImportLock()
            #expect(try await Self.fullTextHits(reading, Self.word(7)) == ["7"])
            #expect(try await !reading.isSearchIndexStale())
            #expect(try await Self.indexedRows(reading) == 20)
        }
    }

    /// A search of a frozen index reads at most ``SQLiteBookStore/frozenHitsBeyondLimit`` hits
    /// past its limit: where the import rewrote every one of them it finds nothing (those books
    /// are missing until the rebuild, as the import's own are) rather than check every match.
    @Test func aSearchOfAFrozenIndexChecksABoundedNumberOfHits() async throws {
        try await withTemporaryDirectory(prefix: "scout-deferred") { directory in
            let path = directory.appendingPathComponent("books.sqlite").path
            let importing = try await SQLiteBookStore(path: path)
            let reading = try await SQLiteBookStore(path: path)
            let window = SQLiteBookStore.frozenHitsBeyondLimit + 5
            let books = Self.books(0, count: window + 15)
            _ = try await importing.apply(Self.batch(books, toFollow: 0))
            // The most-read books (the highest numbers) come first in the index: all rewritten.
            let rewritten = books.suffix(window).map { book in
                var book = book
                book.title += " revised"
                return book
            }
            _ = try await importing.apply(Self.batch(rewritten, toFollow: 80_000, position: 1))
            let query = try #require(SearchText.exactQuery("quillon"))

            let start = ContinuousClock.now
            #expect(try await reading.search(query, limit: 5).isEmpty)
            print("A frozen search checking \(window) rewritten hits: \(ContinuousClock.now - start)")
            // A limit of 20 reaches past the rewritten ones to the 15 books left as they were.
            let found = try await reading.search(query, limit: 20).map(\.sourceID)
            #expect(found == (0..<15).reversed().map(String.init))
            #expect(try await Self.indexedRows(reading) == books.count)  // still frozen
        }
    }

    /// A deferred import and a book-by-book one leave the same index: the same words, and the
    /// same books found in the same order.
    @Test func aDeferredImportIsSearchedAsABookByBookOneIs() async throws {
        let deferred = try await SQLiteBookStore(path: ":memory:")
        let byBook = try await SQLiteBookStore(path: ":memory:")
        var books = Self.books(0, count: 60)
        books[5].alternateTitles = ["Le Quillon"]
        books[6].series = [SeriesMembership(name: "Brindle Saga", number: 2)]
        for (index, chunk) in stride(from: 0, to: books.count, by: 20).enumerated() {
            let part = Array(books[chunk..<chunk + 20])
            _ = try await deferred.apply(Self.batch(part, toFollow: index == 2 ? 0 : 50_000, position: chunk + 20))
            _ = try await byBook.apply(Self.batch(part, toFollow: 0, position: chunk + 20))
        }
        // The last batch updates a book written while deferred: its row is indexed once, as updated.
        var changed = books[3]
        changed.title = "Renamed Tome"
        _ = try await deferred.apply(Self.batch([changed], toFollow: 50_000, position: 61))
        _ = try await deferred.apply(Self.batch([], toFollow: 0))
        _ = try await byBook.apply(Self.batch([changed], toFollow: 0))
        #expect(try await Self.indexedRows(deferred) == 60)
        #expect(try await deferred.searchTerms().sorted() == byBook.searchTerms().sorted())
        for query in ["quillon", "renamed", "le quillon", "brindle", "author 3", Self.word(3), "quillon ba"] {
            let found = try await deferred.rankedSearch(query, limit: 30).map(\.book.sourceID)
            #expect(found == (try await byBook.rankedSearch(query, limit: 30).map(\.book.sourceID)), "\(query)")
        }
        // The renamed book is found by its new title only.
        #expect(try await !deferred.search(Self.word(3), limit: 30).contains { $0.sourceID == "3" })
        #expect(try await deferred.search("renamed", limit: 30).map(\.sourceID) == ["3"])
    }
}
