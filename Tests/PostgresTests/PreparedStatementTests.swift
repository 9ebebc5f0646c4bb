import Foundation
import Testing

@testable import Postgres

/// Statements prepared once per connection, against the server `scripts/with-postgres.sh` starts.
@Suite(
    "PostgreSQL prepared statements",
    .enabled(if: TestServer.url != nil, TestServer.missing),
    .timeLimit(.minutes(10)))
struct PreparedStatementTests {
    let db: PostgresDatabase

    init() async throws {
        db = try await TestServer.connect(settings: ["jit": "off", "work_mem": "8MB"])
        try await db.execute("CREATE TEMPORARY TABLE items (id bigint PRIMARY KEY, name text)")
    }

    /// The session's prepared statements, by name and text.
    private func prepared() async throws -> [String: String] {
        let rows = try await db.query("SELECT name, statement FROM pg_prepared_statements", planning: .perCall) {
            (try $0.string(0), try $0.string(1))
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    @Test func aStatementRunAgainIsPreparedOnceAndCommandsNever() async throws {
        for id in 1...3 {
            try await db.execute("INSERT INTO items (id, name) VALUES ($1, $2)", [.integer(Int64(id)), "x"])
        }
        _ = try await db.query("SELECT name FROM items WHERE id = $1", [1], planning: .perCall) { try $0.string(0) }
        let statements = try await prepared()
        #expect(statements.values.filter { $0.contains("INSERT INTO items") }.count == 1)
        #expect(!statements.values.contains { $0.contains("WHERE id = $1") })  // .perCall
        #expect(!statements.values.contains { $0.contains("CREATE TEMPORARY TABLE") })
    }

    @Test func aTransactionsStatementsPlannedPerCallAreNeverPrepared() async throws {
        try await db.transaction { tx in
            // Past the five runs after which PostgreSQL may settle on a generic plan.
            for id in 1...7 {
                try tx.execute(
                    "INSERT INTO items (id, name) VALUES ($1, 'per call')", [.integer(Int64(id))], planning: .perCall)
                _ = try tx.query("SELECT name FROM items WHERE id = $1", [.integer(Int64(id))], planning: .perCall) {
                    try $0.string(0)
                }
                _ = try tx.query("SELECT id FROM items WHERE id = $1", [.integer(Int64(id))]) { try $0.int64(0) }
            }
        }
        let statements = try await prepared()
        #expect(!statements.values.contains { $0.contains("'per call'") || $0.contains("SELECT name") })
        #expect(statements.values.filter { $0.contains("SELECT id FROM items") }.count == 1)  // .prepared
    }

    @Test func aTableChangedUnderAStatementIsPreparedAgain() async throws {
        try await db.execute("INSERT INTO items (id, name) VALUES (1, 'a')")
        let before = try await db.query("SELECT * FROM items") { $0.count }
        try await db.execute("ALTER TABLE items ADD COLUMN note text")
        // PostgreSQL refuses the prepared statement (its result type changed); it is prepared again.
        let after = try await db.query("SELECT * FROM items") { $0.count }
        #expect(before == [2] && after == [3])
        // Inside a transaction the refusal aborts it, so it surfaces, and the next run works.
        try await db.execute("ALTER TABLE items DROP COLUMN note")
        await #expect(throws: PostgresError.self) {
            try await db.transaction { tx in _ = try tx.query("SELECT * FROM items") }
        }
        #expect(try await db.query("SELECT * FROM items") { $0.count } == [2])
        // DISCARD ALL drops every prepared statement (and the temporary table) behind the cache.
        #expect(try await db.query("SELECT 1 + $1::int8", [0]) { try $0.int(0) } == [1])
        try await db.execute("DISCARD ALL")
        #expect(try await db.query("SELECT 1 + $1::int8", [1]) { try $0.int(0) } == [2])
    }

    @Test func statementsPastTheLimitAreDeallocated() async throws {
        let limit = Connection.preparedStatementLimit
        for value in 0..<(limit + 10) {
            // Each text differs, as SQL assembled from varying parts would.
            _ = try await db.query("SELECT \(value) + $1::int8", [1]) { try $0.int(0) }
        }
        let statements = try await prepared()
        #expect(statements.count <= limit && statements.count >= limit - 1)
        #expect(try await db.query("SELECT 0 + $1::int8", [41]) { try $0.int(0) } == [41])
    }

    @Test func sessionSettingsApply() async throws {
        #expect(try await db.query("SHOW jit") { try $0.string(0) } == ["off"])
        #expect(try await db.query("SHOW work_mem") { try $0.string(0) } == ["8MB"])
        await #expect(throws: PostgresError.self) {
            try await TestServer.connect(settings: ["no_such_setting_at_all": "1"])
        }
    }
}
