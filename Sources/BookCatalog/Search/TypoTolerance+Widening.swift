extension TypoTolerance {
    /// The dictionary words that may stand in for each word of an exact query, looked up once
    /// at each word's full budget and then cut to a smaller one per round.
    struct Widening {
        /// The most alternatives one word gets (besides itself), so a short, common word cannot
        /// turn the store's query into hundreds of `OR`s.
        static let maximumAlternatives = 32

        private let exact: BookQuery
        /// Per term, the dictionary's matches (closest first), without the typed word itself.
        private let matches: [[TermDictionary.Match]]

        /// Looks up every word of `exact` whose budget (from `budgets`, one per term) is not 0
        /// and that the dictionary does not know: the last word, if still being typed, by its
        /// beginnings.
        ///
        /// A word the catalog holds is taken as meant — "hunger gates" searches for gates — so a
        /// search for a rare title does not turn into a costly search for its look-alikes; with
        /// `widensKnownWords`, when no book holds the words as typed, it is widened too: "where
        /// three's smoke" is a typo of "there's" though "three" is a word of the catalog.
        init(_ exact: BookQuery, budgets: [Int], dictionary: TermDictionary, widensKnownWords: Bool = false) {
            self.exact = exact
            matches = zip(exact.terms, budgets).map { term, budget in
                guard budget > 0, let word = term.alternatives.first else { return [] }
                let search: (Int, Int) -> [TermDictionary.Match] = { distance, limit in
                    term.isPrefix
                        ? dictionary.prefixes(near: word, maxDistance: distance, limit: limit)
                        : dictionary.words(near: word, maxDistance: distance, limit: limit)
                }
                guard widensKnownWords || search(0, 1).isEmpty else { return [] }
                return search(budget, Self.maximumAlternatives).filter { $0.word != word }
            }
        }

        /// The query's words as the ranking reads them, each with its alternatives and their typos.
        var queryWords: [QueryWord] {
            zip(exact.terms, matches).map { term, matches in
                QueryWord(
                    term,
                    alternatives: matches.map { QueryWord.Alternative(word: $0.word, typos: $0.distance) })
            }
        }

        /// Whether any word was widened at all.
        var widensAnything: Bool { matches.contains { !$0.isEmpty } }

        /// The exact query with each word followed by its matches within `typos` typos.
        ///
        /// ```swift
        /// widening.query(allowingTypos: 1)  // [hunger] [games | gamer]
        /// ```
        func query(allowingTypos typos: Int) -> BookQuery {
            BookQuery(
                terms: zip(exact.terms, matches).map { term, matches in
                    var term = term
                    term.alternatives += matches.lazy.filter { $0.distance <= typos }.map(\.word)
                    return term
                })
        }
    }
}
