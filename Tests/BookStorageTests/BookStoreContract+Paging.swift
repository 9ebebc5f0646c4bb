import BookCatalog
import ScoutTestSupport
import Testing

/// Paging a ranked search gives every matching book once, in rank order: the pages of a search,
/// one after the other, are exactly one search with a large limit — on both stores, with the
/// candidates from the store's index and from the index in memory.
extension BookStoreContract {
    /// Two word shelves (240 books of a dozen shared words) and the other shelves: a common
    /// word or a short prefix matches more than two blocks of candidates.
    static func pagingShelf() -> [Book] {
        var random = SplitMix64(seed: 0x9A6E)
        let first = wordShelf(random: &random)
        let second = wordShelf(random: &random).map { book in
            var book = book
            book.sourceID = "second-" + book.sourceID
            return book
        }
        return first + second + rankingShelf + scriptShelf + SampleBooks.all
    }

    /// Random queries as people type them: one to three words of the shelf, the last often cut
    /// short, sometimes with a letter swapped (a typo the dictionary widens).
    static func pagingQueries(from shelf: [Book], count: Int, random: inout SplitMix64) -> [String] {
        let vocabulary = Array(Set(shelf.flatMap { ([$0.title] + $0.authors).flatMap(SearchText.words(in:)) }))
            .sorted()
        return (0..<count).map { _ in
            var words = (0..<(1 + Int(random.next() % 3))).map { _ in
                vocabulary[Int(random.next() % UInt64(vocabulary.count))]
            }
            if random.next() % 3 == 0, let last = words.last {
                words[words.count - 1] = String(last.prefix(1 + Int(random.next() % 3)))
            }
            if random.next() % 5 == 0, let typed = words.first, typed.count >= 4 {
                var letters = Array(typed)
                letters.swapAt(1, 2)
                words[0] = String(letters)
            }
            return words.joined(separator: " ")
        }
    }

    @Test(arguments: StoreKind.available, SearchPath.allCases)
    func pagesGiveEveryMatchingBookOnceInRankOrder(kind: StoreKind, path: SearchPath) async throws {
        try await kind.withStore { store throws in
            let shelf = Self.pagingShelf()
            _ = try await store.upsert(shelf)
            // One for the whole test, so its dictionary is built once; the memory path's index is
            // built before the first page, so no page falls back on the store while it builds.
            let storePath = TypoTolerance(indexesBooks: false)
            if path == .memory { try await store.prepareSearch() }
            func page(_ text: String, offset: Int, limit: Int) async throws -> BookSearchPage {
                switch path {
                case .store: try await storePath.rankedPage(text, offset: offset, limit: limit, in: store)
                case .memory: try await store.rankedPage(text, offset: offset, limit: limit)
                }
            }
            var random = SplitMix64(seed: 0x5EA7C4)
            var pagedThroughSeveralBlocks = 0
            for text in Self.pagingQueries(from: shelf, count: 60, random: &random) + ["the", "r", "re", "x"] {
                let whole = try await page(text, offset: 0, limit: 200)
                let size = [1, 7, 20, 50, 64, 100][Int(random.next() % 6)]
                var paged: [Int64] = []
                var offset: Int? = 0
                var pages = 0
                while let start = offset, pages <= whole.total {
                    let next = try await page(text, offset: start, limit: size)
                    #expect(next.total == whole.total, "\(kind) \(path) “\(text)” page at \(start)")
                    #expect(next.generation == whole.generation)
                    paged += next.matches.map(\.book.id)
                    offset = next.nextOffset
                    pages += 1
                }
                #expect(Set(paged).count == paged.count, "\(kind) \(path) “\(text)” by \(size): a book twice")
                #expect(
                    paged.count == whole.total, "\(kind) \(path) “\(text)” by \(size): \(paged.count) of \(whole.total)"
                )
                #expect(
                    Array(paged.prefix(200)) == whole.matches.map(\.book.id),
                    "\(kind) \(path) “\(text)” by \(size): the pages differ from one search")
                if whole.total > 2 * TypoTolerance.candidatePool, size < whole.total { pagedThroughSeveralBlocks += 1 }
            }
            #expect(pagedThroughSeveralBlocks >= 3, "the queries should page through more than two blocks")
        }
    }

    @Test(arguments: StoreKind.available)
    func theTotalCountsEveryMatchAndTheLastPageSaysSo(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            let shelf = Self.pagingShelf()
            _ = try await store.upsert(shelf)
            let expected = shelf.filter { book in
                ([book.title] + book.authors).flatMap(SearchText.words(in:)).contains { $0.hasPrefix("moon") }
            }
            .count
            let first = try await store.rankedPage("moon", offset: 0, limit: 10)
            #expect(first.total == expected)
            #expect(first.nextOffset == 10)
            let last = try await store.rankedPage("moon", offset: expected - 3, limit: 10)
            #expect(last.matches.count == 3)
            #expect(last.nextOffset == nil)
            let past = try await store.rankedPage("moon", offset: expected + 5, limit: 10)
            #expect(past.matches.isEmpty && past.total == expected && past.nextOffset == nil)
            let none = try await store.rankedPage("zzzzqqq", offset: 0, limit: 10)
            #expect(none.matches.isEmpty && none.total == 0 && none.nextOffset == nil)
        }
    }
}
