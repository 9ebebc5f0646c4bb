import Postgres

extension PostgresBookStore {
    /// The most results one search returns, whatever `limit` asks for.
    ///
    /// ```swift
    /// let all = try await store.search("the", limit: PostgresBookStore.maximumSearchLimit)
    /// ```
    public static let maximumSearchLimit = 200

    /// Books matching `text` as a person types it; see ``BookStore/search(_:limit:)``.
    /// `limit` is clamped to 1…``maximumSearchLimit``.
    ///
    /// ```swift
    /// try await store.search("collins", limit: 5)     // books by Suzanne Collins
    /// try await store.search("les miser", limit: 5)   // Les Misérables
    /// ```
    public func search(_ text: String, limit: Int) async throws -> [Book] {
        try await typoTolerance.search(text, limit: min(max(limit, 1), Self.maximumSearchLimit), in: self)
    }

    /// Books matching every term of `query`: books where all terms fall in one column (title
    /// *or* authors) first, then those matching across columns; within each, by ratings count,
    /// then id. Every word is one quoted lexeme, so nothing in it acts as `tsquery` syntax.
    /// `limit` is clamped to 1…``maximumSearchLimit``.
    ///
    /// ```swift
    /// try await store.search(BookQuery(terms: [.init(["hunger"]), .init(["ga"], isPrefix: true)]), limit: 5)
    /// ```
    public func search(_ query: BookQuery, limit: Int) async throws -> [Book] {
        guard let anyField = SearchIndex.query(query),
            let titleOnly = SearchIndex.query(query, weight: SearchIndex.titleWeight),
            let authorsOnly = SearchIndex.query(query, weight: SearchIndex.authorsWeight)
        else { return [] }
        let limit = min(max(limit, 1), Self.maximumSearchLimit)
        let sql = """
            SELECT \(Self.selectColumns),
                books.search @@ $1::tsquery OR books.search @@ $2::tsquery AS one_column
            FROM books
            WHERE books.search @@ $3::tsquery
            ORDER BY one_column DESC, coalesce(books.ratings_count, 0) DESC, books.id
            LIMIT $4
            """
        return try await database.query(
            sql, [.text(titleOnly), .text(authorsOnly), .text(anyField), .integer(Int64(limit))], Self.book(from:))
    }

    /// Every distinct word the search index holds, in byte order.
    ///
    /// ```swift
    /// let words = try await store.searchTerms()
    /// ```
    public func searchTerms() async throws -> [String] {
        try await database.query(
            """
            SELECT DISTINCT entry.lexeme COLLATE "C" AS term
            FROM books, unnest(books.search) AS entry (lexeme, positions, weights)
            ORDER BY term
            """
        ) { row in try row.string(0) }
    }
}
