import Foundation
import SQLite
import Testing

@Suite("Transactions and concurrency", .timeLimit(.minutes(10)))
struct TransactionTests {
    private struct Abort: Error {}

    @Test func commitsWhenTheBodyReturns() async throws {
        try await withTemporaryDatabase { db, _ in
            try await db.execute("CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT)")
            let id = try await db.transaction { tx in
                try tx.execute("INSERT INTO books (title) VALUES (?)", ["Dune"])
                #expect(tx.changes == 1)
                return tx.lastInsertRowID
            }
            #expect(id == 1)
            #expect(try await db.query("SELECT count(*) FROM books") { try $0.int(0) } == [1])
        }
    }

    @Test func rollsBackEverythingOnAThrownError() async throws {
        try await withTemporaryDatabase { db, _ in
            try await db.execute("CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT)")
            await #expect(throws: Abort.self) {
                try await db.transaction { tx in
                    try tx.execute("INSERT INTO books (title) VALUES (?)", ["Dune"])
                    try tx.execute("INSERT INTO books (title) VALUES (?)", ["Emma"])
                    throw Abort()
                }
            }
            #expect(try await db.query("SELECT count(*) FROM books") { try $0.int(0) } == [0])
            // The connection is usable again (no transaction left open).
            try await db.transaction { tx in try tx.execute("INSERT INTO books (title) VALUES ('Ok')") }
            #expect(try await db.query("SELECT count(*) FROM books") { try $0.int(0) } == [1])
        }
    }

    /// A transaction without foreign-key checks takes a child row whose parent is missing, and
    /// the checks are on again afterwards, whether the body returned or threw.
    @Test func foreignKeyChecksAreOffForOneTransactionOnly() async throws {
        try await withTemporaryDatabase { db, _ in
            try await db.execute("CREATE TABLE books (id INTEGER PRIMARY KEY)")
            try await db.execute("CREATE TABLE links (book INTEGER NOT NULL REFERENCES books (id))")
            try await db.transactionWithoutForeignKeyChecks { tx in
                try tx.execute("INSERT INTO links (book) VALUES (7)")
            }
            #expect(try await db.query("SELECT book FROM links") { try $0.int(0) } == [7])
            await #expect(throws: SQLiteError.self) { try await db.execute("INSERT INTO links (book) VALUES (8)") }
            await #expect(throws: Abort.self) {
                try await db.transactionWithoutForeignKeyChecks { tx in
                    try tx.execute("INSERT INTO links (book) VALUES (9)")
                    throw Abort()
                }
            }
            #expect(try await db.query("SELECT book FROM links") { try $0.int(0) } == [7])
            await #expect(throws: SQLiteError.self) {
                try await db.transaction { tx in try tx.execute("INSERT INTO links (book) VALUES (10)") }
            }
            #expect(try await db.query("PRAGMA foreign_keys") { try $0.int(0) } == [1])
        }
    }

    /// A read transaction answers its statements and leaves no lock behind, even when its body
    /// throws: another connection writes right after.
    @Test func aReadTransactionReadsAndReleasesItsSnapshot() async throws {
        try await withTemporaryDatabase { db, directory in
            try await db.execute("CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT)")
            try await db.execute("INSERT INTO books (title) VALUES ('Dune'), ('Emma')")
            let (count, titles) = try await db.read { tx in
                (
                    try tx.query("SELECT count(*) FROM books") { try $0.int(0) },
                    try tx.query("SELECT title FROM books ORDER BY id") { try $0.string(0) }
                )
            }
            #expect(count == [2] && titles == ["Dune", "Emma"])
            await #expect(throws: Abort.self) {
                try await db.read { tx in
                    _ = try tx.query("SELECT count(*) FROM books")
                    throw Abort()
                }
            }
            let other = try await Database(
                path: directory.appendingPathComponent("test.sqlite").path, busyTimeout: .milliseconds(50))
            try await other.transaction { tx in try tx.execute("INSERT INTO books (title) VALUES ('Ubik')") }
            #expect(try await db.query("SELECT count(*) FROM books") { try $0.int(0) } == [3])
        }
    }

    @Test func rollsBackOnASQLiteErrorMidway() async throws {
        try await withTemporaryDatabase { db, _ in
            try await db.execute("CREATE TABLE books (isbn TEXT PRIMARY KEY)")
            await #expect(throws: SQLiteError.self) {
                try await db.transaction { tx in
                    try tx.execute("INSERT INTO books VALUES (?)", ["1"])
                    try tx.execute("INSERT INTO books VALUES (?)", ["1"])
                }
            }
            #expect(try await db.query("SELECT count(*) FROM books") { try $0.int(0) } == [0])
        }
    }

    @Test func hundredThousandInsertsInOneTransaction() async throws {
        try await withTemporaryDatabase { db, _ in
            try await db.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, weight REAL)")
            let inserted = try await db.transaction { tx in
                for index in 0..<100_000 {
                    try tx.execute("INSERT INTO items (name, weight) VALUES (?, ?)", [.text("item \(index)"), 0.5])
                }
                return try tx.query("SELECT count(*) FROM items") { try $0.int(0) }[0]
            }
            #expect(inserted == 100_000)
            #expect(try await db.query("SELECT max(id) FROM items") { try $0.int(0) } == [100_000])
        }
    }

    @Test func sameSQLInsideARowCallbackUsesAFreshStatement() async throws {
        let db = try await Database(path: ":memory:")
        let oneToThree =
            "WITH RECURSIVE s(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM s WHERE value < 3) "
            + "SELECT value FROM s"
        let pairs = try await db.transaction { tx in
            try tx.query(oneToThree) { outer in
                try tx.query(oneToThree) { try $0.int(0) }.count + (try outer.int(0))
            }
        }
        #expect(pairs == [4, 5, 6])
    }

    @Test func concurrentCallersAreSerialized() async throws {
        try await withTemporaryDatabase { db, _ in
            try await db.execute("CREATE TABLE log (task INTEGER, n INTEGER)")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for task in 0..<20 {
                    group.addTask {
                        for n in 0..<50 {
                            if n.isMultiple(of: 2) {
                                try await db.execute(
                                    "INSERT INTO log VALUES (?, ?)", [SQLiteValue(task), SQLiteValue(n)])
                            } else {
                                try await db.transaction { tx in
                                    let before = try tx.query(
                                        "SELECT count(*) FROM log WHERE task = ?", [SQLiteValue(task)])
                                    try tx.execute(
                                        "INSERT INTO log VALUES (?, ?)", [SQLiteValue(task), SQLiteValue(n)])
                                    let after = try tx.query(
                                        "SELECT count(*) FROM log WHERE task = ?", [SQLiteValue(task)])
                                    #expect(try after[0].int(0) == before[0].int(0) + 1)
                                }
                            }
                            _ = try await db.query("SELECT count(*) FROM log")
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await db.query("SELECT count(*) FROM log") { try $0.int(0) } == [1000])
            #expect(try await db.integrityCheck())
        }
    }
}
