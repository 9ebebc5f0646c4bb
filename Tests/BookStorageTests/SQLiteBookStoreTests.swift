import BookCatalog
import BookStorage
import Foundation
import SQLite
import ScoutTestSupport
import Testing

/// What only the SQLite store does; what every store does is in the "Book store contract" suite
/// (Tests/BookStorageTests), which runs against SQLite and PostgreSQL alike.
@Suite(.timeLimit(.minutes(10))) struct SQLiteBookStoreTests {
    @Test func aReopenedFileKeepsItsBooksInWALModeAtTheLatestSchema() async throws {
        try await withTemporaryDirectory(prefix: "scout-books") { directory in
            let path = directory.appendingPathComponent("books.sqlite").path
            let ids = try await SQLiteBookStore(path: path).upsert(SampleBooks.all).ids
            let reopened = try await SQLiteBookStore(path: path)
            #expect(try await reopened.allBooks().map(\.id) == ids)
            #expect(try await reopened.database.journalMode() == "wal")
            #expect(try await reopened.database.schemaVersion() == SQLiteBookStore.migrations.map(\.version).max())
        }
    }

    /// A catalog indexed by SQLite's own tokenizer (version 4) is indexed again from Swift's
    /// words when the store opens it, so its Japanese titles are found from any part.
    @Test func aCatalogFromVersion4IsIndexedAgainWithSwiftsWords() async throws {
        let database = try await Database(path: ":memory:")
        try await database.migrate(Array(SQLiteBookStore.migrations.prefix(4)))
        try await database.execute(
            """
            INSERT INTO books (source, source_id, title, authors)
            VALUES ('old', '1', 'ノルウェイの森', '["村上春樹"]'), ('old', '2', 'ＯＮＥ ＰＩＥＣＥ', '[]')
            """)
        let store = try await SQLiteBookStore(database: database)
        #expect(try await store.search("森", limit: 5).map(\.title) == ["ノルウェイの森"])
        #expect(try await store.search("春樹", limit: 5).map(\.title) == ["ノルウェイの森"])
        #expect(try await store.search("one piece", limit: 5).map(\.title) == ["ＯＮＥ ＰＩＥＣＥ"])
        #expect(try await store.searchTerms().contains("うぇ"))
    }

    /// A catalog from version 5 kept one series in `series_name` and `series_number`; version 6
    /// makes that the book's one membership.
    @Test func aCatalogFromVersion5KeepsItsOneSeriesAsAMembership() async throws {
        let database = try await Database(path: ":memory:")
        // Version 5's index triggers call the store's word function; the store defines it so.
        try await database.defineFunction("scout_index_words") { SearchText.indexWords(in: $0).joined(separator: " ") }
        try await database.migrate(Array(SQLiteBookStore.migrations.prefix(5)))
        try await database.execute(
            """
            INSERT INTO books (source, source_id, title, series_name, series_number)
            VALUES ('old', '1', 'Mockingjay', 'The Hunger Games', 3), ('old', '2', 'Guide', 'The Hunger Games', NULL),
                ('old', '3', 'Dune', NULL, NULL)
            """)
        let store = try await SQLiteBookStore(database: database)
        #expect(
            try await store.allBooks().map(\.series) == [
                [SeriesMembership(name: "The Hunger Games", number: 3)], [SeriesMembership(name: "The Hunger Games")],
                [],
            ])
        #expect(try await store.integrityProblems().isEmpty)
    }

    /// A catalog from before version 10 had no alternate titles: its books read back with none,
    /// and take some when their source is imported again.
    @Test func aCatalogFromBeforeVersion10HasNoAlternateTitlesUntilReimported() async throws {
        let database = try await Database(path: ":memory:")
        try await database.defineFunction("scout_index_words") { SearchText.indexWords(in: $0).joined(separator: " ") }
        try await database.migrate(SQLiteBookStore.migrations.filter { $0.version < 10 })
        try await database.execute(
            "INSERT INTO books (source, source_id, title) VALUES ('old', '1', 'The Little Prince')")
        let store = try await SQLiteBookStore(database: database)
        #expect(try await database.schemaVersion() == SQLiteBookStore.migrations.map(\.version).max())
        #expect(try await store.allBooks().map(\.alternateTitles) == [[]])
        let prince = Book(
            source: "old", sourceID: "1", title: "The Little Prince", alternateTitles: ["Le Petit Prince"])
        #expect(try await store.upsert([prince]).updated == 1)
        #expect(try await store.allBooks().map(\.alternateTitles) == [["Le Petit Prince"]])
        #expect(try await store.integrityProblems().isEmpty)
    }

    /// A catalog from before imports matched books moves from version 4 to the latest: its books keep their keys, gain their
    /// aliases and match keys, and the records it holds of one book merge into the first.
    @Test func aCatalogFromBeforeMatchingGetsItsKeysAndItsDuplicatesMerge() async throws {
        let database = try await Database(path: ":memory:")
        try await database.migrate(Array(SQLiteBookStore.migrations.prefix(4)))
        try await database.execute(
            """
            INSERT INTO books (source, source_id, title, authors, year, ratings_count) VALUES
                ('scout-starter', 'the-hunger-games-collins', 'The Hunger Games', '["Suzanne Collins"]', 2008, NULL),
                ('goodbooks', '2767052', 'The Hunger Games', '["Suzanne Collins"]', 2008, 4780653),
                ('goodreads', '2767052', 'The Hunger Games', '["Suzanne Collins"]', NULL, NULL),
                ('goodbooks', '6148028', 'Catching Fire', '["Suzanne Collins"]', 2009, 1831039)
            """)
        let store = try await SQLiteBookStore(database: database)
        #expect(try await database.schemaVersion() == SQLiteBookStore.migrations.map(\.version).max())
        #expect(try await store.book(key: BookKey(source: "goodreads-id", sourceID: "2767052"))?.id == 2)
        let groups = try await store.mergeDuplicates()
        #expect(groups.map(\.duplicates) == [[2, 3]])
        #expect(try await store.count() == 2)
        for key in [
            BookKey(source: "scout-starter", sourceID: "the-hunger-games-collins"),
            BookKey(source: "goodbooks", sourceID: "2767052"), BookKey(source: "goodreads", sourceID: "2767052"),
        ] {
            #expect(try await store.book(key: key)?.ratingsCount == 4_780_653)
        }
        #expect(try await store.integrityProblems().isEmpty)
        _ = try await SQLiteBookStore(database: database)  // already current: opens as it is
        #expect(try await store.mergeDuplicates().isEmpty)
    }
}
