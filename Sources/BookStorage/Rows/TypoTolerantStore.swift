import BookCatalog

/// What both stores share of ranked search: each keeps its own ``BookCatalog/TypoTolerance`` (the
/// dictionary of its words) over its own candidate search, and caps what one search returns.
///
/// ```swift
/// public func rankedPage(_ text: String, offset: Int, limit: Int) async throws -> BookSearchPage {
///     try await typoTolerantPage(text, offset: offset, limit: limit)
/// }
/// ```
protocol TypoTolerantStore: BookStore {
    /// Typo-tolerant search over this store, with its dictionary of indexed words.
    var typoTolerance: TypoTolerance { get }
    /// The most results one search returns, whatever `limit` asks for.
    static var maximumSearchLimit: Int { get }
}

extension TypoTolerantStore {
    /// ``BookStore/rankedPage(_:offset:limit:)`` for either store: `limit` clamped to
    /// 1…``maximumSearchLimit``, a database's error thrown as a ``BookStoreError``.
    func typoTolerantPage(_ text: String, offset: Int, limit: Int) async throws -> BookSearchPage {
        try await storeWork {
            try await typoTolerance.rankedPage(
                text, offset: offset, limit: min(max(limit, 1), Self.maximumSearchLimit), in: self)
        }
    }
}

extension SQLiteBookStore: TypoTolerantStore {
    public func prepareSearch() async throws { try await storeWork { try await typoTolerance.prepare(for: self) } }
}
extension PostgresBookStore: TypoTolerantStore {
    public func prepareSearch() async throws { try await storeWork { try await typoTolerance.prepare(for: self) } }
}
