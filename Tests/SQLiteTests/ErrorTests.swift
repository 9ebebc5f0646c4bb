import SQLite
import Testing

@Suite("Errors", .timeLimit(.minutes(10)))
struct ErrorTests {
    @Test func uniqueViolationIsTypedAndDoesNotLeakTheBoundValue() async throws {
        try await withTemporaryDatabase { db, _ in
            try await db.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT UNIQUE)")
            let secret = "s3cret-token-4711@example.org"
            try await db.execute("INSERT INTO users (email) VALUES (?)", [.text(secret)])
            let error = try await #require(throws: SQLiteError.self) {
                try await db.execute("INSERT INTO users (email) VALUES (?)", [.text(secret)])
            }
            #expect(error.kind == .uniqueViolation)
            #expect(error.code == 19)
            #expect(error.extendedCode == 2067)
            #expect(error.sql == "INSERT INTO users (email) VALUES (?)")
            #expect(error.description.hasPrefix("A row with the same users.email already exists."))
            #expect(!error.description.contains(secret))
            #expect(!"\(error)".contains(secret))
        }
    }

    @Test func fts5SyntaxErrorQuotingTheValueStaysOutOfTheDescription() async throws {
        let db = try await Database(path: ":memory:")
        try await db.execute("CREATE VIRTUAL TABLE docs USING fts5(body)")
        let secret = "secretcolumn: value"  // FTS5 reads `x:` as a column filter and names it
        let error = try await #require(throws: SQLiteError.self) {
            try await db.query("SELECT rowid FROM docs WHERE docs MATCH ?", [.text(secret)])
        }
        #expect(!error.description.contains("secretcolumn"))
        #expect(error.debugDescription.contains("no such column: secretcolumn"))
    }

    @Test func foreignKeyNotNullAndCheckViolationsAreTyped() async throws {
        let db = try await Database(path: ":memory:")
        try await db.execute("CREATE TABLE authors (id INTEGER PRIMARY KEY)")
        try await db.execute(
            "CREATE TABLE books (id INTEGER PRIMARY KEY, author INTEGER NOT NULL REFERENCES authors(id), "
                + "year INTEGER CONSTRAINT sensible_year CHECK (year > 0))")
        let foreignKey = await #expect(throws: SQLiteError.self) {
            try await db.execute("INSERT INTO books (author, year) VALUES (?, ?)", [42, 1965])
        }
        #expect(foreignKey?.kind == .foreignKeyViolation)
        let notNull = await #expect(throws: SQLiteError.self) {
            try await db.execute("INSERT INTO books (author, year) VALUES (?, ?)", [nil, 1965])
        }
        #expect(notNull?.kind == .notNullViolation)
        #expect(notNull?.description.contains("books.author needs a value") == true)
        try await db.execute("INSERT INTO authors (id) VALUES (1)")
        let check = await #expect(throws: SQLiteError.self) {
            try await db.execute("INSERT INTO books (author, year) VALUES (?, ?)", [1, -5])
        }
        #expect(check?.kind == .checkViolation)
        #expect(check?.description.contains("sensible_year") == true)
    }

    @Test func syntaxErrorsNameTheProblem() async throws {
        let db = try await Database(path: ":memory:")
        let error = await #expect(throws: SQLiteError.self) { try await db.query("SELECT * FROM missing_table") }
        #expect(error?.description.contains("no such table: missing_table") == true)
    }

    @Test(arguments: [
        (Int32(5), "The database is busy"), (6, "The database is busy"), (11, "damaged"), (13, "The disk is full"),
        (26, "not a SQLite database"), (8, "read-only"),
    ])
    func commonCodesReadAsSentences(code: Int32, phrase: String) {
        let error = SQLiteError(extendedCode: code, message: "private detail", sql: "COMMIT")
        #expect(error.description.contains(phrase))
        #expect(!error.description.contains("private detail"))
        #expect(error.debugDescription.contains("private detail"))
    }
}
