import Foundation
import Postgres
import Testing

/// The wrapper against the server `scripts/with-postgres.sh` starts (`SCOUT_TEST_POSTGRES_URL`);
/// every test works in a temporary table of its own connection's session.
@Suite(
    "PostgreSQL wrapper",
    .enabled(if: TestServer.url != nil, TestServer.missing),
    .timeLimit(.minutes(10)))
struct PostgresDatabaseTests {
    let db: PostgresDatabase

    init() async throws {
        db = try await TestServer.connect()
        try await db.execute(
            """
            CREATE TEMPORARY TABLE items (
                id bigint PRIMARY KEY, name text UNIQUE, score double precision, rating integer CHECK (rating > 0),
                flag boolean)
            """)
    }

    @Test func valuesRoundTripThroughBoundParameters() async throws {
        let names = ["plain", "it's \"quoted\" \\ {a,b} NULL", "東京 🙂 \u{202E}", ""]
        let scores: [Double] = [4.34, -0.0, .infinity, 1e-300]
        for (offset, name) in names.enumerated() {
            try await db.execute(
                "INSERT INTO items VALUES ($1, $2, $3, $4, $5)",
                [
                    .integer(Int64(offset)), .text(name), .real(scores[offset]),
                    PostgresValue(offset == 0 ? nil : offset), true,
                ])
        }
        let rows = try await db.query("SELECT name, score, rating, flag FROM items ORDER BY id") { row in
            (try row.string("name"), try row.double(1), try row.optionalInt("rating"), try row.bool("FLAG"))
        }
        #expect(rows.map(\.0) == names && rows.map(\.1) == scores)
        #expect(rows.map(\.2) == [nil, 1, 2, 3] && rows.allSatisfy(\.3))
    }

    @Test func arraysCarryManyRowsIncludingNulls() async throws {
        let names: [String?] = ["a\"b", nil, "c,d}", "NULL"]
        let inserted = try await db.execute(
            "INSERT INTO items (id, name, score) SELECT * FROM unnest($1, $2, $3)",
            [.integerArray([1, 2, 3, 4]), .textArray(names), .realArray([1.5, nil, .nan, 2])])
        #expect(inserted == 4)
        let rows = try await db.query("SELECT name, score FROM items ORDER BY id") { row in
            (try row.optionalString(0), try row.optionalDouble(1))
        }
        #expect(rows.map(\.0) == names)
        #expect(rows[0].1 == 1.5 && rows[1].1 == nil && rows[2].1?.isNaN == true)
    }

    @Test func constraintErrorsHaveKindsAndSentencesWithoutValues() async throws {
        try await db.execute("INSERT INTO items (id, name) VALUES (1, $1)", ["secret-value"])
        let error = await #expect(throws: PostgresError.self) {
            try await db.execute("INSERT INTO items (id, name) VALUES (2, $1)", ["secret-value"])
        }
        let duplicate = try #require(error)
        #expect(duplicate.kind == .uniqueViolation && duplicate.constraint == "items_name_key")
        #expect(!duplicate.description.contains("secret-value"))
        #expect(duplicate.debugDescription.contains("secret-value"))  // the detail, for debugging
        let check = await #expect(throws: PostgresError.self) {
            try await db.execute("INSERT INTO items (id, rating) VALUES (3, 0)")
        }
        #expect(check?.kind == .checkViolation && check?.sqlState == "23514")
        let syntax = await #expect(throws: PostgresError.self) { try await db.execute("SELEKT 1") }
        #expect(syntax?.kind == .other && syntax?.sql == "SELEKT 1")
        let nul = await #expect(throws: PostgresError.self) { try await db.execute("SELECT $1::text", ["a\u{0}b"]) }
        #expect(nul?.kind == .misuse)
    }

    @Test func aFailingTransactionRollsBackEverything() async throws {
        await #expect(throws: PostgresError.self) {
            try await db.transaction { tx in
                try tx.execute("INSERT INTO items (id) VALUES (1)")
                try tx.execute("INSERT INTO items (id) VALUES (1)")
            }
        }
        // A statement error swallowed inside the body still rolls back, and says so.
        await #expect(throws: PostgresError.self) {
            try await db.transaction { tx in
                try tx.execute("INSERT INTO items (id) VALUES (2)")
                _ = try? tx.execute("INSERT INTO items (id) VALUES (2)")
            }
        }
        #expect(try await db.query("SELECT count(*) FROM items") { try $0.int(0) } == [0])
        let committed = try await db.transaction { tx in try tx.execute("INSERT INTO items (id) VALUES (3), (4)") }
        #expect(committed == 2)
    }

    @Test func migrationsRunOnceInOrder() async throws {
        try await db.execute("SET search_path TO pg_temp")
        let migrations = [
            PostgresMigration(version: 2, sql: "ALTER TABLE notes ADD COLUMN body text"),
            PostgresMigration(version: 1, sql: "CREATE TABLE notes (id int); INSERT INTO notes VALUES (1)"),
        ]
        #expect(try await db.migrate(migrations) == 2)
        #expect(try await db.migrate(migrations) == 2)
        #expect(try await db.query("SELECT count(*) FROM notes") { try $0.int(0) } == [1])
        let failing = migrations + [PostgresMigration(version: 3, sql: "CREATE TABLE x (); SELEKT")]
        await #expect(throws: PostgresError.self) { try await db.migrate(failing) }
        #expect(try await db.schemaVersion() == 2)
    }
}
