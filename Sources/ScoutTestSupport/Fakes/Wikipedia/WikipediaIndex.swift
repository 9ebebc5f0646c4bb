/// The fake's search structures over its pages, rebuilt whenever the pages change.
///
/// Ranking is the order of the pages as given: the first page is the most relevant (Wikipedia
/// ranks by popularity and relevance; a test states the order it wants by listing pages in it).
struct WikipediaIndex {
    /// One title that prefix search can match: a page's own title or one of its redirects.
    struct TitleEntry {
        let key: [UInt8]
        let pageIndex: Int
        /// nil for the page's own title, else the position in `redirects`.
        let redirectIndex: Int?
    }

    /// A page found by prefix search: through its own title, one or more of its redirects, or both.
    struct PrefixMatch {
        let pageIndex: Int
        let matchesTitle: Bool
        /// Positions in the page's `redirects` of the redirects that match, in order.
        let redirectIndices: [Int]
    }

    let pages: [FakeWikipedia.Page]
    private let titleEntries: [TitleEntry]
    private let wordPostings: [String: [Int]]
    private let titlesByExactName: [String: Int]
    private let redirectsByExactName: [String: (page: Int, redirect: Int)]

    init(pages: [FakeWikipedia.Page]) {
        self.pages = pages
        var entries: [TitleEntry] = []
        var postings: [String: [Int]] = [:]
        var titles: [String: Int] = [:]
        var redirects: [String: (page: Int, redirect: Int)] = [:]
        for (index, page) in pages.enumerated() {
            entries.append(
                TitleEntry(key: Array(TextFolding.fold(page.title).utf8), pageIndex: index, redirectIndex: nil))
            if titles[page.title] == nil { titles[page.title] = index }
            for (redirectIndex, redirect) in page.redirects.enumerated() {
                entries.append(
                    TitleEntry(
                        key: Array(TextFolding.fold(redirect).utf8), pageIndex: index, redirectIndex: redirectIndex))
                if redirects[redirect] == nil { redirects[redirect] = (index, redirectIndex) }
            }
            let words = Set(TextFolding.words(([page.title] + page.redirects + [page.extract]).joined(separator: " ")))
            for word in words { postings[word, default: []].append(index) }
        }
        entries.sort { $0.key.lexicographicallyPrecedes($1.key) }
        titleEntries = entries
        wordPostings = postings
        titlesByExactName = titles
        redirectsByExactName = redirects
    }

    /// Pages whose title or a redirect starts with `query`, ignoring case and diacritics, one
    /// match per page, in rank order.
    func prefixMatches(_ query: String, namespaces: Set<Int>) -> [PrefixMatch] {
        let key = Array(TextFolding.fold(query).utf8)
        var low = 0
        var high = titleEntries.count
        while low < high {
            let middle = (low + high) / 2
            if titleEntries[middle].key.lexicographicallyPrecedes(key) { low = middle + 1 } else { high = middle }
        }
        var byPage: [Int: (title: Bool, redirects: [Int])] = [:]
        var index = low
        while index < titleEntries.count, titleEntries[index].key.starts(with: key) {
            let entry = titleEntries[index]
            if namespaces.contains(pages[entry.pageIndex].namespace) {
                var match = byPage[entry.pageIndex] ?? (false, [])
                if let redirect = entry.redirectIndex { match.redirects.append(redirect) } else { match.title = true }
                byPage[entry.pageIndex] = match
            }
            index += 1
        }
        return byPage.keys.sorted().map { page in
            PrefixMatch(
                pageIndex: page, matchesTitle: byPage[page]!.title, redirectIndices: byPage[page]!.redirects.sorted())
        }
    }

    /// Pages containing every word of `query` (in the title, a redirect or the text) and none of
    /// its `-excluded` words, ignoring case and diacritics, in rank order.
    func fullTextMatches(_ query: String, namespaces: Set<Int>) -> [Int] {
        var required: [String] = []
        var excluded: [String] = []
        for token in query.split(whereSeparator: \.isWhitespace) {
            if token.hasPrefix("-"), token.count > 1 {
                excluded += TextFolding.words(String(token.dropFirst()))
            } else {
                required += TextFolding.words(String(token))
            }
        }
        guard let first = required.first else { return [] }
        var candidates = Set(wordPostings[first] ?? [])
        for word in required.dropFirst() { candidates.formIntersection(wordPostings[word] ?? []) }
        for word in excluded { candidates.subtract(wordPostings[word] ?? []) }
        return candidates.filter { namespaces.contains(pages[$0].namespace) }.sorted()
    }

    /// The page titled exactly `title`, or the page a redirect titled `title` leads to.
    func lookUp(title: String) -> (page: Int, redirect: Int?)? {
        if let page = titlesByExactName[title] { return (page, nil) }
        if let target = redirectsByExactName[title] { return (target.page, target.redirect) }
        return nil
    }

    /// The id the fake gives the redirect page itself (it has no content, only a target).
    func redirectPageID(page: Int, redirect: Int) -> Int { 1_000_000_000 + page * 1_000 + redirect }
}
