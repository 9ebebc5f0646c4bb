import ScoutTestSupport
import Testing

@testable import BookCatalog

/// Issue #37's tail at ten million books: rare words and a short final prefix ("elcal sarcal
/// s"). The rare words leave a few hundred books spread over the catalog, and any reading of the
/// prefix's millions of postings cost 300 ms. A term of many words is now asked book by book from
/// the books' own words until that costs more than reading its postings would: the same fields
/// for every book as the postings say, the same books and counts as the full merge, and the
/// postings read bounded by the books asked.
@Suite("Terms asked from the books' own words")
struct BookWordCheckTests {
    /// The fields in which each book holds a word of `ranges`, by the postings.
    static func postedFields(_ index: CandidateIndex, _ ranges: [Range<UInt32>]) -> [Int: CandidateIndex.FieldSet] {
        Dictionary(
            index.postingList(of: ranges).map {
                (CandidateIndex.Layout.book(ofPosting: $0), CandidateIndex.Layout.fields(ofPosting: $0))
            }, uniquingKeysWith: { $0.union($1) })
    }

    @Test(arguments: [1, 2] as [UInt64])
    func aBooksOwnWordsGiveTheFieldsItsPostingsGive(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        // Latin, kana, kanji with readings, Chinese, Korean, accents, series and alternates.
        let entries =
            GeneratedEntries.make(400, using: &random) + PostingIntersectionTests.readings + [
                SearchEntry(
                    id: 95_001, title: "Kalo-Mira's Saga", series: ["Saga of Ven"], authors: ["K. L. Dor"],
                    ratingsCount: 10),
                SearchEntry(id: 95_002, title: "L'Été d'Ulla", authors: ["Zoë Ørsted"], ratingsCount: 20),
            ]
        let index = try CandidateIndex(entries)
        let dictionary = TermDictionary(index.vocabularyWords())
        var texts = PostingIntersectionTests.typed + ["kalo", "kalomira", "s", "ete", "été", "zoe", "k", "saga v"]
        texts += GeneratedEntries.queries(from: entries, using: &random).prefix(60)
        var held = 0
        // Each term's words once (queries share many), every book asked about them.
        var asked: Set<[Range<UInt32>]> = []
        for text in texts {
            guard let exact = SearchText.exactQuery(text) else { continue }
            for query in [exact, PostingIntersectionTests.widened(exact, by: dictionary)] {
                for term in query.terms {
                    let ranges = index.wordRanges(of: term)
                    guard !ranges.isEmpty, asked.insert(ranges).inserted else { continue }
                    let posted = Self.postedFields(index, ranges)
                    var check = try #require(
                        CandidateIndex.BookWordCheck(
                            index, ranges, postings: index.postingCount(of: ranges), reading: .bitmap, expectedAsks: 0))
                    var read = 0
                    for book in 0..<index.count {
                        let fields = check.fields(of: book, in: index, reads: &read)
                        #expect(fields == posted[book] ?? [], "\(text): book \(book)")
                        if !fields.isEmpty { held += 1 }
                    }
                }
            }
        }
        // Many books held the terms, in every field: not a comparison of empty sets.
        #expect(asked.count > 60)
        #expect(held > 5_000)
    }

    /// Books of a made-up vocabulary, every one with three words beginning with "t" (a thousand
    /// such words in all), and two rarer words, each in one book of 50, both in 8 books; or, with
    /// `together`, both in the same 400 (the probes before the prefix then keep far more books
    /// than expected).
    static func catalog(together: Bool) throws -> CandidateIndex {
        var random = SplitMix64(seed: 11)
        let letters = Array("abcdefghij")
        let entries = (0..<20_000).map { number in
            var title = (0..<3).map { _ in "t" + String((0..<3).map { _ in letters.randomElement(using: &random)! }) }
            title.append(String((0..<4).map { _ in letters.randomElement(using: &random)! }))
            if number % 50 == 7 { title.append("zephyr") }
            if number % 50 == (together ? 7 : 23) || (!together && number % 2500 == 7) { title.append("quill") }
            return SearchEntry(
                id: Int64(number + 1), title: title.joined(separator: " "), authors: ["Ann Brook"],
                ratingsCount: Int.random(in: 0...50, using: &random) * 10)
        }
        return try CandidateIndex(entries)
    }

    @Test func rareWordsAndAOneLetterPrefixReadTheBooksAskedNotThePrefixsPostings() throws {
        let index = try Self.catalog(together: false)
        let query = try #require(SearchText.exactQuery("zephyr quill t"))
        let terms = try #require(index.matchedWords(of: query))
        let prefixPostings = index.postingCount(of: terms[2])
        #expect(terms[2].reduce(0) { $0 + $1.count } == 1000)
        #expect(prefixPostings >= 50_000)
        for limit in [1, 64] {
            let (places, reads) = index.matchPlaces(of: query, limit: limit)
            #expect(places == BoundedPostingReadsTests.fullMerge(index, query, limit: limit).places)
            // The 400 books of "zephyr", galloping "quill" for each, then the few books holding
            // both asked for their words; any reading of the prefix read its 50,000 postings.
            #expect(reads < 2_000, "\(reads) reads, the prefix has \(prefixPostings) postings")
        }
        let (count, reads) = index.countReads(query)
        #expect(count == BoundedPostingReadsTests.fullMerge(index, query, limit: 1).count)
        #expect(count == 8)
        #expect(reads < 2_000, "\(reads) reads for the count")
    }

    @Test func aCheckThatAsksMoreBooksThanExpectedGoesOverToThePostings() throws {
        // "zephyr" and "quill" in the same 400 books: 8 expected to reach the prefix, 400 do.
        let index = try Self.catalog(together: true)
        let query = try #require(SearchText.exactQuery("zephyr quill t"))
        let terms = try #require(index.matchedWords(of: query))
        let expected = BoundedPostingReadsTests.fullMerge(index, query, limit: .max)
        #expect(expected.count == 400)
        for limit in [1, 64, 400] {
            #expect(
                index.matchPlaces(of: query, limit: limit).places
                    == BoundedPostingReadsTests.fullMerge(index, query, limit: limit).places)
        }
        let (count, reads) = index.countReads(query)
        #expect(count == expected.count)
        // Asked book by book at first, then the prefix's postings marked once: more than the
        // books' words alone (400 books' words, a few thousand reads), far fewer than asking
        // every book would cost against a bitmap.
        #expect(reads >= index.postingCount(of: terms[2]), "\(reads) reads")
    }
}
