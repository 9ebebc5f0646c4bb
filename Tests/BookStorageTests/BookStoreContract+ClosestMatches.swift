import BookCatalog
import Testing

/// When no book matches every word, the closest matches — the books with all the words but the
/// last one that lets any be found — come marked with the word left out, never "nothing"; on
/// both stores and both candidate paths, and their pages are as exact as any.
extension BookStoreContract {
    @Test(arguments: StoreKind.available, SearchPath.allCases)
    func withoutABookOfEveryWordTheClosestMatchesSaySo(kind: StoreKind, path: SearchPath) async throws {
        try await kind.withStore { store throws in
            _ = try await store.upsert(Self.famousShelf)
            let storePath = TypoTolerance(indexesBooks: false)
            if path == .memory { try await store.prepareSearch() }
            func page(_ text: String, offset: Int = 0, limit: Int = 10) async throws -> BookSearchPage {
                switch path {
                case .store: try await storePath.rankedPage(text, offset: offset, limit: limit, in: store)
                case .memory: try await store.rankedPage(text, offset: offset, limit: limit)
                }
            }
            let hobbit = try await page("tolkien hobbit zqxwv")
            #expect(hobbit.missingWords == ["zqxwv"])
            #expect(hobbit.matches.first?.book.title == "The Hobbit")
            // The word left out is the last one whose absence finds books, wherever it stands.
            let first = try await page("zqxwv hunger games")
            #expect(first.missingWords == ["zqxwv"] && first.matches.first?.book.title == "The Hunger Games")
            // Every word matching: nothing is missing.
            #expect(try await page("tolkien hobbit").missingWords.isEmpty)
            // No word matching anywhere: nothing at all.
            let none = try await page("zqxwv qqqqqq")
            #expect(none.matches.isEmpty && none.total == 0)
            // The closest matches page like any search.
            let whole = try await page("the zqxwv", limit: 200)
            var paged: [Int64] = []
            var offset: Int? = 0
            while let start = offset {
                let next = try await page("the zqxwv", offset: start, limit: 2)
                #expect(next.missingWords == ["zqxwv"])
                paged += next.matches.map(\.book.id)
                offset = next.nextOffset
            }
            #expect(paged == whole.matches.map(\.book.id) && paged.count == whole.total && whole.total > 2)
        }
    }
}
