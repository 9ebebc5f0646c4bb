import Foundation
import Testing

@testable import Postgres

/// `COPY … FROM STDIN` through ``PostgresTransaction/copy(_:columns:)``, against the server
/// `scripts/with-postgres.sh` starts; every test works in a temporary table of its own session.
@Suite(
    "PostgreSQL COPY",
    .enabled(if: TestServer.url != nil, TestServer.missing),
    .timeLimit(.minutes(10)))
struct CopyTests {
    let db: PostgresDatabase

    init() async throws {
        db = try await TestServer.connect()
        try await db.execute(
            """
            CREATE TEMPORARY TABLE items (
                id bigint PRIMARY KEY, name text, score double precision, rating integer CHECK (rating > 0),
                flag boolean)
            """)
    }

    private static let copyItems = "COPY items (id, name, score, rating, flag) FROM STDIN"

    /// Every stored name, by id.
    private func names() async throws -> [String?] {
        try await db.query("SELECT name FROM items ORDER BY id") { try $0.optionalString(0) }
    }

    @Test func hostileTextArrivesByteForByte() async throws {
        let long = String(repeating: "長い\\\t", count: 400_000)  // 3.2 MB: several buffers in one field
        let names: [String?] = [
            "tab\there", "back\\slash", "new\nline", "carriage\rreturn", "\\.", "a\n\\.\nb", "\\N", nil, "",
            "東京の本屋 📚", "\u{202E}rtl", "{\"a\",NULL}", "ends with \\", long, "\t\n\r\\",
        ]
        let stored = try await db.transaction { tx in
            try tx.copy(
                "COPY items (id, name) FROM STDIN",
                columns: [.integerArray(names.indices.map { Int64($0) }), .textArray(names)])
        }
        #expect(stored == names.count)
        #expect(try await self.names() == names)
        #expect(try await db.query("SELECT count(*) FROM items WHERE name IS NULL") { try $0.int(0) } == [1])
    }

    @Test func numbersBooleansAndNullsRoundTripOverManyBuffers() async throws {
        let count = 60_000  // past one megabyte of rows
        let samples: [Double] = [1.5, -0.0, .infinity, 1e-300, .nan]
        var scores: [Double?] = []
        var ratings: [Int64?] = []
        var flags: [Bool?] = []
        for row in 0..<count {
            scores.append(row % 7 == 0 ? nil : samples[row % 5])
            ratings.append(row % 3 == 0 ? nil : Int64(row % 5 + 1))
            flags.append(row % 4 == 0 ? nil : row % 2 == 0)
        }
        let columns: [PostgresValue] = [
            .integerArray((0..<count).map { Int64($0) }), .textArray((0..<count).map { "book \($0)" }),
            .realArray(scores), .integerArray(ratings), .boolArray(flags),
        ]
        let stored = try await db.transaction { tx in try tx.copy(Self.copyItems, columns: columns) }
        #expect(stored == count)
        let rows = try await db.query("SELECT score, rating, flag FROM items ORDER BY id") {
            (try $0.optionalDouble(0), try $0.optionalInt(1), try $0.optionalBool(2))
        }
        #expect(rows.count == count)
        #expect(rows.map(\.0).map(Self.comparable) == scores.map(Self.comparable))
        #expect(rows.map(\.1) == ratings.map { $0.map(Int.init) })
        #expect(rows.map(\.2) == flags)
        #expect(rows[1].0?.sign == .minus)  // -0.0 kept its sign
    }

    /// NaN never equals itself, so comparisons see it as a word.
    private static func comparable(_ value: Double?) -> String { value.map { "\($0)" } ?? "NULL" }

    @Test func aCopyIsPartOfItsTransaction() async throws {
        await #expect(throws: PostgresError.self) {
            try await db.transaction { tx in
                try tx.copy(Self.copyItems, columns: Self.rows(1...3))
                #expect(try tx.query("SELECT count(*) FROM items") { try $0.int(0) } == [3])
                try tx.execute("INSERT INTO items (id) VALUES (1)")  // a duplicate: all rolls back
            }
        }
        #expect(try await names().isEmpty)
        let stored = try await db.transaction { tx in
            try tx.execute("INSERT INTO items (id, name) VALUES (0, 'first')")
            let copied = try tx.copy(Self.copyItems, columns: Self.rows(1...2))
            try tx.execute("UPDATE items SET name = 'last' WHERE id = 2")
            return copied
        }
        #expect(stored == 2)
        #expect(try await names() == ["first", "item 1", "last"])
    }

    /// Rows `ids` with a name, no score and rating 1.
    private static func rows(_ ids: ClosedRange<Int64>) -> [PostgresValue] {
        [
            .integerArray(ids.map { $0 }), .textArray(ids.map { "item \($0)" }), .realArray(ids.map { _ in nil }),
            .integerArray(ids.map { _ in 1 }), .boolArray(ids.map { _ in true }),
        ]
    }

    @Test func theServersErrorComesBackWithItsKindAndTheConnectionStaysUsable() async throws {
        var ratings: [Int64?] = Array(repeating: 1, count: 30_000)
        ratings[25_000] = 0  // fails the CHECK long after the first buffer went out
        let failing: [PostgresValue] = [
            .integerArray((0..<30_000).map { Int64($0) }), .textArray((0..<30_000).map { "n\($0)" }),
            .realArray(ratings.map { _ in nil }), .integerArray(ratings), .boolArray(ratings.map { _ in nil }),
        ]
        let check = await #expect(throws: PostgresError.self) {
            try await db.transaction { tx in try tx.copy(Self.copyItems, columns: failing) }
        }
        #expect(check?.kind == .checkViolation && check?.sqlState == "23514" && check?.sql == Self.copyItems)
        #expect(check?.message.contains("items_rating_check") == true)
        let duplicate = await #expect(throws: PostgresError.self) {
            try await db.transaction { tx in
                try tx.copy(Self.copyItems, columns: Self.rows(1...2))
                try tx.copy(Self.copyItems, columns: Self.rows(2...3))
            }
        }
        #expect(duplicate?.kind == .uniqueViolation)
        let missing = await #expect(throws: PostgresError.self) {
            try await db.transaction { tx in
                try tx.copy("COPY nowhere (id) FROM STDIN", columns: [.integerArray([1])])
            }
        }
        #expect(missing?.sqlState == "42P01")
        #expect(try await names().isEmpty)
        #expect(try await db.transaction { tx in try tx.copy(Self.copyItems, columns: Self.rows(1...2)) } == 2)
    }

    @Test func misuseIsRefusedAndLeavesNothingHalfSent() async throws {
        var names: [String?] = (0..<40_000).map { "name \($0) " + String(repeating: "x", count: 40) }
        names[39_000] = "a\u{0}b"  // NUL, after more than a megabyte was sent
        let cases: [(String, [PostgresValue])] = [
            ("COPY items (id, name) FROM STDIN", [.integerArray((0..<40_000).map { Int64($0) }), .textArray(names)]),
            ("COPY items (id, name) FROM STDIN", [.integerArray([1, 2]), .textArray(["one"])]),
            ("COPY items (id, name) FROM STDIN", [.integer(1), .text("one")]),
            ("COPY items (id) FROM STDIN", []),
            ("INSERT INTO items (id) VALUES (7)", [.integerArray([1])]),
            ("COPY (SELECT 1 FROM generate_series(1, 10)) TO STDOUT", [.integerArray([1])]),
        ]
        for (sql, columns) in cases {
            let error = await #expect(throws: PostgresError.self, "\(sql)") {
                try await db.transaction { tx in try tx.copy(sql, columns: columns) }
            }
            #expect(error?.kind == .misuse, "\(sql)")
        }
        #expect(try await self.names().isEmpty)  // the INSERT ran, and rolled back with its transaction
        #expect(try await db.transaction { tx in try tx.copy(Self.copyItems, columns: Self.rows(1...1)) } == 1)
    }
}

/// The bytes ``CopyText`` builds: PostgreSQL's text format, escaped where it must be.
@Suite("COPY text format")
struct CopyTextTests {
    @Test func fieldsAreEscapedAndNullIsBackslashN() throws {
        var text = CopyText()
        let columns: [PostgresValue] = [
            .integerArray([1, nil]), .textArray(["a\tb\\c\nd\re", "東\\.京"]), .realArray([.nan, -.infinity]),
            .boolArray([true, nil]),
        ]
        try text.appendRow(columns, at: 0)
        try text.appendRow(columns, at: 1)
        let expected = "1\ta\\tb\\\\c\\nd\\re\tNaN\tt\n" + "\\N\t東\\\\.京\t-Infinity\t\\N\n"
        #expect(String(decoding: text.bytes, as: UTF8.self) == expected)
        #expect(!text.isFull)
        text.removeAll()
        #expect(text.bytes.isEmpty)
    }

    @Test func nulAndScalarsAreRefusedWithTheirColumn() throws {
        let nul = #expect(throws: PostgresError.self) {
            var text = CopyText()
            try text.appendRow([.textArray(["x"]), .textArray(["\u{0}"])], at: 0)
        }
        #expect(nul?.kind == .misuse && nul?.message.contains("column 2") == true)
        let scalar = #expect(throws: PostgresError.self) {
            var text = CopyText()
            try text.appendRow([.integer(1)], at: 0)
        }
        #expect(scalar?.kind == .misuse && scalar?.message.contains("column 1") == true)
    }
}
