import BookCatalog
import Postgres
import Testing

@testable import BookStorage

/// The PostgreSQL store's `tsvector` literals are written as UTF-8 in one buffer (issue #37: a
/// string per entry, joined, took a share of an import's client time): the same literals as
/// entry by entry, for text a literal must quote, words too long to index, and more words than
/// PostgreSQL keeps positions for.
@Suite("PostgreSQL search vectors written as UTF-8")
struct SearchIndexVectorTests {
    /// The literal as it was written before: one string per entry, joined.
    static func entryByEntry(
        title: String, alternateTitles: [String], series: [String], authors: [String], readings: [String: String]
    ) -> String {
        let titleWords = ([title] + alternateTitles + series).flatMap {
            SearchText.indexWords(in: $0, readings: readings)
        }.map { ($0, "A") }
        let authorWords = authors.flatMap { SearchText.indexWords(in: $0, readings: readings) }.map { ($0, "B") }
        var position = 0
        var entries: [String] = []
        for (word, weight) in titleWords + authorWords where TextSearchLexeme.fits(word) {
            position = min(position + 1, 16383)
            entries.append("\(TextSearchLexeme.quoted(word)):\(position)\(weight)")
        }
        return entries.joined(separator: " ")
    }

    @Test func vectorsAreTheOnesWrittenEntryByEntry() {
        let tooLong = String(repeating: "x", count: 3000)
        let many = (0..<17_000).map { "w\($0 % 97)" }.joined(separator: " ")
        let cases: [(String, [String], [String], [String], [String: String])] = [
            ("Les Misérables", [], [], ["Victor Hugo"], [:]),
            ("It's a \\ back'slash \"story\"", ["L'été"], ["Saga's"], ["O'Brien \\ Jr"], [:]),
            ("東京の本屋 📚 ｶﾀｶﾅ", ["Straße"], [], ["李 白"], ["東京": "とうきょう"]),
            ("\(tooLong) short", [tooLong], [], [tooLong], [:]),
            (many, [], [], ["Ann Lee"], [:]),
            ("", [], [], [], [:]),
        ]
        for (title, alternates, series, authors, readings) in cases {
            let written = SearchIndex.vector(
                title: title, alternateTitles: alternates, series: series, authors: authors, readings: readings)
            let expected = Self.entryByEntry(
                title: title, alternateTitles: alternates, series: series, authors: authors, readings: readings)
            #expect(written == expected, "\(title.prefix(40))")
        }
    }
}
