import ScoutTestSupport
import Testing

@testable import BookCatalog

/// Queries answered by intersecting the terms' postings find what the former path, which read
/// each candidate's words, found: the same books in the same order, the same counts, at every
/// page size, for Latin, Japanese (kana, kanji, readings), Chinese and Korean words, prefixes,
/// and the alternatives typo tolerance adds.
@Suite("Posting intersection")
struct PostingIntersectionTests {
    /// Books whose readings make kana and romaji find kanji titles and authors, and a title word
    /// that is also an author word (one posting, both fields).
    static let readings: [SearchEntry] = [
        SearchEntry(
            id: 90_001, title: "人間失格", alternateTitles: ["No Longer Human"], authors: ["太宰治"],
            ratingsCount: 5000, textReadings: ["人間失格": "ニンゲン シッカク", "太宰治": "だざい おさむ"]),
        SearchEntry(
            id: 90_002, title: "こころ", authors: ["夏目漱石"], ratingsCount: 3000,
            textReadings: ["夏目漱石": "なつめ そうせき"]),
        SearchEntry(id: 90_003, title: "Hugo", series: ["Victor"], authors: ["Victor Hugo"], ratingsCount: 7000),
    ]

    /// Typed texts, some with typos, beside the generated ones.
    static let typed = [
        "ningen", "にんげん", "人間", "だざい", "natsume soseki", "victor hugo", "hugo v", "hungr gmes", "misrables",
        "colins", "herbrt du", "h t", "l w o", "the of war", "채식 한", "三体 余", "ノルウェイ 村上", "g", "vic",
    ]

    @Test(arguments: [1, 2] as [UInt64])
    func theIntersectionFindsWhatReadingEachBooksWordsFound(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        // Enough books that a common word drives the former path's walk in rank order.
        let entries = GeneratedEntries.make(1500, using: &random) + Self.readings
        let index = try CandidateIndex(entries, generation: 1)
        let words = BookWordLists(entries, in: index)
        let dictionary = TermDictionary(index.vocabularyWords())
        var checked = 0
        for text in Self.typed + GeneratedEntries.queries(from: entries, using: &random) {
            guard let exact = SearchText.exactQuery(text) else { continue }
            for query in [exact, Self.widened(exact, by: dictionary)] {
                #expect(index.count(query) == index.countReadingBookWords(query, words: words), "\(text): \(query)")
                for limit in [1, 7, 64, 400] {
                    let found = index.search(query, limit: limit)
                    let expected = index.searchReadingBookWords(query, limit: limit, words: words)
                    #expect(found.map(\.id) == expected.map(\.id), "\(text) (\(limit)): \(query)")
                    #expect(found == expected, "\(text) (\(limit))")
                    checked += found.count
                }
            }
        }
        // The queries found books, in every script: not a comparison of empty lists.
        #expect(checked > 5000)
        for text in ["ningen", "にんげん", "だざい", "natsume", "三体", "채식", "ノルウェイ"] {
            #expect(index.count(SearchText.exactQuery(text)!) > 0, "\(text)")
        }
    }

    @Test func aBookMatchingInOneFieldComesBeforeAMorePopularOneMatchingAcrossFields() throws {
        // 90_001 holds "longer" in its title and 太宰治 among its authors; book 6, less read,
        // holds both in its title, so it comes first. "victor" and "hugo" are each in both
        // fields of 90_003 (series and author): one posting of both fields each.
        let entries = Self.readings + [SearchEntry(id: 6, title: "Longer 太宰治", authors: [], ratingsCount: 1)]
        let index = try CandidateIndex(entries)
        let words = BookWordLists(entries, in: index)
        for query in ["longer 太宰治", "victor hugo", "hugo"].compactMap(SearchText.exactQuery) {
            #expect(index.search(query, limit: 5) == index.searchReadingBookWords(query, limit: 5, words: words))
        }
        #expect(index.search(SearchText.exactQuery("longer 太宰治")!, limit: 5).map(\.id) == [6, 90_001])
        #expect(index.search(SearchText.exactQuery("victor hugo")!, limit: 5).map(\.id) == [90_003])
        #expect(index.count(SearchText.exactQuery("longer 太宰治")!) == 2)
    }

    /// `exact` with each term's dictionary words within two typos added, as typo tolerance's
    /// widened queries are.
    static func widened(_ exact: BookQuery, by dictionary: TermDictionary) -> BookQuery {
        BookQuery(
            terms: exact.terms.map { term in
                var term = term
                let word = term.alternatives[0]
                let near =
                    term.isPrefix
                    ? dictionary.prefixes(near: word, maxDistance: 2) : dictionary.words(near: word, maxDistance: 2)
                term.alternatives += near.map(\.word).filter { $0 != word }
                return term
            })
    }
}
