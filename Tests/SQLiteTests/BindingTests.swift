import Foundation
import SQLite
import Testing

@Suite("Binding and reading values", .timeLimit(.minutes(10)))
struct BindingTests {
    private func roundTrip(_ value: SQLiteValue) async throws -> SQLiteValue {
        let db = try await Database(path: ":memory:")
        try await db.execute("CREATE TABLE t (v)")
        try await db.execute("INSERT INTO t (v) VALUES (?)", [value])
        return try await db.query("SELECT v FROM t") { try $0.value(0) }[0]
    }

    @Test(arguments: [
        SQLiteValue.null, 0, -1, .integer(.max), .integer(.min), 4.5, -0.25, "", "Dune",
        .blob([]), .blob([0, 1, 2, 0xFF]), true, false,
    ])
    func everyValueRoundTrips(_ value: SQLiteValue) async throws {
        let stored = try await roundTrip(value)
        // SQLite stores an empty blob bound with zeroblob(0) as a blob of length 0.
        #expect(stored == value)
    }

    @Test(arguments: ["naïve café", "日本語の本", "📚🧙‍♂️👩🏽‍🚀", "Ω≈ç√∫˜µ≤≥÷", "line\nbreak\ttab", "quote ' \" ;--"])
    func unicodeTextRoundTrips(_ text: String) async throws {
        #expect(try await roundTrip(.text(text)) == .text(text))
    }

    @Test func oneMegabyteBlobRoundTrips() async throws {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<1_048_576).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        #expect(try await roundTrip(SQLiteValue(Data(bytes))) == .blob(bytes))
    }

    @Test func initializersBindEverySwiftType() async throws {
        let db = try await Database(path: ":memory:")
        try await db.execute("CREATE TABLE t (i, i64, d, s, b, data, flag, missing)")
        let parameters = [
            SQLiteValue(7), SQLiteValue(Int64(1) << 40), SQLiteValue(2.5), SQLiteValue("x"),
            SQLiteValue([UInt8]([1, 2])), SQLiteValue(Data([3, 4])), SQLiteValue(true), nil,
        ]
        try await db.execute("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?, ?)", parameters)
        let rows = try await db.query("SELECT * FROM t")
        let row = try #require(rows.first)
        #expect(try row.int("i") == 7)
        #expect(try row.int64("I64") == 1 << 40)  // names match case-insensitively
        #expect(try row.double(2) == 2.5)
        #expect(try row.double("i") == 7)  // integers read as numbers
        #expect(try row.string("s") == "x")
        #expect(try row.bytes("b") == [1, 2])
        #expect(try row.data("data") == Data([3, 4]))
        #expect(try row.bool("flag"))
        #expect(try row.optionalString("missing") == nil)
        #expect(try row.optionalInt("i") == 7)
        #expect(row.columnNames == ["i", "i64", "d", "s", "b", "data", "flag", "missing"])
    }

    @Test func columnErrorsAreTyped() async throws {
        let db = try await Database(path: ":memory:")
        let row = try #require(try await db.query("SELECT NULL AS a, 'text' AS b").first)
        let null = #expect(throws: SQLiteError.self) { try row.string("a") }
        #expect(null?.kind == .invalidColumn)
        #expect(null?.description.contains("'a' is NULL") == true)
        #expect(throws: SQLiteError.self) { try row.int("b") }
        #expect(throws: SQLiteError.self) { try row.int("nope") }
        #expect(throws: SQLiteError.self) { try row.int(5) }
    }

    @Test func wrongParameterCountAndSecondStatementAreRefused() async throws {
        let db = try await Database(path: ":memory:")
        let count = await #expect(throws: SQLiteError.self) { try await db.execute("SELECT ?, ?", [1]) }
        #expect(count?.kind == .misuse)
        let script = await #expect(throws: SQLiteError.self) { try await db.execute("SELECT 1; DROP TABLE x") }
        #expect(script?.kind == .misuse)
    }
}
