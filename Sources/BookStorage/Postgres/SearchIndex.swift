import BookCatalog
import Postgres

/// The PostgreSQL store's search index in text form: `tsvector` literals for books and
/// `tsquery` literals for ``BookQuery``s, both made of ``SearchText/indexWords(in:)`` (a CJK
/// word as its pairs of characters, queried as a phrase with `<->`) and every word quoted as one
/// lexeme (``Postgres/TextSearchLexeme``), so nothing in a title or in user text acts as query
/// syntax. Bind them as parameters and cast (`$1::tsquery`).
///
/// ```swift
/// SearchIndex.vector(title: "Les Misérables", series: [], authors: ["Victor Hugo"])
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

    /// The `tsvector` literal of `book`: ``vector(title:alternateTitles:series:authors:)`` of its
    /// fields, what every writer and checker of the `search` column uses.
    static func vector(of book: Book) -> String {
        vector(
            title: book.title, alternateTitles: book.alternateTitles, series: book.series.map(\.name),
            authors: book.authors, readings: book.textReadings)
    }

    /// The `tsvector` literal of a book: the words of its title, its alternate titles and its
    /// series names (weight A: all are searched as the title), then its authors' words. Words
    /// too long for PostgreSQL are left out (no query can reach them either).
    static func vector(
        title: String, alternateTitles: [String] = [], series: [String] = [], authors: [String],
        readings: [String: String] = [:]
    ) -> String {
        let titleWords = ([title] + alternateTitles + series).flatMap {
            SearchText.indexWords(in: $0, readings: readings)
        }.map { ($0, titleWeight) }
        let authorWords = authors.flatMap { SearchText.indexWords(in: $0, readings: readings) }.map {
            ($0, authorsWeight)
        }
        // Written as UTF-8 in one buffer: a string per entry, joined, and the generic `fits` took
        // half of this function's time, 15 % of an import's client samples (perf, 500,000 books).
        var position = 0
        var literal: [UInt8] = []
        for (word, weight) in titleWords + authorWords where TextSearchLexeme.fits(word) {
            position = min(position + 1, lastPosition)
            if !literal.isEmpty { literal.append(UInt8(ascii: " ")) }
            TextSearchLexeme.appendQuoted(word, to: &literal)
            literal.append(UInt8(ascii: ":"))
            literal.append(contentsOf: String(position).utf8)
            literal.append(contentsOf: weight.utf8)
        }
        return String(decoding: literal, as: UTF8.self)
    }

    /// The `tsquery` literal of `query`: terms joined by `&`, a term's alternatives by `|`, `:*`
    /// for prefixes, each lexeme restricted to `weight` when one is given. `nil` when the query
    /// has no words, or has a term no indexed word can match (all its words too long to index).
    static func query(_ query: BookQuery, weight: String = "") -> String? {
        var terms: [String] = []
        for term in query.terms {
            let words = term.alternatives.filter { !$0.isEmpty }
            guard !words.isEmpty else { continue }  // as SQLite's store: a term without words is dropped
            let lexemes = words.compactMap { word -> String? in
                let pattern = SearchText.indexPattern(of: word, isPrefix: term.isPrefix)
                guard pattern.words.allSatisfy(TextSearchLexeme.fits) else { return nil }
                let phrase = pattern.words.enumerated().map { index, part in
                    let isPrefix = pattern.isPrefix && index == pattern.words.count - 1
                    return TextSearchLexeme.quoted(part) + ":" + (isPrefix ? "*" : "") + weight
                }
                return phrase.count == 1 ? phrase[0] : "(" + phrase.joined(separator: " <-> ") + ")"
            }
            guard !lexemes.isEmpty else { return nil }
            terms.append(lexemes.count == 1 ? lexemes[0] : "(" + lexemes.joined(separator: " | ") + ")")
        }
        return terms.isEmpty ? nil : terms.joined(separator: " & ")
    }
}
