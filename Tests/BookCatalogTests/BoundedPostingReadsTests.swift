import ScoutTestSupport
import Testing

@testable import BookCatalog

/// Issue #37's search tail: a short prefix begins thousands of words, and the search merged and
/// sorted all their postings for a page of ten. Now a search reads its terms' postings a window
/// of books at a time and stops at its page, and a count marks them in a bitmap: the same
/// books, order and counts as the full merge, with the postings read bounded by the page.
@Suite("Bounded posting reads")
struct BoundedPostingReadsTests {
    /// Books whose titles are words of a large made-up vocabulary (so one letter begins a tenth
    /// of thousands of words, as at a million books), half with "the", their authors from a few
    /// names shared by many books (author-and-title queries match across fields).
    static func entries(_ count: Int, using random: inout SplitMix64) -> [SearchEntry] {
        let letters = Array("abcdefghij")
        let authors = ["Ann Brook", "Cid Dale", "Eve Fox", "Gus Hale", "Ida Jay"]
        func word() -> String {
            String((0..<Int.random(in: 2...6, using: &random)).map { _ in letters.randomElement(using: &random)! })
        }
        return (0..<count).map { number in
            var title = (0..<Int.random(in: 1...4, using: &random)).map { _ in word() }
            if Bool.random(using: &random) { title.insert("the", at: 0) }
            return SearchEntry(
                id: Int64(number + 1), title: title.joined(separator: " "),
                authors: [authors.randomElement(using: &random)!],
                ratingsCount: Int.random(in: 0...50, using: &random) * 10)
        }
    }

    /// What the full merge finds: each term's postings merged and sorted whole
    /// (``CandidateIndex/postingList(of:)``), intersected book by book, in rank order, one-field
    /// matches first; and how many books match every term.
    static func fullMerge(_ index: CandidateIndex, _ query: BookQuery, limit: Int) -> (places: [Int], count: Int) {
        guard let terms = index.matchedWords(of: query) else { return ([], 0) }
        let held = terms.map { ranges in
            Dictionary(
                index.postingList(of: ranges).map {
                    (CandidateIndex.Layout.book(ofPosting: $0), CandidateIndex.Layout.fields(ofPosting: $0))
                }, uniquingKeysWith: { $0.union($1) })
        }
        var matches = CandidateIndex.Matches(limit: limit)
        var count = 0
        var isPageFull = false
        for book in held[0].keys.sorted() where held.allSatisfy({ $0[book] != nil }) {
            count += 1
            // Past a full page of one-field matches, no later book enters the page.
            if !isPageFull {
                isPageFull = matches.add(book, held.reduce(held[0][book]!) { $0.intersection($1[book]!) })
            }
        }
        return (matches.found, count)
    }

    @Test(arguments: [3, 4] as [UInt64])
    func theBoundedPathsFindWhatTheFullMergeFinds(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let entries = Self.entries(2500, using: &random)
        let index = try CandidateIndex(entries)
        let dictionary = TermDictionary(index.vocabularyWords())
        var texts = [
            "a", "b", "j", "ab", "the", "the a", "the c", "a b", "a b c", "brook", "fox a", "a fox", "the dal",
        ]
        for entry in entries.prefix(30) {
            let words = entry.title.split(separator: " ").map(String.init)
            texts.append(String(words.last!.prefix(2)))
            texts.append(words.prefix(2).joined(separator: " "))
            texts.append(
                "\(words.randomElement(using: &random)!) \(entry.authors[0].split(separator: " ")[1].prefix(1))")
        }
        var found = 0
        for text in texts {
            let exact = try #require(SearchText.exactQuery(text))
            for query in [exact, PostingIntersectionTests.widened(exact, by: dictionary)] {
                let expected = Self.fullMerge(index, query, limit: .max)
                #expect(index.count(query) == expected.count, "\(text)")
                for limit in [1, 10, 64, 400] {
                    let places = index.matchPlaces(of: query, limit: limit).places
                    #expect(places == Self.fullMerge(index, query, limit: limit).places, "\(text) (\(limit))")
                    found += places.count
                }
            }
        }
        // Common prefixes matched thousands of books: not a comparison of empty lists.
        #expect(found > 5000)
        #expect(Self.fullMerge(index, SearchText.exactQuery("a")!, limit: 1).count > 500)
    }

    @Test func aCommonPrefixReadsThePostingsOfItsPageNotOfTheCatalog() throws {
        var random = SplitMix64(seed: 5)
        let index = try CandidateIndex(Self.entries(20_000, using: &random))
        // A prefix of many words, one word with thousands of postings, and a prefix probed by it.
        for text in ["a", "b", "the", "the c"] {
            let query = try #require(SearchText.exactQuery(text))
            let terms = try #require(index.matchedWords(of: query))
            let postings = terms.map(index.postingCount(of:)).reduce(0, +)
            let (places, reads) = index.matchPlaces(of: query, limit: 10)
            #expect(places.count == 10)
            // The full merge read every posting of every term (over 7,000 here), and sorted those
            // of many words.
            #expect(postings > 7000, "\(text)")
            #expect(reads <= 3 * CandidateIndex.MergedWindows.firstWindowPostings, "\(text): \(reads) of \(postings)")
        }
    }

    @Test func aCountMarksEachPostingOfAManyWordTermOnce() throws {
        var random = SplitMix64(seed: 6)
        let index = try CandidateIndex(Self.entries(20_000, using: &random))
        let query = try #require(SearchText.exactQuery("a"))
        let terms = try #require(index.matchedWords(of: query))
        let (count, reads) = index.countReads(query)
        #expect(count == Self.fullMerge(index, query, limit: 1).count)
        #expect(count > 5000)
        // A bitmap: each posting once, then each marked book visited; no sort, no cursor steps.
        #expect(reads == index.postingCount(of: terms[0]))
    }

    /// Issue #37's tail at a million books: a rare word and a one-letter prefix ("thoroska s").
    /// The prefix begins a word of every book ("the") and a thousand rare ones, so galloping
    /// each of its words looked cheaper than reading its postings, and it touched every word's
    /// postings once per candidate. Asked against the candidates, a rare word costs its few
    /// postings once, and the common one a few steps a candidate.
    @Test func aRareWordAndAOneLetterPrefixReadEachRareWordOnceNotOncePerCandidate() throws {
        var random = SplitMix64(seed: 7)
        let letters = Array("abcdefghij")
        let entries = (0..<12_000).map { number in
            var title = ["the", "t" + String((0..<3).map { _ in letters.randomElement(using: &random)! })]
            if number % 600 == 7 { title.append("zephyr") }
            return SearchEntry(
                id: Int64(number + 1), title: title.joined(separator: " "), authors: ["Ann Brook"],
                ratingsCount: Int.random(in: 0...50, using: &random) * 10)
        }
        let index = try CandidateIndex(entries)
        let query = try #require(SearchText.exactQuery("zephyr t"))
        let terms = try #require(index.matchedWords(of: query))
        let candidates = index.postingCount(of: terms[0])
        let words = terms[1].reduce(0) { $0 + $1.count }
        let common = try #require(index.matchedWords(of: SearchText.exactQuery("the")!)).first!
        let rare = index.postingCount(of: terms[1]) - index.postingCount(of: common)
        #expect(candidates == 20)
        #expect(words > 900)
        // Galloping cost less than the postings by the former rule: words × candidates ≤ postings.
        #expect(words * candidates <= index.postingCount(of: terms[1]))
        let (places, reads) = index.matchPlaces(of: query, limit: 64)
        #expect(places == Self.fullMerge(index, query, limit: 64).places)
        #expect(places.count == 20)
        #expect(index.count(query) == 20)
        // Each rare word's postings once, and a few steps per candidate along "the"; galloping
        // every word for every candidate read a posting of nearly every word per candidate
        // (about words × candidates, 20,000 here).
        #expect(reads <= rare + words + 32 * candidates, "\(reads) (\(rare) rare postings, \(words) words)")
    }
}
