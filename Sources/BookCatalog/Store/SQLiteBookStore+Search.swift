import SQLite

extension SQLiteBookStore {
    /// The most results one search returns, whatever `limit` asks for.
    ///
    /// ```swift
    /// let all = try await store.search("the", limit: SQLiteBookStore.maximumSearchLimit)
    /// ```
    public static let maximumSearchLimit = 200

    /// Books whose title or authors contain every word of `text`, the last as a prefix, case- and
    /// diacritic-insensitive. Books where all words fall in one column (title *or* authors) come
    /// first, then those matching across columns; within each, by ratings count.
    ///
    /// Any text is safe: control characters are dropped and every word is quoted, so FTS5
    /// operators (`AND`, `NEAR(`, `title:x`, `*`, `"`) match literally or not at all. Text without
    /// letters or digits returns no books. `limit` is clamped to 1…``maximumSearchLimit``.
    ///
    /// ```swift
    /// try await store.search("collins", limit: 5)     // books by Suzanne Collins
    /// try await store.search("les miser", limit: 5)   // Les Misérables
    /// ```
    public func search(_ text: String, limit: Int) async throws -> [Book] {
        let cleaned = String(String.UnicodeScalarView(text.unicodeScalars.map(Self.withoutControl)))
        guard let match = FTS5Query.prefix(cleaned) else { return [] }
        let limit = min(max(limit, 1), Self.maximumSearchLimit)
        let sql = """
            SELECT \(Self.selectColumns),
                books.id IN (SELECT rowid FROM books_fts WHERE books_fts MATCH ?) AS one_column
            FROM books_fts JOIN books ON books.id = books_fts.rowid
            WHERE books_fts MATCH ?
            ORDER BY one_column DESC, coalesce(books.ratings_count, 0) DESC, bm25(books_fts, 10.0, 1.0), books.id
            LIMIT ?
            """
        return try await database.query(
            sql, [.text("{title} : (\(match)) OR {authors} : (\(match))"), .text(match), .integer(Int64(limit))],
            Self.book(from:))
    }

    /// Control and invisible characters become spaces, and so does `"`, at which unicode61
    /// separates words anyway — one less thing for the query quoting to get right.
    private static func withoutControl(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar == "\"" { return " " }
        return switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator: " "
        default: scalar
        }
    }
}
