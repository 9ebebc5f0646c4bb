import BookCatalog
import Foundation

/// import-scale's search half (issue #37: "search p99 ≤ tantivy's at 10M"): queries made as the
/// relevance benchmark makes them (``RelevanceQueryGenerator``, every kind the generated books
/// have) but from the catalog's sample (``ScaleCatalogFiles/sample``), so ten million books never
/// sit in memory; each store's ranked search and tantivy answer the same queries, and only their
/// latencies count. Made from a sample, a query's "intended" book is checked against the sample
/// alone, so relevance is not scored here: the relevance benchmark scores it.
struct ScaleSearch {
    /// Queries of each kind at most: ~1,800 in all, enough for a p99 of 18 queries.
    static let perKind = 200

    /// The queries' texts, and each one's kind (for the slowest-queries readout).
    let queries: [String]
    let kinds: [RelevanceQuery.Kind]

    init(sample: [Book]) {
        var generator = RelevanceQueryGenerator(books: sample, seed: RelevanceBenchmark.seed)
        let kinds = RelevanceQuery.Kind.allCases.filter { $0 != .accentFree }
        let made = generator.queries(perKind: Self.perKind, kinds: kinds)
        queries = made.map(\.text)
        self.kinds = made.map(\.kind)
    }

    /// Every query through `store`'s ranked search, as `scout serve` runs a search (the first
    /// page of `rankedPage`, after `prepareSearch`), timed as the relevance benchmark times it.
    /// With `SCOUT_BENCH_SLOWEST` set, prints the slowest queries with their kind (issue #37's
    /// tail: which queries make the p99, to profile them).
    func latencies(of name: String, store: any BookStore) async throws -> [Duration] {
        let latencies = try await ScoutRunner(name: name, store: store).run(queries).latencies
        printSlowest(of: name, latencies)
        return latencies
    }

    /// How many slowest queries ``latencies(of:store:)`` prints: `SCOUT_BENCH_SLOWEST`, a
    /// number, else 25 when it is set at all.
    static var slowestCount: Int? {
        guard let text = ProcessInfo.processInfo.environment["SCOUT_BENCH_SLOWEST"] else { return nil }
        return min(max(Int(text) ?? 25, 1), 1_000)
    }

    private func printSlowest(of name: String, _ latencies: [Duration]) {
        guard let count = Self.slowestCount else { return }
        print("\n\(name)'s slowest queries (of \(latencies.count)):")
        for query in latencies.indices.sorted(by: { latencies[$0] > latencies[$1] }).prefix(count) {
            print("  \(latencies[query].microseconds) \(kinds[query].rawValue) \(queries[query].debugDescription)")
        }
        print("")
    }

    /// The latency table, and the goal lines: each store's p99 against tantivy's.
    static func report(
        count: Int, sampled: Int, queries: Int, stores: [(name: String, latencies: [Duration])],
        tantivy: [Duration]
    ) -> [String] {
        let reference = percentile(tantivy, 0.99)
        var table = Report(
            title: "Search at scale: \(count) books, the same \(queries) queries (made from \(sampled) sampled books)",
            columns: ["runner", "p50", "p99", "p99 / tantivy p99"])
        for (name, latencies) in stores + [(TantivyRunner.name, tantivy)] {
            let p99 = percentile(latencies, 0.99)
            table.add([
                name, percentile(latencies, 0.5).microseconds, p99.microseconds,
                RelevanceReport.ratio(p99, reference).formatted(decimals: 2),
            ])
        }
        table.print()
        print(
            "Each query's latency is its fastest of \(RelevanceAnswer.timedPasses) timed passes, after a warm-up; "
                + "Scout in process through rankedPage, tantivy around searcher.search alone. "
                + "Load average now: \(RelevanceReport.loadAverage).\n")
        return stores.map { name, latencies in
            let p99 = percentile(latencies, 0.99)
            return "\(name) search p99 at \(count) books: \(p99.microseconds) "
                + "(goal ≤ tantivy's, \(reference.microseconds): \(p99 <= reference ? "met" : "NOT met"))"
        }
    }
}
