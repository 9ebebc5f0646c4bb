import BookCatalog
import Foundation

/// The relevance tables at 10k: every runner × kind, latency per runner, the goals, and the
/// queries Scout missed.
struct RelevanceReport {
    let queries: [RelevanceQuery]
    let runs: [(name: String, run: RelevanceRun)]
    let books: [Book]
    let accentedTitles: Int
    let duplicatedTitles: Int

    /// Scout must put the intended book first this often…
    static let successGoal = 0.90
    /// …and this much more often than tantivy.
    static let leadOverTantivy = 0.08

    private var kinds: [RelevanceQuery.Kind] { RelevanceQuery.Kind.allCases }
    private var scores: [[RelevanceQuery.Kind?: RelevanceScore]] {
        runs.map { RelevanceScore.scores(of: $0.run, on: queries) }
    }
    private var tantivy: Int? { runs.firstIndex { $0.name == TantivyRunner.name } }
    private var scout: [Int] { runs.indices.filter { runs[$0].name.hasPrefix("Scout") } }

    func print() {
        let scores = scores
        var table = Report(
            title: "Relevance at goodbooks-10k: success@1 / success@3 / MRR (top 10) per kind of query",
            columns: ["kind", "queries"] + runs.map(\.name))
        for kind in kinds as [RelevanceQuery.Kind?] + [nil] {
            let count = queries.count { kind == nil || $0.kind == kind }
            table.add([kind?.rawValue ?? "overall", String(count)] + scores.map { $0[kind]?.cell ?? "-" })
        }
        table.print()
        Swift.print(
            """
            \(queries.count) queries from seed \(RelevanceBenchmark.seed), up to \(RelevanceBenchmark.perKind) per kind. \
            Answerable by rule: books whose title another book shares (\(duplicatedTitles)) are skipped, except for \
            author+word; a title is cut only where no book with as many ratings or more has a title that begins the \
            same way (the whole title always counts); author+word takes the first author's surname and a title word \
            that no book with as many ratings or more holds both of. Accent-free: the \
            catalog has \(accentedTitles) titles with accents that can be typed without them, one query each. \
            FTS5: every word, the last a prefix, ORDER BY bm25. tantivy: title and authors folded to ASCII, every \
            word a must (its term, scored by BM25, or fuzzy within 1 edit from 5 letters; the last word a prefix).
            """)

        var latency = Report(
            title: "Search latency in process at goodbooks-10k, the same \(queries.count) queries",
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
            let name = runs[index].name
            let own = scores[index]
            let overall = own[nil]?.successAt1 ?? 0
            let lead = overall - (reference[nil]?.successAt1 ?? 0)
            let behind = kinds.filter { (own[$0]?.successAt1 ?? 0) < (reference[$0]?.successAt1 ?? 0) }
            let perKind = kinds.map { kind in
                let difference = (own[kind]?.successAt1 ?? 0) - (reference[kind]?.successAt1 ?? 0)
                return "\(kind.rawValue) \(Self.signed(difference))"
            }
            let ratio = p99Ratio(runs[index].run) ?? .infinity
            return [
                "\(name) success@1 overall: \(overall.formatted(decimals: 3)) (goal ≥ \(Self.successGoal): \(Self.mark(overall >= Self.successGoal)))",
                "\(name) success@1 over tantivy's: \(Self.signed(lead)) (goal ≥ +\(Self.leadOverTantivy): \(Self.mark(lead >= Self.leadOverTantivy - 1e-9)))",
                "\(name) success@1 per kind over tantivy's: \(perKind.joined(separator: ", ")) (goal: none below: \(Self.mark(behind.isEmpty)))",
                "\(name) search p99 / tantivy p99 at 10k: \(ratio.formatted(decimals: 2)) (goal ≤ 1.00: \(Self.mark(ratio <= 1)))",
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
