import ScoutTestSupport

/// What the typing benchmarks type into: 3,000 goodbooks-10k titles (from `../shared`), the
/// script of queries drawn from them with the seed every run shares, and the titles as the fake
/// Wikipedia's pages.
struct TypingCorpus {
    let titles: [String]
    let script: TypingScript
    let pages: [FakeWikipedia.Page]

    init(queryCount: Int) throws {
        titles = try TypingScript.bookTitles(from: SharedFixtures.url("data/goodbooks-10k/books.csv"), limit: 3000)
        script = TypingScript(titles: titles, count: queryCount, seed: 2026)
        pages = titles.enumerated().map { index, title in
            FakeWikipedia.Page(pageID: index + 1, title: title, description: "Book", extract: title)
        }
    }
}
