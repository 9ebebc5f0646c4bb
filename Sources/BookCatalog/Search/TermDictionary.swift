/// The indexed words of a catalog, searchable by edit distance: every word within a typo
/// budget of a query word, or — for the word still being typed — every word that *begins*
/// within that budget.
///
/// Distance counts insertions, deletions, substitutions and swaps of two adjacent characters
/// as one typo each ("optimal string alignment", the restricted Damerau–Levenshtein distance):
/// "gmaes" is one typo from "games", as people expect. Unlike the unrestricted distance it
/// never edits a substring twice ("ca" → "abc" is 3, not 2), which is what lets the search
/// below work one character at a time. Characters are `Character`s of the folded words.
///
/// Words are kept as a trie laid out in depth-first order in a few flat arrays, each node with
/// the index past its subtree. A lookup walks it with one distance row per depth and skips a
/// whole subtree once its row's best cell exceeds the budget, so it touches only the nodes
/// within the budget, not the whole vocabulary: well under a millisecond for a one-typo word
/// among 500,000 words.
///
/// ```swift
/// let dictionary = TermDictionary(["games", "gamer", "hunger"])
/// dictionary.words(near: "gmaes", maxDistance: 1).map(\.word)           // ["games"]
/// dictionary.prefixes(near: "hungr", maxDistance: 1).map(\.word)        // ["hung"]
/// ```
public struct TermDictionary: Sendable {
    /// A dictionary word (or, from ``prefixes(near:maxDistance:limit:)``, the beginning of
    /// some) and its distance from the query word.
    public struct Match: Sendable, Hashable {
        /// The folded word or word beginning.
        public var word: String
        /// How many typos separate it from the query word.
        public var distance: Int

        /// Makes a match: `TermDictionary.Match(word: "games", distance: 1)`.
        public init(word: String, distance: Int) {
            self.word = word
            self.distance = distance
        }
    }

    /// The trie of all words, nodes in depth-first order; see ``Trie``.
    let trie: Trie
    let alphabet: Alphabet

    /// Builds the dictionary from folded words (duplicates and empty words are fine), such as
    /// those of ``BookStore/searchTerms()``.
    ///
    /// ```swift
    /// let dictionary = TermDictionary(try await store.searchTerms())
    /// ```
    public init(_ words: some Sequence<String>) {
        var alphabet = Alphabet()
        var encoded = words.map { alphabet.encode($0) }
        // Stores list their vocabulary sorted already; only sort when one did not.
        if !zip(encoded, encoded.dropFirst()).allSatisfy({ !$1.lexicographicallyPrecedes($0) }) {
            encoded.sort { $0.lexicographicallyPrecedes($1) }
        }
        trie = Trie(sortedWords: encoded)
        self.alphabet = alphabet
    }

    /// How many distinct words the dictionary holds: `dictionary.count`.
    public var count: Int { trie.wordCount }

    /// The words within `maxDistance` typos of `word`, closest first, at most `limit` of them
    /// (the closest; among equally close, those nearest in length, then in sorted order).
    ///
    /// ```swift
    /// dictionary.words(near: "colinz", maxDistance: 2)  // [collins (2), …]
    /// ```
    public func words(near word: String, maxDistance: Int, limit: Int = 32) -> [Match] {
        ranked(walk(alphabet.lookUp(word), maxDistance: maxDistance, isPrefix: false), near: word, limit: limit)
    }

    /// The shortest word beginnings within `maxDistance` typos of `word`, for the word a person
    /// is still typing: every dictionary word that begins with one of them has a beginning
    /// within the budget, and its best such beginning is among them. A beginning is listed
    /// again deeper only when it is closer ("hung" at 1, "hunger" at 0 for "hunger").
    ///
    /// ```swift
    /// dictionary.prefixes(near: "hungr", maxDistance: 1)  // [hung (1), hunge (1), hungr…]
    /// ```
    public func prefixes(near word: String, maxDistance: Int, limit: Int = 32) -> [Match] {
        ranked(walk(alphabet.lookUp(word), maxDistance: maxDistance, isPrefix: true), near: word, limit: limit)
    }

    /// Closest first, then nearest in length to what was typed, then sorted order (the walk's).
    private func ranked(_ found: [Found], near word: String, limit: Int) -> [Match] {
        let length = word.count
        let best = found.enumerated().sorted { left, right in
            let (a, b) = (left.element, right.element)
            if a.distance != b.distance { return a.distance < b.distance }
            let (lengthA, lengthB) = (abs(a.word.count - length), abs(b.word.count - length))
            return lengthA != lengthB ? lengthA < lengthB : left.offset < right.offset
        }.prefix(max(limit, 0))
        return best.map { Match(word: alphabet.decode($0.element.word), distance: $0.element.distance) }
    }
}
