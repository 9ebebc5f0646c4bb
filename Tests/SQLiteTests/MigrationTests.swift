import Foundation
import SQLite
import ScoutTestSupport
import Testing

@Suite("Migrations", .timeLimit(.minutes(10)))
struct MigrationTests {
    private let migrations = [
        Migration(
            version: 2, sql: "ALTER TABLE books ADD COLUMN year INTEGER; CREATE INDEX books_year ON books (year)"),
        Migration(version: 1, sql: "CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT NOT NULL)"),
    ]

    @Test func runOnceInOrderAndSurviveReopening() async throws {
        try await withTemporaryDirectory(prefix: "scout-sqlite") { directory in
            let path = directory.appendingPathComponent("m.sqlite").path
            do {
                let db = try await Database(path: path)
                #expect(try await db.schemaVersion() == 0)
                #expect(try await db.migrate(migrations) == 2)  // given out of order, applied 1 then 2
                try await db.execute("INSERT INTO books (title, year) VALUES (?, ?)", ["Dune", 1965])
            }
            let reopened = try await Database(path: path)
            #expect(try await reopened.migrate(migrations) == 2)  // a second run would fail on ALTER
            #expect(try await reopened.query("SELECT count(*) FROM books") { try $0.int(0) } == [1])
        }
    }

    @Test func aBrokenMigrationLeavesThePreviousVersion() async throws {
        try await withTemporaryDatabase { db, _ in
            try await db.migrate(Array(migrations.prefix(2)))
            let broken = Migration(
                version: 3, sql: "CREATE TABLE shelves (id INTEGER PRIMARY KEY); INSERT INTO nowhere VALUES (1)")
            await #expect(throws: SQLiteError.self) { try await db.migrate(migrations + [broken]) }
            #expect(try await db.schemaVersion() == 2)
            let shelves = try await db.query("SELECT name FROM sqlite_master WHERE name = 'shelves'")
            #expect(shelves.isEmpty)  // the first half of the broken script was rolled back too
            let fixed = Migration(version: 3, sql: "CREATE TABLE shelves (id INTEGER PRIMARY KEY)")
            #expect(try await db.migrate(migrations + [fixed]) == 3)
        }
    }

    @Test func duplicateVersionsAreRefused() async throws {
        let db = try await Database(path: ":memory:")
        let error = await #expect(throws: SQLiteError.self) {
            try await db.migrate([Migration(version: 1, sql: "SELECT 1"), Migration(version: 1, sql: "SELECT 2")])
        }
        #expect(error?.kind == .misuse)
        #expect(try await db.schemaVersion() == 0)
    }
}
