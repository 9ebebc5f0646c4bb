import BookCatalog

/// Scout's ranked search on one of its stores.
struct ScoutRunner: RelevanceRunner {
    let name: String
    let store: any BookStore

    func run(_ queries: [String]) async throws -> RelevanceRun {
        try await RelevanceRun.timing(queries) { query in
            try await store.rankedSearch(query, limit: RelevanceAnswer.limit).map(\.book.sourceID)
        }
    }
}
