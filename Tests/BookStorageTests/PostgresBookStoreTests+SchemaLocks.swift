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
            #expect(
                notices.value == [
                    "Another session is reading relations and books: waiting up to 3 minutes for it, to replace "
                        + "the relations (searches go on meanwhile). A `scout books export` or another long query "
                        + "holds them (see pg_stat_activity)."
                ])
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
}
