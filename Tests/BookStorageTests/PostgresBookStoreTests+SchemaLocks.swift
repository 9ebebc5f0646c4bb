import BookCatalog
import BookStorage
import Postgres
import ScoutTestSupport
import Testing

/// The store's schema changes beside a long reader, as an export is: they wait for it in short
/// attempts, so other readers never queue behind them for long, and give up saying why when it
/// outlasts their patience, with nothing written.
extension PostgresBookStoreTests {
    /// A connection to `url` whose statements give up after `timeout` instead of waiting on.
    static func connection(_ url: String, timeout: String) async throws -> PostgresDatabase {
        var settings = PostgresBookStore.sessionSettings
        settings["statement_timeout"] = timeout
        return try await PostgresDatabase(url: try PostgresURL(url), settings: settings)
    }

    /// A store on `url` whose schema changes try their tables for 50 ms, `attempts` times,
    /// `pause` apart, telling `notices` when they wait; any statement of it that waited 20 s
    /// fails instead.
    static func patientStore(
        _ url: String, pause: Duration, attempts: Int, notices: Locked<[String]> = Locked([])
    ) async throws -> PostgresBookStore {
        let patience = SchemaLockPatience(
            attemptTimeout: .milliseconds(50), pause: pause, attempts: attempts,
            onWait: { notice in notices.withLock { $0.append(notice) } })
        return try await PostgresBookStore(
            database: try await connection(url, timeout: "20s"), schemaLockPatience: patience)
    }

    /// A reader holding the read locks of `books`, `book_keys` and `relations` until it commits:
    /// a snapshot on a connection of its own, as `scout books export` reads.
    static func longReader(_ url: String) async throws -> PostgresDatabase {
        let reader = try await PostgresDatabase(url: try PostgresURL(url))
        _ = try await reader.execute("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        _ = try await reader.query(
            "SELECT (SELECT count(*) FROM books) + (SELECT count(*) FROM book_keys) + (SELECT count(*) FROM relations)"
        ) { try $0.int(0) }
        return reader
    }

    /// Whether a session of the database other than `observer`'s waits for a lock or pauses
    /// between attempts at one, asked until it does (at most `polls` times).
    static func someoneWaits(seenBy observer: PostgresDatabase, polls: Int = 20_000) async throws -> Bool {
        for _ in 0..<polls {
            let waiting = try await observer.query(
                """
                SELECT count(*) FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid()
                  AND (wait_event_type = 'Lock' OR wait_event = 'PgSleep')
                """
            ) { try $0.int(0) }
            if waiting.first ?? 0 > 0 { return true }
        }
        return false
    }

    /// What a patient store's change tells, once, when it finds `tables` held: waiting up to
    /// 3 minutes (2,000 attempts of 50 ms, 50 ms apart), to `change`.
    static func notice(reading tables: String, to change: String) -> String {
        "Another session is reading \(tables): waiting up to 3 minutes for it, to \(change) (searches go on "
            + "meanwhile). A `scout books export` or another long query holds them (see pg_stat_activity)."
    }

    static func sameAuthor(_ from: Int64, _ to: Int64) -> Relation {
        Relation(kind: .sameAuthor, from: from, to: to, score: 1, reason: "same author: A")
    }

    @Test func aRelationSwapWaitsForALongReaderWhileOtherReadersGoOn() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let notices = Locked<[String]>([])
            let store = try await Self.patientStore(url, pause: .milliseconds(50), attempts: 2_000, notices: notices)
            let ids = try await store.upsert(SampleBooks.all).ids
            try await RelationIndexTests.replace(
                store, kinds: [.sameAuthor], chunks: [[Self.sameAuthor(ids[0], ids[1])]])
            let reader = try await Self.longReader(url)
            // `scout serve` on the same catalog, whose reads fail after 5 s instead of queueing on.
            let serving = try await PostgresBookStore(database: try await Self.connection(url, timeout: "5s"))
            let swap = Task {
                try await RelationIndexTests.replace(
                    store, kinds: [.sameAuthor], chunks: [[Self.sameAuthor(ids[0], ids[2])]])
            }
            let observer = try await PostgresDatabase(url: try PostgresURL(url))
            #expect(try await Self.someoneWaits(seenBy: observer))
            for _ in 0..<5 {
                #expect(try await serving.search("hunger", limit: 5).map(\.id).contains(ids[0]))
                #expect(try await serving.related(to: ids[0]).map(\.book.id) == [ids[1]])
            }
            _ = try await reader.execute("COMMIT")
            try await swap.value
            #expect(try await serving.related(to: ids[0]).map(\.book.id) == [ids[2]])
            // Told once that it waited, and for what, whatever the number of attempts.
            #expect(notices.value == [Self.notice(reading: "relations and books", to: "replace the relations")])
        }
    }

    @Test func aRelationSwapThatNeverGetsItsTablesGivesUpSayingWhyAndKeepsTheRelations() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let store = try await Self.patientStore(url, pause: .zero, attempts: 3)
            let ids = try await store.upsert(SampleBooks.all).ids
            try await RelationIndexTests.replace(
                store, kinds: [.sameAuthor], chunks: [[Self.sameAuthor(ids[0], ids[1])]])
            let reader = try await Self.longReader(url)
            let error = await #expect(throws: BookStoreError.self) {
                try await RelationIndexTests.replace(
                    store, kinds: [.sameAuthor], chunks: [[Self.sameAuthor(ids[0], ids[2])]])
            }
            #expect(error?.kind == .busy)
            #expect(
                error?.description
                    == "Another session kept reading relations and books for 150 ms, so Scout could not replace the "
                    + "relations; nothing was written. A `scout books export` or another long query holds them "
                    + "(see pg_stat_activity). Run the command again after it ends.")
            _ = try await reader.execute("COMMIT")
            #expect(try await store.related(to: ids[0]).map(\.book.id) == [ids[1]])
            #expect(try await RelationIndexTests.postgresIndexes(store.database) == ["relations_pkey", "relations_to"])
            // Once the reader is done, the same command goes through.
            try await RelationIndexTests.replace(
                store, kinds: [.sameAuthor], chunks: [[Self.sameAuthor(ids[0], ids[2])]])
            #expect(try await store.related(to: ids[0]).map(\.book.id) == [ids[2]])
        }
    }

    @Test func anImportThatCannotDeferTheSearchIndexesGivesUpAndTheSameImportGoesThroughLater() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let store = try await Self.patientStore(url, pause: .milliseconds(10), attempts: 2)
            let books = (1...30).map {
                Book(source: "bulk", sourceID: "\($0)", title: "Harbour \($0)", authors: ["Ann Lee"])
            }
            let batch = ImportBatch(books: books, recordsToFollow: 50_000)
            let reader = try await Self.longReader(url)
            let error = await #expect(throws: BookStoreError.self) { _ = try await store.apply(batch) }
            #expect(error?.kind == .busy)
            #expect(error?.description.contains("could not set the search indexes aside for the import;") == true)
            _ = try await reader.execute("COMMIT")
            #expect(try await store.count() == 0)
            #expect(try await store.apply(batch).inserted == 30)
            #expect(try await PostgresDeferredIndexesTests.deferred(in: store.database).count == 4)
        }
    }

    /// A catalog of schema version 8, whose upgrade alters `books` (version 9 adds a column),
    /// holding one book, with a reader holding `books` as an export does.
    static func versionEightCatalogBeingExported(_ url: String) async throws -> PostgresDatabase {
        let database = try await PostgresDatabase(url: try PostgresURL(url))
        try await database.migrate(PostgresBookStore.migrations.filter { $0.version <= 8 })
        try await database.execute(
            """
            INSERT INTO books (source, source_id, title, search)
            VALUES ('old', '1', 'The Little Prince', 'the:1A little:2A prince:3A')
            """)
        return try await Self.longReader(url)
    }

    @Test func anUpgradeAtOpenWaitsForALongReaderWhileSearchesGoOn() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let reader = try await Self.versionEightCatalogBeingExported(url)
            let notices = Locked<[String]>([])
            let opening = Task {
                try await Self.patientStore(url, pause: .milliseconds(50), attempts: 2_000, notices: notices)
            }
            let observer = try await PostgresDatabase(url: try PostgresURL(url))
            #expect(try await Self.someoneWaits(seenBy: observer))
            // A server of the version before on the same catalog, whose searches fail after 5 s
            // instead of queueing on.
            let serving = try await Self.connection(url, timeout: "5s")
            for _ in 0..<5 {
                let titles = try await serving.query("SELECT title FROM books WHERE search @@ 'prince'::tsquery") {
                    try $0.string(0)
                }
                #expect(titles == ["The Little Prince"])
            }
            _ = try await reader.execute("COMMIT")
            let store = try await opening.value
            #expect(try await store.database.schemaVersion() == PostgresBookStore.migrations.map(\.version).max())
            #expect(try await store.search("prince", limit: 5).map(\.title) == ["The Little Prince"])
            #expect(
                notices.value == [
                    Self.notice(reading: "the catalog's tables", to: "bring the catalog's schema up to date")
                ])
        }
    }

    @Test func anUpgradeThatNeverGetsItsTablesGivesUpSayingWhyAndTheCatalogStillOpensLater() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let reader = try await Self.versionEightCatalogBeingExported(url)
            let error = await #expect(throws: BookStoreError.self) {
                _ = try await Self.patientStore(url, pause: .zero, attempts: 3)
            }
            #expect(error?.kind == .busy)
            #expect(
                error?.description
                    == "Another session kept reading the catalog's tables for 150 ms, so Scout could not bring the "
                    + "catalog's schema up to date; no upgrade step was left half done. A `scout books export` or "
                    + "another long query holds them (see pg_stat_activity). Run the command again after it ends.")
            #expect(try await PostgresDatabase(url: try PostgresURL(url)).schemaVersion() == 8)
            _ = try await reader.execute("COMMIT")
            let store = try await Self.patientStore(url, pause: .zero, attempts: 3)
            #expect(try await store.search("prince", limit: 5).map(\.title) == ["The Little Prince"])
        }
    }
}
