/// A search engine the relevance benchmark asks its queries: Scout's stores, a plain SQLite FTS5
/// table, tantivy.
protocol RelevanceRunner: Sendable {
    /// As the tables show it: "Scout SQLite", "tantivy".
    var name: String { get }

    /// The top 10 of each query, in order, with how long its search took in process: the
    /// fastest of ``RelevanceAnswer/timedPasses`` passes over all queries, after a warm-up pass
    /// over the first ``RelevanceAnswer/warmUpCount``.
    func run(_ queries: [String]) async throws -> RelevanceRun
}

/// A runner's answers to every query.
struct RelevanceRun: Sendable {
    /// One per query, in the order asked.
    let answers: [RelevanceAnswer]
    /// How long the runner took to index the catalog, when it indexes in the same call.
    var indexing: Duration? = nil
    /// The runner's peak resident bytes, when it runs in a process of its own and reports them.
    var peakBytes: Int? = nil

    var latencies: [Duration] { answers.map(\.latency) }

    /// Runs `search` over every query: a warm-up, then ``RelevanceAnswer/timedPasses`` timed
    /// passes, keeping each query's fastest time and its first pass's results.
    static func timing(_ queries: [String], _ search: (String) async throws -> [String]) async rethrows
        -> RelevanceRun
    {
        for query in queries.prefix(RelevanceAnswer.warmUpCount) { _ = try await search(query) }
        let clock = ContinuousClock()
        var results: [[String]] = []
        var fastest = [Duration](repeating: .seconds(1_000_000), count: queries.count)
        for pass in 0..<RelevanceAnswer.timedPasses {
            for (index, query) in queries.enumerated() {
                let started = clock.now
                let ids = try await search(query)
                fastest[index] = min(fastest[index], started.duration(to: clock.now))
                if pass == 0 { results.append(ids) }
            }
        }
        return RelevanceRun(answers: zip(results, fastest).map { RelevanceAnswer(sourceIDs: $0, latency: $1) })
    }
}

/// What a runner answered to one query.
struct RelevanceAnswer: Sendable {
    /// How many queries run once, untimed, before the timed passes.
    static let warmUpCount = 200
    /// How many times every query is timed; its latency is the fastest, so that a moment when
    /// other work on the machine took the core does not count as the engine's tail (a query
    /// that is slow every time stays slow).
    static let timedPasses = 3
    /// How many results a search asks for.
    static let limit = 10

    /// The ``Book/sourceID``s of the results, best first.
    let sourceIDs: [String]
    let latency: Duration
}
