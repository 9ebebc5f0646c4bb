import BookCatalog
import ScoutTestSupport
import Testing

/// Queries as people type them — words of a title or author, the last cut short, some with a
/// typo — against every store: each result matches every query word (exactly, by prefix for the
/// last, or within its typo budget), and the book the words came from is found.
extension BookStoreContract {
    @Test(arguments: StoreKind.available, SearchPath.allCases)
    func everyResultMatchesEveryTypedWord(kind: StoreKind, path: SearchPath) async throws {
        try await kind.withStore { store throws in
            let shelf = Self.rankingShelf + SampleBooks.all
            _ = try await store.upsert(shelf)
            var random = SplitMix64(seed: 0x7E9ED)
            for _ in 0..<400 {
                let book = shelf[Int(random.next() % UInt64(shelf.count))]
                let query = Self.typedQuery(from: book, random: &random)
                let results = try await path.search(query, limit: 50, in: store)
                let words = SearchText.queryWords(in: query)
                let lastIsPrefix = SearchText.exactQuery(query)?.terms.last?.isPrefix ?? false
                for result in results {
                    #expect(
                        Self.matchesEveryWord(words, lastIsPrefix: lastIsPrefix, in: result),
                        "\(kind) \(path) \"\(query)\" → \(result.title)")
                }
                #expect(
                    results.contains { $0.title == book.title },
                    "\(kind) \(path) \"\(query)\" did not find \(book.title)")
            }
        }
    }

    /// One to three consecutive words of the book's title or first author; the last cut at a
    /// random point, or finished with a space; then one word of five letters or more may get a
    /// typo (neighbours swapped), as typo tolerance allows.
    private static func typedQuery(from book: Book, random: inout SplitMix64) -> String {
        let field = random.next() % 3 == 0 ? book.authors.first ?? book.title : book.title
        let words = SearchText.words(in: field)
        let start = Int(random.next() % UInt64(words.count))
        var chosen = Array(words[start..<min(words.count, start + 1 + Int(random.next() % 3))])
        let isFinished = random.next() % 2 == 0
        if !isFinished {
            let last = chosen.removeLast()
            chosen.append(String(last.prefix(1 + Int(random.next() % UInt64(last.count)))))
        }
        if let index = chosen.indices.randomElement(using: &random), chosen[index].count >= 5, random.next() % 3 == 0 {
            var letters = Array(chosen[index])
            let at = Int(random.next() % UInt64(letters.count - 1)) + 1
            letters.swapAt(at - 1, at)
            chosen[index] = String(letters)
        }
        return chosen.joined(separator: " ") + (isFinished ? " " : "")
    }

    private static func matchesEveryWord(_ words: [String], lastIsPrefix: Bool, in book: Book) -> Bool {
        let document = ([book.title] + book.series.map(\.name) + book.authors).flatMap {
            SearchText.indexTokens(in: $0).map(\.folded)
        }
        return words.enumerated().allSatisfy { offset, word in
            let budget = TypoTolerance.allowedTypos(in: word)
            let isPrefix = lastIsPrefix && offset == words.count - 1
            return document.contains { candidate in
                let forms = isPrefix ? (1...candidate.count).map { String(candidate.prefix($0)) } : [candidate]
                return forms.contains { EditDistance.optimalStringAlignment(Array(word), Array($0)) <= budget }
            }
        }
    }
}
