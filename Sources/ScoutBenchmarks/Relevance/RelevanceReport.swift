import BookCatalog
import Foundation

/// The relevance tables on one catalog: every runner × kind, latency per runner, the goals, and
/// the queries Scout missed.
struct RelevanceReport {
    /// As the tables name it: "goodbooks-10k".
    let catalog: String
    let queries: [RelevanceQuery]
    let runs: [(name: String, run: RelevanceRun)]
    let books: [Book]
    /// Sentences on how this catalog's queries were made, printed under the relevance table.
    let notes: String

    /// Scout must put the intended book first this often overall…
    static let successGoal = 0.98
    /// …and this often for every kind of query.
    static let successGoalPerKind = 0.97

    /// The kinds this catalog has queries of.
    var kinds: [RelevanceQuery.Kind] {
        RelevanceQuery.Kind.allCases.filter { kind in queries.contains { $0.kind == kind } }
    }
    private var scores: [[RelevanceQuery.Kind?: RelevanceScore]] {
        runs.map { RelevanceScore.scores(of: $0.run, on: queries) }
    }
    private var tantivy: Int? { runs.firstIndex { $0.name == TantivyRunner.name } }
    private var scout: [Int] { runs.indices.filter { runs[$0].name.hasPrefix("Scout") } }

    func print() {
        let scores = scores
        var table = Report(
            title: "Relevance at \(catalog): success@1 / success@3 / MRR (top 10) per kind of query",
            columns: ["kind", "queries"] + runs.map(\.name))
        for kind in kinds as [RelevanceQuery.Kind?] + [nil] {
            let count = queries.count { kind == nil || $0.kind == kind }
            table.add([kind?.rawValue ?? "overall", String(count)] + scores.map { $0[kind]?.cell ?? "-" })
        }
        table.print()
        Swift.print(
            "\(queries.count) queries from seed \(RelevanceBenchmark.seed), up to \(RelevanceBenchmark.perKind) per kind. "
                + notes)

        var latency = Report(
            title: "Search latency in process at \(catalog), the same \(queries.count) queries",
            columns: ["runner", "p50", "p99", "p99 / tantivy p99"])
        for (name, run) in runs {
            latency.add([
                name, percentile(run.latencies, 0.5).microseconds, percentile(run.latencies, 0.99).microseconds,
                p99Ratio(run).map { $0.formatted(decimals: 2) } ?? "-",
            ])
        }
        latency.print()
        Swift.print(
            "tantivy is timed around searcher.search alone (its hits' stored ids are read untimed). "
                + "Load average now: \(Self.loadAverage) (other work on the machine skews every runner's tail). "
                + "Each query's latency is its fastest of \(RelevanceAnswer.timedPasses) timed passes.")
        if let first = scout.first { printMisses(of: first) }
        for index in scout { printSlowest(of: index) }
    }

    /// One line per goal, each marked met or NOT met.
    var goals: [String] {
        let scores = scores
        guard let tantivy else { return [] }
        let reference = scores[tantivy]
        return scout.flatMap { index -> [String] in
            let name = "\(runs[index].name) at \(catalog)"
            let own = scores[index]
            let overall = own[nil]?.successAt1 ?? 0
            let lowest = kinds.min { (own[$0]?.successAt1 ?? 0) < (own[$1]?.successAt1 ?? 0) }
            let lowestValue = lowest.flatMap { own[$0]?.successAt1 } ?? 0
            let behind = kinds.filter { (own[$0]?.successAt1 ?? 0) < (reference[$0]?.successAt1 ?? 0) }
            let perKind = kinds.map { kind in
                let difference = (own[kind]?.successAt1 ?? 0) - (reference[kind]?.successAt1 ?? 0)
                return "\(kind.rawValue) \(Self.signed(difference))"
            }
            let ratio = p99Ratio(runs[index].run) ?? .infinity
            return [
                "\(name) success@1 overall: \(overall.formatted(decimals: 3)) (goal ≥ \(Self.successGoal): \(Self.mark(overall >= Self.successGoal)))",
                "\(name) success@1 of the lowest kind (\(lowest?.rawValue ?? "-")): \(lowestValue.formatted(decimals: 3)) (goal ≥ \(Self.successGoalPerKind): \(Self.mark(lowestValue >= Self.successGoalPerKind)))",
                "\(name) success@1 per kind over tantivy's: \(perKind.joined(separator: ", ")) (goal: none below: \(Self.mark(behind.isEmpty)))",
                "\(name) search p99 / tantivy p99: \(ratio.formatted(decimals: 2)) (goal ≤ 1.00: \(Self.mark(ratio <= 1)))",
            ]
        }
    }

    private func p99Ratio(_ run: RelevanceRun) -> Double? {
        guard let tantivy else { return nil }
        return Self.ratio(percentile(run.latencies, 0.99), percentile(runs[tantivy].run.latencies, 0.99))
    }

    static func ratio(_ first: Duration, _ second: Duration) -> Double {
        func seconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
        return seconds(first) / max(seconds(second), 1e-12)
    }

    /// The 1, 5 and 15 minute load averages, from `/proc/loadavg`.
    static var loadAverage: String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?"
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    static func mark(_ isMet: Bool) -> String { isMet ? "met" : "NOT met" }

    static func signed(_ value: Double) -> String { (value >= 0 ? "+" : "") + value.formatted(decimals: 3) }
}
