extension Sequence {
    /// The elements split into rounds in which each key appears at most once: the first
    /// occurrence of every key in round 0, the second in round 1, and so on, order kept.
    ///
    /// One `INSERT … ON CONFLICT DO UPDATE` or `UPDATE … FROM` may not touch a row twice, yet a
    /// batch may name one book twice; running round after round applies the repeats in order,
    /// exactly as SQLite's row-by-row statements do. Most batches are one round.
    ///
    /// ```swift
    /// ["a", "b", "a"].occurrenceRounds { $0 }  // [["a", "b"], ["a"]]
    /// ```
    func occurrenceRounds<Key: Hashable>(by key: (Element) -> Key) -> [[Element]] {
        var seen: [Key: Int] = [:]
        var rounds: [[Element]] = []
        for element in self {
            let round = seen[key(element), default: 0]
            seen[key(element)] = round + 1
            if round == rounds.count { rounds.append([]) }
            rounds[round].append(element)
        }
        return rounds
    }
}
