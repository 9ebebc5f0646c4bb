import BookCatalog
import BookStorage
import Foundation
import SQLite
import ScoutTestSupport
import Testing

/// An import into an empty catalog builds `books_match_key` at its end and matches by match key
/// in memory meanwhile (SQLiteBookStore+ImportMatchKeys.swift): the same books merged as through
/// the index, the index built before matching whenever the memory cannot be trusted.
extension DeferredSearchIndexTests {
    static func hasMatchKeyIndex(_ store: SQLiteBookStore) async throws -> Bool {
        try await store.database.query("SELECT count(*) FROM sqlite_master WHERE name = 'books_match_key'") {
            try $0.int(0)
        } == [1]
    }

    /// A book of `source` that no key of another source names: found by its title and author alone.
    static func novel(_ title: String, by author: String, source: String, id: String) -> Book {
        Book(source: source, sourceID: id, title: title, authors: [author])
    }

    /// The store id holding `key`.
    static func id(of key: BookKey, in store: SQLiteBookStore) async throws -> Int64? {
        try await store.database.query(
            "SELECT book_id FROM book_keys WHERE source = ? AND source_id = ?",
            [.text(key.source), .text(key.sourceID)]
        ) { try $0.int64(0) }.first
    }

    @Test func anImportIntoAnEmptyCatalogBuildsTheMatchKeyIndexAtItsEnd() async throws {
        let deferred = try await SQLiteBookStore(path: ":memory:")
        let byBook = try await SQLiteBookStore(path: ":memory:")
        let batches = [
            Self.books(0, count: 20) + [Self.novel("Dune", by: "Frank Herbert", source: "a", id: "1")],
            Self.books(20, count: 20) + [
                Self.novel("Dune", by: "Frank Herbert", source: "b", id: "7"),
                Self.novel("Dune Messiah", by: "Frank Herbert", source: "b", id: "8"),
            ],
            Self.books(40, count: 20) + [Self.novel("Dune Messiah", by: "Frank Herbert", source: "c", id: "9")],
        ]
        for (index, books) in batches.enumerated() {
            _ = try await deferred.apply(Self.batch(books, toFollow: index == 2 ? 0 : 50_000, position: index))
            _ = try await byBook.apply(Self.batch(books, toFollow: 0, position: index))
            #expect(try await Self.hasMatchKeyIndex(deferred) == (index == 2))
        }
        // Matched across batches by match key alone, with the index gone.
        let dune = try await Self.id(of: BookKey(source: "a", sourceID: "1"), in: deferred)
        #expect(dune != nil)
        #expect(try await Self.id(of: BookKey(source: "b", sourceID: "7"), in: deferred) == dune)
        let messiah = try await Self.id(of: BookKey(source: "b", sourceID: "8"), in: deferred)
        #expect(try await Self.id(of: BookKey(source: "c", sourceID: "9"), in: deferred) == messiah)
        #expect(try await Self.schema(deferred) == Self.schema(byBook))
        for (table, order) in [("books", "id"), ("book_keys", "source, source_id")] {
            #expect(try await Self.rows(deferred, table, order: order) == Self.rows(byBook, table, order: order))
        }
        #expect(try await deferred.integrityProblems().isEmpty)
    }

    /// A catalog that holds books keeps its index through a deferred import.
    @Test func anImportIntoACatalogWithBooksKeepsTheMatchKeyIndex() async throws {
        let store = try await SQLiteBookStore(path: ":memory:")
        _ = try await store.apply(Self.batch(Self.books(0, count: 5), toFollow: 0))
        _ = try await store.apply(Self.batch(Self.books(5, count: 20), toFollow: 50_000, position: 25))
        #expect(try await store.isSearchIndexStale())
        #expect(try await Self.hasMatchKeyIndex(store))
    }

    /// A killed import leaves the index out; the next batch, in a process without the import's
    /// memory, builds it before it matches, and merges by match key through it.
    @Test func aKilledImportsNextBatchBuildsTheMatchKeyIndexBeforeMatching() async throws {
        try await withTemporaryDirectory(prefix: "scout-match-keys") { directory in
            let path = directory.appendingPathComponent("books.sqlite").path
            do {
                let importing = try await SQLiteBookStore(path: path)
                _ = try await importing.apply(
                    Self.batch([Self.novel("Dune", by: "Frank Herbert", source: "a", id: "1")], toFollow: 90_000))
                #expect(try await !Self.hasMatchKeyIndex(importing))
                try await importing.releaseImportLock()  // the kernel's part when the process dies
            }
            let resumed = try await SQLiteBookStore(path: path)
            _ = try await resumed.apply(
                Self.batch([Self.novel("Dune", by: "Frank Herbert", source: "b", id: "7")], toFollow: 90_000))
            #expect(try await Self.hasMatchKeyIndex(resumed))
            let dune = try await Self.id(of: BookKey(source: "a", sourceID: "1"), in: resumed)
            #expect(try await Self.id(of: BookKey(source: "b", sourceID: "7"), in: resumed) == dune)
        }
    }

    /// A book written meanwhile by anything but the import's batches — on the import's own
    /// connection or another's — is missing from the import's memory: the next batch sees the
    /// write, builds the index and finds the book through it.
    @Test(arguments: [false, true])
    func aWriteBesideTheImportMakesItsNextBatchMatchThroughTheIndex(fromAnotherConnection: Bool) async throws {
        try await withTemporaryDirectory(prefix: "scout-match-keys") { directory in
            let path = directory.appendingPathComponent("books.sqlite").path
            let importing = try await SQLiteBookStore(path: path)
            _ = try await importing.apply(
                Self.batch([Self.novel("Dune", by: "Frank Herbert", source: "a", id: "1")], toFollow: 90_000))
            let writer = fromAnotherConnection ? try await SQLiteBookStore(path: path) : importing
            let neuromancer = Self.novel("Neuromancer", by: "William Gibson", source: "c", id: "1")
            // By hand, as no batch writes: the row and its key, with the match key Scout gives it.
            try await writer.database.transaction { tx in
                try tx.execute(
                    "INSERT INTO books (source, source_id, title, authors, match_key) VALUES ('c', '1', ?, ?, ?)",
                    [
                        .text(neuromancer.title), .text("[\"William Gibson\"]"),
                        .text(BookIdentity.matchKey(of: neuromancer) ?? ""),
                    ])
                try tx.execute(
                    "INSERT INTO book_keys (source, source_id, book_id) VALUES ('c', '1', ?)",
                    [.integer(tx.lastInsertRowID)])
            }
            _ = try await importing.apply(
                Self.batch([Self.novel("Neuromancer", by: "William Gibson", source: "d", id: "2")], toFollow: 90_000))
            #expect(try await Self.hasMatchKeyIndex(importing))
            let found = try await Self.id(of: BookKey(source: "c", sourceID: "1"), in: importing)
            #expect(found != nil)
            #expect(try await Self.id(of: BookKey(source: "d", sourceID: "2"), in: importing) == found)
            try await importing.releaseImportLock()
        }
    }
}
