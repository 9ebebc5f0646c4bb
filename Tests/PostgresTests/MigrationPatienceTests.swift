import Foundation
import Postgres
import Synchronization
import Testing

/// A migration that alters a table beside a long reader of it, as an upgrade beside an export:
/// with a patience it waits in short attempts, so the table's other readers never queue behind
/// it for long, and gives up saying why when the reader outlasts it, the schema left as it was.
@Suite(
    "Migrations beside a long reader",
    .enabled(if: TestServer.url != nil, TestServer.missing),
    .timeLimit(.minutes(5)))
struct MigrationPatienceTests {
    /// The first version: two tables, a row in each.
    static let tables = PostgresMigration(
        version: 1,
        sql: "CREATE TABLE notes (id int); INSERT INTO notes VALUES (1); CREATE TABLE drafts (id int); "
            + "INSERT INTO drafts VALUES (1)")
    /// The second: a change that must hold `notes` alone.
    static let body = PostgresMigration(version: 2, sql: "ALTER TABLE notes ADD COLUMN body text")
    /// The third: a change that must hold `drafts` alone.
    static let title = PostgresMigration(version: 3, sql: "ALTER TABLE drafts ADD COLUMN title text")

    /// Runs `body` with connections whose tables live in a schema of their own, dropped afterwards.
    static func withSchema(
        _ body: (_ connect: (_ statementTimeout: String) async throws -> PostgresDatabase)
            async throws -> Void
    ) async throws {
        let schema = "patience_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let admin = try await TestServer.connect(settings: ["statement_timeout": "30s"])
        try await admin.execute("CREATE SCHEMA \(schema)")
        let failure: (any Error)?
        do {
            try await body { timeout in
                try await TestServer.connect(settings: ["search_path": schema, "statement_timeout": timeout])
            }
            failure = nil
        } catch {
            failure = error
        }
        try await admin.execute("DROP SCHEMA \(schema) CASCADE")
        if let failure { throw failure }
    }

    /// A reader of `table` holding its read lock until it commits, as an export's snapshot does.
    static func longReader(of table: String, on connection: PostgresDatabase) async throws {
        try await connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        _ = try await connection.query("SELECT count(*) FROM \(table)") { try $0.int(0) }
    }

    /// Whether the session `pid` waits for a lock or pauses between attempts, asked until it does.
    static func waits(_ pid: Int, seenBy observer: PostgresDatabase, polls: Int = 20_000) async throws -> Bool {
        for _ in 0..<polls {
            let waiting = try await observer.query(
                "SELECT count(*) FROM pg_stat_activity WHERE pid = $1 AND (wait_event_type = 'Lock' OR wait_event = 'PgSleep')",
                [.integer(Int64(pid))]
            ) { try $0.int(0) }
            if waiting.first ?? 0 > 0 { return true }
        }
        return false
    }

    @Test func migrationsWaitForLongReadersWhileOtherReadersGoOn() async throws {
        try await Self.withSchema { connect in
            let migrator = try await connect("20s")
            try await migrator.migrate([Self.tables])
            let pid = try await migrator.query("SELECT pg_backend_pid()") { try $0.int(0) }[0]
            let notesReader = try await connect("0")
            try await Self.longReader(of: "notes", on: notesReader)
            let draftsReader = try await connect("0")
            try await Self.longReader(of: "drafts", on: draftsReader)
            let notices = Mutex<[String]>([])
            let patience = SchemaLockPatience(
                attemptTimeout: .milliseconds(50), pause: .milliseconds(50), attempts: 2_000,
                onWait: { notice in notices.withLock { $0.append(notice) } })
            let upgrade = Task { try await migrator.migrate([Self.tables, Self.body, Self.title], patience: patience) }
            let observer = try await connect("0")
            // Another reader of the tables, which gives up after 5 s instead of queueing on.
            let other = try await connect("5s")
            for table in ["notes", "drafts"] {
                #expect(try await Self.waits(pid, seenBy: observer))
                for _ in 0..<5 {
                    #expect(try await other.query("SELECT count(*) FROM \(table)") { try $0.int(0) } == [1])
                }
                try await (table == "notes" ? notesReader : draftsReader).execute("COMMIT")
                if table == "notes" { #expect(try await Self.reaches(version: 2, seenBy: observer)) }
            }
            #expect(try await upgrade.value == 3)
            #expect(try await other.query("SELECT count(body) FROM notes") { try $0.int(0) } == [0])
            // Told once that it waited, whatever the number of attempts and of migrations that waited.
            #expect(
                notices.withLock { $0 } == [
                    "Another session is reading a table that schema version 2 changes: waiting up to 3 minutes for "
                        + "it (its other readers go on meanwhile). A long query holds it (see pg_stat_activity)."
                ])
        }
    }

    /// Whether the schema reaches `version`, asked until it does.
    static func reaches(version: Int, seenBy observer: PostgresDatabase, polls: Int = 20_000) async throws -> Bool {
        for _ in 0..<polls where try await observer.schemaVersion() >= version { return true }
        return false
    }

    @Test func aMigrationThatNeverGetsItsTableGivesUpAndLeavesTheSchemaAsItWas() async throws {
        try await Self.withSchema { connect in
            let migrator = try await connect("20s")
            try await migrator.migrate([Self.tables])
            let reader = try await connect("0")
            try await Self.longReader(of: "notes", on: reader)
            let patience = SchemaLockPatience(attemptTimeout: .milliseconds(20), pause: .zero, attempts: 3)
            let error = await #expect(throws: PostgresError.self) {
                try await migrator.migrate([Self.tables, Self.body], patience: patience)
            }
            #expect(error?.kind == .lockNotAvailable)
            #expect(
                error?.description
                    == "Another session held a table the statement needed for longer than it would wait; the "
                    + "statement changed nothing. Find the long query in pg_stat_activity, and retry once it ends. "
                    + "(SQLSTATE 55P03)")
            #expect(error?.message.hasSuffix("for 60 ms; the schema stays at version 1.") == true)
            #expect(try await migrator.schemaVersion() == 1)
            try await reader.execute("COMMIT")
            #expect(try await migrator.migrate([Self.tables, Self.body], patience: patience) == 2)
        }
    }
}
