import SQLite
import Testing

@Suite("FTS5", .timeLimit(.minutes(10)))
struct FTS5Tests {
    private func catalog() async throws -> Database {
        let db = try await Database(path: ":memory:")
        try await db.execute("CREATE VIRTUAL TABLE books USING fts5(title)")
        try await db.transaction { tx in
            for title in [
                "Dune Messiah", "Children of Dune", "OPS-306 Field Manual", "Cats and Dogs", "AND Then There Were None",
            ] {
                try tx.execute("INSERT INTO books (title) VALUES (?)", [.text(title)])
            }
        }
        return db
    }

    private func search(_ db: Database, _ text: String) async throws -> [String] {
        guard let match = FTS5Query.prefix(text) else { return [] }
        return try await db.query("SELECT title FROM books WHERE books MATCH ? ORDER BY rank, title", [.text(match)]) {
            try $0.string("title")
        }
    }

    @Test func isAvailable() async throws {
        #expect(try await Database(path: ":memory:").isFTS5Available())
    }

    @Test func prefixQueryWithQuotedTokens() async throws {
        let db = try await catalog()
        #expect(try await search(db, "dune mess") == ["Dune Messiah"])
        #expect(Set(try await search(db, "Dun")) == ["Dune Messiah", "Children of Dune"])
        #expect(try await search(db, "OPS-306") == ["OPS-306 Field Manual"])
        #expect(Set(try await search(db, "and")) == ["AND Then There Were None", "Cats and Dogs"])
        #expect(try await search(db, "cats NOT dogs").isEmpty)  // NOT is a word here, not an operator
        #expect(try await search(db, "a\"b").isEmpty)
        #expect(try await search(db, "*").isEmpty)
    }

    @Test func quotingDoublesInnerQuotes() {
        #expect(FTS5Query.prefix("  a\"b  c ") == "\"a\"\"b\" \"c\"*")
        #expect(FTS5Query.allTokens("cats NOT dogs") == "\"cats\" \"NOT\" \"dogs\"")
        #expect(FTS5Query.prefix(" * ") == nil)
    }
}

@Suite("FTS5 quoting", .timeLimit(.minutes(10)))
struct FTS5QuotingTests {
    @Test("a quote followed by a combining mark is still doubled")
    func quoteWithCombiningMark() async throws {
        #expect(FTS5Query.allTokens("a\"\u{301}b") == "\"a\"\"\u{301}b\"")
        let database = try await Database(path: ":memory:")
        try await database.execute("CREATE VIRTUAL TABLE t USING fts5(body)")
        try await database.execute("INSERT INTO t(body) VALUES ('plain words')")
        for text in ["\"\u{301}", "x\"\u{301}\"", "\"\u{301}\u{302} AND", "NEAR(\"\u{301}"] {
            let match = try #require(FTS5Query.prefix(text + " words") ?? FTS5Query.prefix("words"))
            _ = try await database.query("SELECT rowid FROM t WHERE t MATCH ?", [.text(match)])
        }
    }
}
