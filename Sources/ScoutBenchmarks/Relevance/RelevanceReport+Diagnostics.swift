import BookCatalog
import Foundation

extension RelevanceReport {
    /// How many missed queries of each kind are listed: `SCOUT_BENCH_RELEVANCE_MISSES`, else 5.
    static var missesPerKind: Int {
        ProcessInfo.processInfo.environment["SCOUT_BENCH_RELEVANCE_MISSES"].flatMap(Int.init) ?? 5
    }

    /// The first queries of each kind that runner `index` did not answer with the intended book
    /// first: what it put first, and where the intended book came (and where tantivy put it).
    func printMisses(of index: Int) {
        let limit = Self.missesPerKind
        guard limit > 0 else { return }
        let byID = Dictionary(books.map { ($0.sourceID, $0) }, uniquingKeysWith: { first, _ in first })
        let tantivy = runs.firstIndex { $0.name == TantivyRunner.name }
        func describe(_ id: String?) -> String {
            guard let id, let book = byID[id] else { return "nothing" }
            return "\(book.title.debugDescription) by \(book.authors.first ?? "?") (\(book.ratingsCount ?? 0) ratings)"
        }
        func rank(_ query: Int, in run: Int) -> String {
            let position = runs[run].run.answers[query].sourceIDs.firstIndex(of: queries[query].intended)
            return position.map { "#\($0 + 1)" } ?? "not in top 10"
        }
        Swift.print("\n\(runs[index].name) missed (first \(limit) of each kind):")
        for kind in kinds {
            let missed = queries.indices.filter {
                queries[$0].kind == kind && runs[index].run.answers[$0].sourceIDs.first != queries[$0].intended
            }
            Swift.print("  \(kind.rawValue): \(missed.count) missed")
            for query in missed.prefix(limit) {
                let meant = queries[query].intended
                Swift.print(
                    "    \(queries[query].text.debugDescription) → \(describe(runs[index].run.answers[query].sourceIDs.first))"
                        + "; meant \(describe(meant)), \(rank(query, in: index))"
                        + (tantivy.map { "; tantivy \(rank(query, in: $0))" } ?? ""))
            }
        }
    }

    /// With `SCOUT_BENCH_SLOWEST` set, runner `index`'s 15 slowest queries beside tantivy's
    /// time for each.
    func printSlowest(of index: Int) {
        guard ProcessInfo.processInfo.environment["SCOUT_BENCH_SLOWEST"] != nil else { return }
        let tantivy = runs.firstIndex { $0.name == TantivyRunner.name }
        let answers = runs[index].run.answers
        Swift.print("\n\(runs[index].name)'s slowest queries:")
        for query in answers.indices.sorted(by: { answers[$0].latency > answers[$1].latency }).prefix(15) {
            Swift.print(
                "  \(answers[query].latency.microseconds) \(queries[query].kind.rawValue) "
                    + "\(queries[query].text.debugDescription)"
                    + (tantivy.map { "; tantivy \(runs[$0].run.answers[query].latency.microseconds)" } ?? ""))
        }
    }
}
