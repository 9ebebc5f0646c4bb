import Postgres

/// The PostgreSQL store's search index in text form: `tsvector` literals for books and
/// `tsquery` literals for ``BookQuery``s, both made of words ``SearchText`` folded and every word
/// quoted as one lexeme (``Postgres/TextSearchLexeme``), so nothing in a title or in user text
/// acts as query syntax. Bind them as parameters and cast (`$1::tsquery`).
///
/// ```swift
/// SearchIndex.vector(title: "Les Misérables", authors: ["Victor Hugo"])
/// // 'les':1A 'miserables':2A 'victor':3B 'hugo':4B
/// SearchIndex.query(BookQuery(terms: [.init(["les"]), .init(["miser"], isPrefix: true)]), weight: "A")
/// // 'les':A & 'miser':*A
/// ```
enum SearchIndex {
    /// Title words get weight A, author words B; a query restricted to one weight matches one field.
    static let titleWeight = "A"
    static let authorsWeight = "B"

    /// PostgreSQL keeps positions up to 16383 and clamps the rest; only weights matter here.
    private static let lastPosition = 16383

    /// The `tsvector` literal of a book: its title's words, then its authors' words. Words too long
    /// for PostgreSQL are left out (no query can reach them either).
    static func vector(title: String, authors: [String]) -> String {
        let titleWords = SearchText.words(in: title).map { ($0, titleWeight) }
        let authorWords = authors.flatMap(SearchText.words(in:)).map { ($0, authorsWeight) }
        var position = 0
        var entries: [String] = []
        for (word, weight) in titleWords + authorWords where TextSearchLexeme.fits(word) {
            position = min(position + 1, lastPosition)
            entries.append("\(TextSearchLexeme.quoted(word)):\(position)\(weight)")
        }
        return entries.joined(separator: " ")
    }

    /// The `tsquery` literal of `query`: terms joined by `&`, a term's alternatives by `|`, `:*`
    /// for prefixes, each lexeme restricted to `weight` when one is given. `nil` when the query
    /// has no words, or has a term no indexed word can match (all its words too long to index).
    static func query(_ query: BookQuery, weight: String = "") -> String? {
        var terms: [String] = []
        for term in query.terms {
            let words = term.alternatives.filter { !$0.isEmpty }
            guard !words.isEmpty else { continue }  // as SQLite's store: a term without words is dropped
            let lexemes = words.filter(TextSearchLexeme.fits).map { word in
                TextSearchLexeme.quoted(word) + ":" + (term.isPrefix ? "*" : "") + weight
            }
            guard !lexemes.isEmpty else { return nil }
            terms.append(lexemes.count == 1 ? lexemes[0] : "(" + lexemes.joined(separator: " | ") + ")")
        }
        return terms.isEmpty ? nil : terms.joined(separator: " & ")
    }
}
