import BookCatalog
import Testing

/// Where ranked search takes its candidates from: the store's own search index, or the
/// ``CandidateIndex`` in memory, built before the search. Every rule holds on both.
enum SearchPath: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case store
    case memory

    var testDescription: String {
        switch self {
        case .store: "store's index"
        case .memory: "index in memory"
        }
    }

    /// `store.rankedSearch(text, limit:)` with its candidates from this path.
    func rankedSearch(_ text: String, limit: Int, in store: any BookStore) async throws -> [BookMatch] {
        switch self {
        case .store:
            return try await TypoTolerance(indexesBooks: false).rankedSearch(text, limit: limit, in: store)
        case .memory:
            // Built now, so this search cannot fall back on the store while the index builds.
            try await store.prepareSearch()
            return try await store.rankedSearch(text, limit: limit)
        }
    }

    /// `store.search(text, limit:)` with its candidates from this path.
    func search(_ text: String, limit: Int, in store: any BookStore) async throws -> [Book] {
        try await rankedSearch(text, limit: limit, in: store).map(\.book)
    }
}
