/// How well a runner answered a set of queries: success@1 and @3 (the intended book first, or
/// among the first three) and the mean reciprocal rank over the top 10 (0 for a miss).
struct RelevanceScore: Sendable {
    private(set) var count = 0
    private var firsts = 0
    private var inTopThree = 0
    private var reciprocalRanks = 0.0

    var successAt1: Double { ratio(firsts) }
    var successAt3: Double { ratio(inTopThree) }
    var meanReciprocalRank: Double { count == 0 ? 0 : reciprocalRanks / Double(count) }

    /// Adds one query whose intended book came at `rank` (1 is first), or `nil` for a miss.
    mutating func add(rank: Int?) {
        count += 1
        guard let rank else { return }
        if rank == 1 { firsts += 1 }
        if rank <= 3 { inTopThree += 1 }
        reciprocalRanks += 1 / Double(rank)
    }

    /// "0.95 / 0.98 / 0.96": success@1 / success@3 / MRR.
    var cell: String {
        [successAt1, successAt3, meanReciprocalRank].map { $0.formatted(decimals: 2) }.joined(separator: " / ")
    }

    private func ratio(_ part: Int) -> Double { count == 0 ? 0 : Double(part) / Double(count) }

    /// The scores of `run` on `queries`, per kind and (under `nil`) overall.
    static func scores(of run: RelevanceRun, on queries: [RelevanceQuery]) -> [RelevanceQuery.Kind?: RelevanceScore] {
        var scores: [RelevanceQuery.Kind?: RelevanceScore] = [:]
        for (query, answer) in zip(queries, run.answers) {
            let rank = answer.sourceIDs.firstIndex(of: query.intended).map { $0 + 1 }
            scores[query.kind, default: RelevanceScore()].add(rank: rank)
            scores[nil, default: RelevanceScore()].add(rank: rank)
        }
        return scores
    }
}
