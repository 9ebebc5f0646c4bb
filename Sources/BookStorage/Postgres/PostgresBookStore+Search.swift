import BookCatalog
import Postgres

extension PostgresBookStore {
    /// The most results one page of a search returns, whatever `limit` asks for.
    ///
    /// ```swift
    /// let all = try await store.search("the", limit: PostgresBookStore.maximumSearchLimit)
    /// ```
    public static let maximumSearchLimit = 200

    /// One page of the books matching `text` as a person types it, ranked; see
    /// ``BookStore/rankedPage(_:offset:limit:)``. `limit` is clamped to 1…``maximumSearchLimit``.
    ///
    /// ```swift
    /// try await store.rankedPage("collins", offset: 0, limit: 5)     // books by Suzanne Collins
    /// try await store.rankedPage("les miser", offset: 0, limit: 5)   // Les Misérables
    /// ```
    public func rankedPage(_ text: String, offset: Int, limit: Int) async throws -> BookSearchPage {
        try await typoTolerantPage(text, offset: offset, limit: limit)
    }

    /// Books matching every term of `query`: books where all terms fall in one column (title
    /// *or* authors) first, then those matching across columns; within each, by ratings count,
    /// then id. Every word is one quoted lexeme, so nothing in it acts as `tsquery` syntax.
    /// `limit` is clamped to 1…``BookCatalog/TypoTolerance/maximumCandidates``, the deepest page's
    /// candidates. One ``RankedSearch`` statement, which stops
    /// after `limit` matches for common words and asks the GIN index for rare ones.
    ///
    /// ```swift
    /// try await store.search(BookQuery(terms: [.init(["hunger"]), .init(["ga"], isPrefix: true)]), limit: 5)
    /// ```
    public func search(_ query: BookQuery, limit: Int) async throws -> [Book] {
        try await storeWork {
            let limit = min(max(limit, 1), TypoTolerance.maximumCandidates)
            guard let parameters = RankedSearch.parameters(for: query, limit: limit) else { return [] }
            return try await database.query(RankedSearch.sql, parameters, Self.book(from:))
        }
    }

    /// How many books match every term of `query`, in any column: what ``search(_:limit:)``
    /// would find with no limit. The GIN index answers it.
    ///
    /// ```swift
    /// try await store.searchCount(BookQuery(terms: [.init(["love"], isPrefix: true)]))
    /// ```
    public func searchCount(_ query: BookQuery) async throws -> Int {
        try await storeWork {
            guard let anyColumn = SearchIndex.query(query) else { return 0 }
            let counts = try await database.query(
                "SELECT count(*) FROM books WHERE search @@ $1::tsquery", [.text(anyColumn)]
            ) { row in try row.int64(0) }
            return Int(counts.first ?? 0)
        }
    }
}
