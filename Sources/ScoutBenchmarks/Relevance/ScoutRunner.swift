import BookCatalog

/// Scout's ranked search on one of its stores.
struct ScoutRunner: RelevanceRunner {
    let name: String
    let store: any BookStore

    func run(_ queries: [String]) async throws -> RelevanceRun {
        // As `scout serve` does before it takes searches: the index in memory is built.
        try await store.prepareSearch()
        return try await RelevanceRun.timing(queries) { query in
            try await store.rankedSearch(query, limit: RelevanceAnswer.limit).map(\.book.sourceID)
        }
    }
}
