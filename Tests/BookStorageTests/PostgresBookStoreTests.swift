import BookCatalog
import BookStorage
import Postgres
import ScoutTestSupport
import Testing

/// What only the PostgreSQL store does: its integrity check, batch size and word counts.
@Suite(
    "PostgreSQL book store",
    .enabled(if: Requirement.postgres.mayRun, Comment(rawValue: Requirement.postgres.skipReason)),
    .timeLimit(.minutes(10)))
struct PostgresBookStoreTests {
    @Test func aSnapshotWhoseConnectionDroppedSaysSoInsteadOfAnsweringFromTwoMoments() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let store = try await PostgresBookStore(url: url)
            _ = try await store.upsert(SampleBooks.all)
            let error = await #expect(throws: BookStoreError.self) {
                try await store.readingSnapshot { pages in
                    _ = try await pages.books(after: .min, limit: 1)
                    // The server ends the snapshot's session, as a restart or a dropped link would.
                    _ = try await store.database.execute(
                        """
                        SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                        WHERE datname = current_database() AND pid <> pg_backend_pid()
                        """)
                    // The call that meets the drop may fail; the next one reconnects.
                    _ = try? await pages.books(after: .min, limit: 1)
                    return try await pages.count()
                }
            }
            #expect(error?.kind == .unavailable)
            #expect(error?.description.contains("run the command again") == true)
            #expect(error?.description.contains("dropped while the catalog was being read") == true)
        }
    }

    @Test func integrityProblemsFindASearchEntryWrittenAroundTheStore() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let store = try await PostgresBookStore(url: url)
            let ids = try await store.upsert(SampleBooks.all).ids
            #expect(try await store.integrityProblems().isEmpty)
            try await store.database.execute("UPDATE books SET title = 'Dune' WHERE id = $1", [.integer(ids[2])])
            #expect(try await store.integrityProblems().count == 1)
            #expect(try await store.integrityProblems().first?.contains("book \(ids[2])") == true)
            _ = try await store.upsert([SampleBooks.miserables])  // applying the book again repairs it
            #expect(try await store.integrityProblems().isEmpty)
        }
    }

    /// `search_terms` counts the books holding each word through inserts, updates and deletes,
    /// made by the store or around it, and the integrity check notices a count changed by hand.
    @Test func searchTermsCountTheBooksHoldingEachWord() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let store = try await PostgresBookStore(url: url)
            func count(_ term: String) async throws -> Int? {
                try await store.database.query(
                    "SELECT book_count FROM search_terms WHERE term = $1", [.text(term)]
                ) { try $0.int(0) }.first
            }
            let ids = try await store.upsert(SampleBooks.all).ids
            // The Hunger Games, The Invention of Hugo Cabret, and Catching Fire by its series.
            #expect(try await count("the") == 3)
            #expect(try await count("collins") == 2)
            var renamed = SampleBooks.hungerGames
            renamed.title = "Hunger Days"
            renamed.series = []
            _ = try await store.upsert([renamed])
            #expect(try await count("the") == 2)
            #expect(try await count("games") == 1)  // Catching Fire's series
            #expect(try await count("days") == 1)
            _ = try await store.upsert([renamed])  // unchanged: no word moves
            #expect(try await count("days") == 1)
            try await store.database.execute("DELETE FROM books WHERE id = $1", [.integer(ids[2])])
            #expect(try await count("miserables") == nil)
            #expect(try await count("victor") == nil)
            #expect(try await count("hugo") == 1)
            #expect(try await store.integrityProblems().isEmpty)

            try await store.database.execute("UPDATE search_terms SET book_count = 7 WHERE term = 'days'")
            let problems = try await store.integrityProblems()
            #expect(problems.count == 1 && problems.first?.contains("search_terms") == true)
        }
    }

    /// A catalog written before version 3 gets its word counts when the store opens it.
    @Test func theWordCountsMigrationCountsExistingBooks() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let database = try await PostgresDatabase(url: try PostgresURL(url))
            try await database.migrate(Array(PostgresBookStore.migrations.prefix(2)))
            try await database.execute(
                """
                INSERT INTO books (source, source_id, title, search)
                VALUES ('old', '1', 'Old Man', 'old:1A man:2A'), ('old', '2', 'Old Sea', 'old:1A sea:2A')
                """)
            let store = try await PostgresBookStore(url: url)
            #expect(try await store.searchTerms() == ["man", "old", "sea"])
            #expect(try await store.integrityProblems().isEmpty)
        }
    }

    /// A catalog from before imports matched books moves from version 4 to 6 (5 is left to
    /// another change; the migrator takes the gap): its books keep their keys, gain their
    /// aliases and match keys, and the records it holds of one book merge into the first.
    @Test func aCatalogFromBeforeMatchingGetsItsKeysAndItsDuplicatesMerge() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let database = try await PostgresDatabase(url: try PostgresURL(url))
            try await database.migrate(Array(PostgresBookStore.migrations.prefix(4)))
            try await database.execute(
                """
                INSERT INTO books (source, source_id, title, authors, year, ratings_count, search) VALUES
                    ('scout-starter', 'the-hunger-games-collins', 'The Hunger Games', '["Suzanne Collins"]', 2008,
                        NULL, 'the:1A hunger:2A games:3A suzanne:4B collins:5B'),
                    ('goodbooks', '2767052', 'The Hunger Games', '["Suzanne Collins"]', 2008, 4780653,
                        'the:1A hunger:2A games:3A suzanne:4B collins:5B')
                """)
            let store = try await PostgresBookStore(url: url)
            #expect(try await database.schemaVersion() == PostgresBookStore.migrations.map(\.version).max())
            #expect(try await store.book(key: BookKey(source: "goodreads-id", sourceID: "2767052"))?.id == 2)
            #expect(try await store.mergeDuplicates().map(\.duplicates) == [[2]])
            #expect(try await store.book(key: BookKey(source: "goodbooks", sourceID: "2767052"))?.id == 1)
            #expect(try await store.count() == 1)
            #expect(try await store.integrityProblems().isEmpty)
            #expect(try await store.mergeDuplicates().isEmpty)
        }
    }

    /// A catalog whose search entries an older ``SearchText`` wrote (one word per Japanese title,
    /// full-width letters as they were) is indexed again when the store opens it, once.
    @Test func searchEntriesFromAnOlderIndexVersionAreRewritten() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let database = try await PostgresDatabase(url: try PostgresURL(url))
            try await database.migrate(Array(PostgresBookStore.migrations.prefix(3)))
            try await database.execute(
                """
                INSERT INTO books (source, source_id, title, search) VALUES
                    ('old', '1', 'ノルウェイの森', 'ノルウェイの森:1A'),
                    ('old', '2', 'ＯＮＥ ＰＩＥＣＥ', 'ｏｎｅ:1A ｐｉｅｃｅ:2A'),
                    ('old', '3', 'Old Man', 'old:1A man:2A')
                """)
            let generation = try await database.query("SELECT generation FROM catalog_state") { try $0.int64(0) }
            let store = try await PostgresBookStore(url: url)
            #expect(try await store.search("森", limit: 5).map(\.title) == ["ノルウェイの森"])
            #expect(try await store.search("one piece", limit: 5).map(\.title) == ["ＯＮＥ ＰＩＥＣＥ"])
            #expect(try await store.search("old man", limit: 5).map(\.title) == ["Old Man"])
            #expect(try await store.integrityProblems().isEmpty)
            #expect(try await store.searchTerms().contains("うぇ"))
            #expect(try await store.generation() == generation[0] + 1)
            _ = try await PostgresBookStore(url: url)  // already current: nothing rewritten
            #expect(try await store.generation() == generation[0] + 1)
        }
    }

    /// A catalog from version 4 kept one series in `series_name` and `series_number`; version 5
    /// makes that the book's one membership.
    @Test func aCatalogFromVersion4KeepsItsOneSeriesAsAMembership() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let database = try await PostgresDatabase(url: try PostgresURL(url))
            try await database.migrate(Array(PostgresBookStore.migrations.prefix(4)))
            try await database.execute(
                """
                INSERT INTO books (source, source_id, title, series_name, series_number, search) VALUES
                    ('old', '1', 'Mockingjay', 'The Hunger Games', 3, 'mockingjay:1A'),
                    ('old', '2', 'Guide', 'The Hunger Games', NULL, 'guide:1A'),
                    ('old', '3', 'Dune', NULL, NULL, 'dune:1A')
                """)
            let store = try await PostgresBookStore(url: url)
            #expect(
                try await store.allBooks().map(\.series) == [
                    [SeriesMembership(name: "The Hunger Games", number: 3)],
                    [SeriesMembership(name: "The Hunger Games")],
                    [],
                ])
            #expect(try await store.integrityProblems().isEmpty)
        }
    }

    /// A catalog from before version 8 had no alternate titles: its books read back with none,
    /// and take some when their source is imported again.
    @Test func aCatalogFromBeforeVersion8HasNoAlternateTitlesUntilReimported() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let database = try await PostgresDatabase(url: try PostgresURL(url))
            try await database.migrate(PostgresBookStore.migrations.filter { $0.version < 8 })
            try await database.execute(
                """
                INSERT INTO books (source, source_id, title, search)
                VALUES ('old', '1', 'The Little Prince', 'the:1A little:2A prince:3A')
                """)
            let store = try await PostgresBookStore(url: url)
            #expect(try await database.schemaVersion() == PostgresBookStore.migrations.map(\.version).max())
            #expect(try await store.allBooks().map(\.alternateTitles) == [[]])
            let prince = Book(
                source: "old", sourceID: "1", title: "The Little Prince", alternateTitles: ["Le Petit Prince"])
            #expect(try await store.upsert([prince]).updated == 1)
            #expect(try await store.allBooks().map(\.alternateTitles) == [["Le Petit Prince"]])
            #expect(try await store.integrityProblems().isEmpty)
        }
    }

    /// Ten thousand books go in as one batch, and the same batch again changes nothing. (How
    /// fast is the books benchmark's business, not a test's: a timed bound failed under
    /// ThreadSanitizer, which slows every statement.)
    @Test func tenThousandBooksApplyInOneBatch() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let store = try await PostgresBookStore(url: url)
            let books = (0..<10_000).map { index in
                Book(
                    source: "bulk", sourceID: "\(index)", title: "Volume \(index) of Everything",
                    authors: ["Writer \(index % 97)"], ratingsCount: index)
            }
            let inserted = try await store.upsert(books)
            let again = try await store.upsert(books)
            #expect(inserted.inserted == 10_000 && again.unchanged == 10_000 && again.ids == inserted.ids)
            #expect(try await store.search("volume 9999", limit: 5).map(\.sourceID) == ["9999"])
        }
    }
}
