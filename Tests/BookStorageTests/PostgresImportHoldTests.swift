import BookCatalog
import Postgres
import ScoutTestSupport
import Testing

@testable import BookStorage

/// The import lock of a PostgreSQL catalog (PostgresBookStore+ImportHold.swift): held by the
/// importing session while its import defers the search indexes, given back by its last batch,
/// gone with its session when it dies; and the indexes of a dead import built without waiting
/// for the next write.
extension PostgresDeferredIndexesTests {
    /// The sessions holding the import lock now, as `database` sees them.
    static func importLockHolders(in database: PostgresDatabase) async throws -> [Int64] {
        try await database.query(
            """
            SELECT pid::int8 FROM pg_locks WHERE locktype = 'advisory' AND granted
                AND classid = \(PostgresBookStore.importLockClass)::oid AND objsubid = 2
                AND objid = 'deferred_indexes'::regclass::oid
            """
        ) { try $0.int64(0) }
    }

    @Test func anImportIsLiveWhileItsSessionDefersAndHoldsTheLock() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let importer = try await PostgresBookStore(url: url)
            let reader = try await PostgresBookStore(url: url)
            #expect(try await !reader.isBulkImportLive())
            _ = try await importer.apply(ImportBatch(books: [Self.book("Red Fox")], recordsToFollow: 50_000))
            #expect(try await reader.isBulkImportLive())
            #expect(try await importer.isBulkImportLive(), "its own store sees it too")
            _ = try await importer.apply(ImportBatch(books: [Self.book("Grey Wolf")], recordsToFollow: 40_000))
            #expect(try await Self.importLockHolders(in: reader.database).count == 1, "taken once")
            // Nothing to finish while the importer lives: its next batches go on deferring.
            #expect(try await !reader.finishAbandonedImport())
            #expect(try await Self.deferred(in: reader.database) == Self.marked)

            _ = try await importer.apply(ImportBatch(books: [Self.book("Brown Bear")]))
            #expect(try await !reader.isBulkImportLive())
            #expect(try await Self.importLockHolders(in: reader.database).isEmpty, "the last batch gave it back")
        }
    }

    /// An importer whose session ends (`pg_terminate_backend`, what PostgreSQL does when its
    /// process is killed and the socket closes) holds nothing: a reader sees no live import, and
    /// `finishAbandonedImport` builds the indexes, once, on its own connection.
    @Test func aDeadImportsIndexesAreBuiltWithoutWaitingForTheNextWrite() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let importer = try await PostgresBookStore(url: url)
            let reader = try await PostgresBookStore(url: url)
            let before = try await Self.indexes(in: reader.database)
            _ = try await importer.apply(ImportBatch(books: [Self.book("Red Fox")], recordsToFollow: 50_000))
            let holders = try await Self.importLockHolders(in: reader.database)
            try #require(holders.count == 1)
            try await reader.database.execute("SELECT pg_terminate_backend($1::int)", [.integer(holders[0])])
            #expect(try await Self.waitUntilNoImportLock(seenBy: reader.database))
            #expect(try await !reader.isBulkImportLive())
            #expect(try await Self.deferred(in: reader.database) == Self.marked)

            let other = try await PostgresBookStore(url: url)
            async let first = reader.finishAbandonedImport()
            async let second = other.finishAbandonedImport()
            let built = try await [first, second]
            #expect(built.filter { $0 }.count == 1, "one process built them: \(built)")
            #expect(try await Self.indexes(in: reader.database) == before)
            #expect(try await Self.deferred(in: reader.database).isEmpty)
            #expect(try await reader.search("fox", limit: 10).map(\.title) == ["Red Fox"])
            #expect(try await !reader.finishAbandonedImport())
            #expect(try await reader.integrityProblems().isEmpty)
        }
    }

    /// Waits, a bounded number of looks and no clock, until the server has ended the terminated
    /// session and so dropped its locks; whether it did.
    static func waitUntilNoImportLock(seenBy database: PostgresDatabase) async throws -> Bool {
        for _ in 0..<100_000 {
            if try await importLockHolders(in: database).isEmpty { return true }
            await Task.yield()
        }
        return false
    }
}
