/// One word of a search as the ranking reads it: what was typed, whether it is still being typed
/// (a prefix), and the dictionary words typo tolerance let stand in for it, each with its typos.
///
/// ```swift
/// QueryWord(typed: "hungr", isPrefix: false, alternatives: [.init(word: "hunger", typos: 1)])
/// ```
public struct QueryWord: Sendable, Hashable {
    /// A word that may stand in for the typed one.
    public struct Alternative: Sendable, Hashable {
        public let word: String
        public let typos: Int

        public init(word: String, typos: Int) {
            self.word = word
            self.typos = typos
        }
    }

    public let typed: String
    public let isPrefix: Bool
    public let alternatives: [Alternative]

    public init(typed: String, isPrefix: Bool, alternatives: [Alternative] = []) {
        self.typed = typed
        self.isPrefix = isPrefix
        self.alternatives = alternatives
    }

    /// How `word` matches this query word: typos used, whether it matched whole, and how many
    /// characters of it the matching form (typed, or the alternative) covers; nil when it does
    /// not match.
    func match(_ word: String) -> (typos: Int, isWhole: Bool, length: Int)? {
        if word == typed { return (0, true, typed.count) }
        if isPrefix, word.hasPrefix(typed) { return (0, false, typed.count) }
        var best: (typos: Int, isWhole: Bool, length: Int)?
        for alternative in alternatives where best.map({ alternative.typos < $0.typos }) ?? true {
            if word == alternative.word {
                best = (alternative.typos, true, alternative.word.count)
            } else if isPrefix, word.hasPrefix(alternative.word) {
                best = (alternative.typos, false, alternative.word.count)
            }
        }
        return best
    }
}
