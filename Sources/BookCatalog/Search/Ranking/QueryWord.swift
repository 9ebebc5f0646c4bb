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

    /// Whether the word is of CJK script, matched inside the book's words.
    let isCJK: Bool

    public init(typed: String, isPrefix: Bool, alternatives: [Alternative] = []) {
        self.typed = typed
        self.isPrefix = isPrefix
        self.alternatives = alternatives
        isCJK = SearchText.isCJKWord(typed)
    }

    /// The query word of an exact query's `term`: its first word as typed, its other words (the
    /// forms a reader may have typed it in, ``SearchText/term(for:isPrefix:)``) standing in for
    /// it without a typo, then `alternatives`.
    public init(_ term: BookQuery.Term, alternatives: [Alternative] = []) {
        self.init(
            typed: term.alternatives.first ?? "", isPrefix: term.isPrefix,
            alternatives: term.alternatives.dropFirst().map { Alternative(word: $0, typos: 0) } + alternatives)
    }

    /// How a query word matched one word of a book.
    struct WordMatch: Hashable {
        let typos: Int
        /// Whether it matched the book's word whole (not a beginning or a part of it).
        let isWhole: Bool
        /// Which characters of the book's folded word it covers.
        let span: Range<Int>
    }

    /// How `word` matches this query word, or nil: the typed word or an alternative, whole or,
    /// for a word still being typed, as its beginning. A CJK query word may stand anywhere inside
    /// the book's word (written without spaces, one "word" there is often a whole title); its
    /// first place that overlaps none of `used` (the parts other query words took) counts. A
    /// word of an alphabet matches only a word no other query word took.
    /// A CJK word's alternatives (a Hangul word's letters) match as words of an alphabet do.
    func match(_ word: String, avoiding used: [Range<Int>] = []) -> WordMatch? {
        if isCJK, let part = partMatch(word, avoiding: used) { return part }
        guard used.isEmpty else { return nil }
        if !isCJK, word == typed { return WordMatch(typos: 0, isWhole: true, span: 0..<typed.count) }
        if !isCJK, isPrefix, word.hasPrefix(typed) {
            return WordMatch(typos: 0, isWhole: false, span: 0..<typed.count)
        }
        var best: WordMatch?
        for alternative in alternatives where best.map({ alternative.typos < $0.typos }) ?? true {
            let length = alternative.word.count
            if word == alternative.word {
                best = WordMatch(typos: alternative.typos, isWhole: true, span: 0..<length)
            } else if isPrefix, word.hasPrefix(alternative.word) {
                best = WordMatch(typos: alternative.typos, isWhole: false, span: 0..<length)
            }
        }
        return best
    }

    /// The first place of the typed CJK word inside `word` that overlaps none of `used`.
    private func partMatch(_ word: String, avoiding used: [Range<Int>]) -> WordMatch? {
        let characters = Array(word)
        let typed = Array(typed)
        guard !typed.isEmpty, typed.count <= characters.count else { return nil }
        for start in 0...(characters.count - typed.count)
        where characters[start..<(start + typed.count)].elementsEqual(typed) {
            let span = start..<(start + typed.count)
            guard !used.contains(where: { $0.overlaps(span) }) else { continue }
            return WordMatch(typos: 0, isWhole: span.count == characters.count, span: span)
        }
        return nil
    }
}
