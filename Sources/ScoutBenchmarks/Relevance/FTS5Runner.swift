import BookCatalog
import Foundation
import SQLite

/// What a developer would build first: a plain SQLite FTS5 table of titles and authors
/// (`unicode61 remove_diacritics 2`), every query word required and the last one a prefix
/// (``FTS5Query/prefix(_:)``), ordered by `bm25`.
struct FTS5Runner: RelevanceRunner {
    let name = "SQLite FTS5 bm25"
    let database: Database

    /// Builds the table in a new database at `path` from `books`.
    static func make(path: String, books: [Book]) async throws -> FTS5Runner {
        let database = try await Database(path: path)
        try await database.execute(
            """
            CREATE VIRTUAL TABLE books USING fts5(
                source_id UNINDEXED, title, authors, tokenize = 'unicode61 remove_diacritics 2')
            """)
        let rows = books.map {
            [SQLiteValue($0.sourceID), SQLiteValue($0.title), SQLiteValue($0.authors.joined(separator: ", "))]
        }
        try await database.transaction { transaction in
            for row in rows {
                try transaction.execute("INSERT INTO books (source_id, title, authors) VALUES (?, ?, ?)", row)
            }
        }
        return FTS5Runner(database: database)
    }

    func run(_ queries: [String]) async throws -> RelevanceRun {
        let sql = "SELECT source_id FROM books WHERE books MATCH ? ORDER BY bm25(books) LIMIT \(RelevanceAnswer.limit)"
        func search(_ query: String) async throws -> [String] {
            guard let match = FTS5Query.prefix(query) else { return [] }
            return try await database.query(sql, [.text(match)]) { try $0.string(0) }
        }
        return try await RelevanceRun.timing(queries, search)
    }
}
