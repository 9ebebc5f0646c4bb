/// A search a store runs: words that must all match the title or the authors, each given as
/// alternatives (the typed word and, for typo tolerance, dictionary words close to it), the last
/// one possibly as a prefix. Words are folded (lowercase, no diacritics) as stores index them.
///
/// ```swift
/// BookQuery(terms: [.init(["harry", "hardy"]), .init(["pott"], isPrefix: true)])
/// ```
public struct BookQuery: Sendable, Hashable {
    /// One word of the query and what may stand in for it.
    public struct Term: Sendable, Hashable {
        /// Folded words, any of which matches; the first is what the person typed.
        public var alternatives: [String]
        /// Whether each alternative also matches words it begins.
        public var isPrefix: Bool

        /// Makes a term: `BookQuery.Term(["pott"], isPrefix: true)`.
        public init(_ alternatives: [String], isPrefix: Bool = false) {
            self.alternatives = alternatives
            self.isPrefix = isPrefix
        }
    }

    /// The words, in the order typed; a book must match every one.
    public var terms: [Term]

    /// Makes a query: `BookQuery(terms: [.init(["dune"], isPrefix: true)])`.
    public init(terms: [Term]) {
        self.terms = terms
    }
}

extension BookQuery {
    /// The query without the reading words a word of Latin letters is also looked for as
    /// (``Romaji/indexWord(_:)``); a term made only of them (kana being composed) is kept.
    public var withoutReadings: BookQuery {
        BookQuery(
            terms: terms.map { term in
                let written = term.alternatives.filter { !Romaji.isIndexWord($0) }
                return written.isEmpty ? term : Term(written, isPrefix: term.isPrefix)
            })
    }
}
