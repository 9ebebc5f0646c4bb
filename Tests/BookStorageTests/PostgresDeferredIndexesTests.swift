import BookCatalog
import BookStorage
import Postgres
import ScoutTestSupport
import Testing

/// A large import into an empty PostgreSQL catalog drops the search indexes with its first batch
/// and builds them with its last: meanwhile the mark is committed with each batch and searches
/// still find every committed book; a build killed half-way leaves the mark for the next write.
@Suite(
    "PostgreSQL deferred search indexes",
    .enabled(if: Requirement.postgres.mayRun, Comment(rawValue: Requirement.postgres.skipReason)),
    .timeLimit(.minutes(10)))
struct PostgresDeferredIndexesTests {
    static func book(_ title: String) -> Book {
        Book(source: "bulk", sourceID: title, title: title, authors: ["Ann Lee"])
    }

    /// The indexes on `books` by name, with their definitions.
    static func indexes(in database: PostgresDatabase) async throws -> [String: String] {
        let rows = try await database.query(
            "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'books' AND schemaname = current_schema()"
        ) { row in (try row.string(0), try row.string(1)) }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    /// The names the mark holds.
    static func deferred(in database: PostgresDatabase) async throws -> [String] {
        try await database.query("SELECT name FROM deferred_indexes ORDER BY name") { try $0.string(0) }
    }

    /// The foreign keys of `book_keys` by name.
    static func keys(in database: PostgresDatabase) async throws -> [String] {
        try await database.query(
            "SELECT conname FROM pg_constraint WHERE conrelid = 'book_keys'::regclass AND contype = 'f' ORDER BY conname"
        ) { try $0.string(0) }
    }

    static let searchIndexes = ["books_by_rank", "books_search", "books_series"]
    static let foreignKey = "book_keys_book_id_fkey"
    /// What the mark holds while an import defers, in its order (byte order: `_` before `s`).
    static let marked = [foreignKey] + searchIndexes

    @Test func aLargeImportIntoAnEmptyCatalogBuildsTheSearchIndexesWithItsLastBatch() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let store = try await PostgresBookStore(url: url)
            let before = try await Self.indexes(in: store.database)
            #expect(Set(Self.searchIndexes).isSubset(of: before.keys))
            _ = try await store.apply(
                ImportBatch(
                    books: [Self.book("Quiet Harbour")], checkpoint: ImportCheckpoint(name: "bulk", position: 1),
                    recordsToFollow: 20_000))
            var now = try await Self.indexes(in: store.database)
            #expect(now.keys.filter(Self.searchIndexes.contains).isEmpty)
            #expect(now.count == before.count - 3)  // the matching's indexes stay
            #expect(try await Self.deferred(in: store.database) == Self.marked)
            #expect(try await Self.keys(in: store.database).isEmpty)
            // Readers find every committed book all the same, by scanning.
            #expect(try await store.search("quiet harbour", limit: 10).map(\.title) == ["Quiet Harbour"])

            _ = try await store.apply(ImportBatch(books: [Self.book("Storm Tide")], recordsToFollow: 12_000))
            #expect(try await Self.deferred(in: store.database) == Self.marked)
            _ = try await store.apply(
                ImportBatch(books: [Self.book("Night Train")], checkpoint: ImportCheckpoint(name: "bulk", position: 3)))
            now = try await Self.indexes(in: store.database)
            #expect(now == before)
            #expect(try await Self.deferred(in: store.database).isEmpty)
            #expect(try await Self.keys(in: store.database) == [Self.foreignKey])
            #expect(try await store.search("train", limit: 10).map(\.title) == ["Night Train"])
            #expect(try await store.integrityProblems().isEmpty)
        }
    }

    /// Killed while it builds the indexes, the last batch leaves nothing of itself: the mark, the
    /// checkpoint before it, and no half-built index; the import run again builds them.
    @Test func anImportKilledInTheMiddleOfTheIndexBuildLeavesTheMarkForTheNextWrite() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let killed = try await PostgresBookStore(url: url)
            let before = try await Self.indexes(in: killed.database)
            _ = try await killed.apply(
                ImportBatch(
                    books: [Self.book("Red Fox")], checkpoint: ImportCheckpoint(name: "run", position: 1),
                    recordsToFollow: 50_000))
            // A build needs SHARE on books, which this lock refuses; the batch's writes do not.
            let blocker = try await PostgresDatabase(url: try PostgresURL(url))
            try await blocker.execute("BEGIN")
            try await blocker.execute("LOCK TABLE books IN SHARE UPDATE EXCLUSIVE MODE")
            let last = Task {
                try await killed.apply(
                    ImportBatch(books: [Self.book("Grey Wolf")], checkpoint: ImportCheckpoint(name: "run", position: 2))
                )
            }
            // Not the blocker: a transaction sees pg_stat_activity as it was at its first look.
            let watcher = try await PostgresDatabase(url: try PostgresURL(url))
            let building = try await Self.waitForBlockedIndexBuild(seenBy: watcher)
            try await watcher.execute("SELECT pg_terminate_backend($1::int)", [.integer(building)])
            await #expect(throws: (any Error).self) { try await last.value }
            try await blocker.execute("COMMIT")

            let next = try await PostgresBookStore(url: url)
            #expect(try await next.checkpoint(named: "run")?.position == 1)
            #expect(try await Self.deferred(in: next.database) == Self.marked)
            #expect(try await Self.indexes(in: next.database).keys.filter(Self.searchIndexes.contains).isEmpty)
            #expect(try await Self.keys(in: next.database).isEmpty)
            #expect(try await next.search("wolf", limit: 10).isEmpty)
            _ = try await next.apply(
                ImportBatch(books: [Self.book("Grey Wolf")], checkpoint: ImportCheckpoint(name: "run", position: 2)))
            #expect(try await Self.indexes(in: next.database) == before)
            #expect(try await Self.deferred(in: next.database).isEmpty)
            #expect(try await Self.keys(in: next.database) == [Self.foreignKey])
            #expect(try await next.search("wolf", limit: 10).map(\.title) == ["Grey Wolf"])
            #expect(try await next.integrityProblems().isEmpty)
        }
    }

    /// The backend whose `CREATE INDEX` waits for a lock, once it is there: a bounded number of
    /// looks at `pg_stat_activity` by `watcher`, outside any transaction, no clock.
    static func waitForBlockedIndexBuild(seenBy watcher: PostgresDatabase) async throws -> Int64 {
        for _ in 0..<100_000 {
            let waiting = try await watcher.query(
                """
                SELECT pid FROM pg_stat_activity
                WHERE wait_event_type = 'Lock' AND query LIKE 'CREATE INDEX%' AND datname = current_database()
                """
            ) { try $0.int64(0) }
            if let pid = waiting.first { return pid }
            await Task.yield()
        }
        throw IndexBuildNotSeen()
    }

    struct IndexBuildNotSeen: Error, CustomStringConvertible {
        var description: String { "The last batch never reached its index build." }
    }

    /// A catalog with books, or an import with fewer than 10,000 records to follow, keeps its
    /// indexes row by row.
    @Test func smallImportsAndImportsIntoABookedCatalogKeepTheirIndexes() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let store = try await PostgresBookStore(url: url)
            let before = try await Self.indexes(in: store.database)
            _ = try await store.apply(ImportBatch(books: [Self.book("Blue Moon")], recordsToFollow: 9_999))
            #expect(try await Self.indexes(in: store.database) == before)
            _ = try await store.apply(ImportBatch(books: [Self.book("Old Sea")], recordsToFollow: 900_000))
            #expect(try await Self.indexes(in: store.database) == before)
            #expect(try await Self.deferred(in: store.database).isEmpty)
            #expect(try await Self.keys(in: store.database) == [Self.foreignKey])
        }
    }

    /// New books take one block of ids a batch, in batch order, deferring or not; a book named
    /// again keeps its id.
    @Test func newBooksTakeConsecutiveIDsInBatchOrder() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let store = try await PostgresBookStore(url: url)
            let first = try await store.apply(
                ImportBatch(books: ["Ash", "Birch", "Cedar"].map(Self.book), recordsToFollow: 30_000))
            #expect(first.ids == [1, 2, 3])
            let second = try await store.apply(ImportBatch(books: ["Dogwood", "Birch", "Elm"].map(Self.book)))
            #expect(second.ids == [4, 2, 5])
            #expect(try await store.search("elm", limit: 10).map(\.id) == [5])
        }
    }

    /// A catalog of version 10 gains the mark, empty, and keeps its indexes.
    @Test func aCatalogFromVersion10GainsAnEmptyMark() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let database = try await PostgresDatabase(url: try PostgresURL(url))
            try await database.migrate(PostgresBookStore.migrations.filter { $0.version <= 10 })
            let before = try await Self.indexes(in: database)
            try await database.execute(
                "INSERT INTO books (source, source_id, title, search) VALUES ('old', '1', 'Old Man', 'old:1A man:2A')")
            let store = try await PostgresBookStore(url: url)
            #expect(try await database.schemaVersion() == PostgresBookStore.migrations.map(\.version).max())
            #expect(try await Self.deferred(in: database).isEmpty)
            #expect(try await Self.indexes(in: database) == before)
            #expect(try await store.search("old man", limit: 10).map(\.title) == ["Old Man"])
        }
    }
}
