import ScoutTestSupport
import Testing

@testable import BookCatalog

/// `RelationBuilder.strongest` selects what sorting every candidate and keeping the first
/// `limit` kept, ties and all, without the sort.
@Suite("Strongest relations selection") struct StrongestRelationsTests {
    /// Candidates drawn from few scores, ratings and targets, so ties of every kind occur,
    /// and targets repeat (the reader rules may name one target twice).
    private static func candidates(count: Int, seed: UInt64) -> [(relation: Relation, ratings: Int)] {
        var random = SplitMix64(seed: seed)
        func next(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        return (0..<count).map { index in
            let relation = Relation(
                kind: .similarTags, from: 1, to: Int64(2 + next(40)), score: Double(next(5)) / 4,
                reason: "candidate \(index)")
            return (relation, next(3))
        }
    }

    /// The reference: a stable sort by the documented order, then the first `limit`.
    private static func sortedPrefix(_ candidates: [(relation: Relation, ratings: Int)], limit: Int) -> [Relation] {
        var ranked = Array(candidates.enumerated())
        ranked.sort { lhs, rhs in
            let (left, right) = (lhs.element, rhs.element)
            if left.relation.score != right.relation.score { return left.relation.score > right.relation.score }
            if left.ratings != right.ratings { return left.ratings > right.ratings }
            if left.relation.to != right.relation.to { return left.relation.to < right.relation.to }
            return lhs.offset < rhs.offset
        }
        return ranked.prefix(limit).map(\.element.relation)
    }

    @Test("The selection equals a stable sort's first ones, for every limit and many candidate lists")
    func selectionEqualsSortedPrefix() {
        for seed in UInt64(1)...200 {
            let candidates = Self.candidates(count: Int(seed % 90), seed: seed)
            for limit in [0, 1, 3, 10, 100] {
                let selected = RelationBuilder(limit: limit).strongest(candidates)
                let expected = Self.sortedPrefix(candidates, limit: limit)
                #expect(selected.map(\.reason) == expected.map(\.reason), "seed \(seed), limit \(limit)")
            }
        }
    }

    @Test("A score the kept ones outrank is turned away by keep whatever its ratings and id; others may enter")
    func outrankedScoreNeverEnters() {
        var outranked = 0
        var admitted = 0
        for seed in UInt64(1)...100 {
            var random = SplitMix64(seed: seed)
            for limit in [0, 1, 3, 10] {
                let builder = RelationBuilder(limit: limit)
                var best: [RelationBuilder.Candidate] = []
                for _ in 0..<60 {
                    let score = Double(random.next() % 5) / 4
                    let candidate = RelationBuilder.Candidate(
                        score: score, ratings: Int(random.next() % 3), to: Int64(random.next() % 40))
                    var after = best
                    builder.keep(candidate, in: &after)
                    let entered = Self.described(after) != Self.described(best)
                    if builder.isOutranked(score, by: best) {
                        outranked += 1
                        #expect(!entered, "seed \(seed), limit \(limit), score \(score)")
                    } else if entered {
                        admitted += 1
                    }
                    best = after
                }
            }
        }
        // Both branches are met, so the check above cannot pass by never running.
        #expect(outranked > 1000)
        #expect(admitted > 100)
    }

    /// Each kept candidate as text, to compare lists (a candidate is not `Equatable`).
    private static func described(_ best: [RelationBuilder.Candidate]) -> [String] {
        best.map { "\($0.score)/\($0.ratings)/\($0.to)" }
    }
}
