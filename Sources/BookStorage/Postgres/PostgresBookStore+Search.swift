import BookCatalog
import Postgres

extension PostgresBookStore {
    /// The most results one search returns, whatever `limit` asks for.
    ///
    /// ```swift
    /// let all = try await store.search("the", limit: PostgresBookStore.maximumSearchLimit)
    /// ```
    public static let maximumSearchLimit = 200

    /// Books matching `text` as a person types it, ranked; see ``BookStore/rankedSearch(_:limit:)``.
    /// `limit` is clamped to 1…``maximumSearchLimit``.
    ///
    /// ```swift
    /// try await store.rankedSearch("collins", limit: 5)     // books by Suzanne Collins
    /// try await store.rankedSearch("les miser", limit: 5)   // Les Misérables
    /// ```
    public func rankedSearch(_ text: String, limit: Int) async throws -> [BookMatch] {
        try await typoTolerantSearch(text, limit: limit)
    }

    /// Books matching every term of `query`: books where all terms fall in one column (title
    /// *or* authors) first, then those matching across columns; within each, by ratings count,
    /// then id. Every word is one quoted lexeme, so nothing in it acts as `tsquery` syntax.
    /// `limit` is clamped to 1…``maximumSearchLimit``. One ``RankedSearch`` statement, which stops
    /// after `limit` matches for common words and asks the GIN index for rare ones.
    ///
    /// ```swift
    /// try await store.search(BookQuery(terms: [.init(["hunger"]), .init(["ga"], isPrefix: true)]), limit: 5)
    /// ```
    public func search(_ query: BookQuery, limit: Int) async throws -> [Book] {
        try await storeWork {
            let limit = min(max(limit, 1), Self.maximumSearchLimit)
            guard let parameters = RankedSearch.parameters(for: query, limit: limit) else { return [] }
            return try await database.query(RankedSearch.sql, parameters, Self.book(from:))
        }
    }
}
