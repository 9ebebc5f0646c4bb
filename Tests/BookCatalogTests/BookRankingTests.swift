import BookCatalog
import Testing

@Suite("Book ranking matches", .timeLimit(.minutes(1)))
struct BookRankingTests {
    @Test("a prefix matched through a typo is marked as far as the alternative that matched reaches")
    func typoPrefixHighlight() {
        let book = Book(source: "t", sourceID: "1", title: "Mockingjay", authors: ["Suzanne Collins"])
        // Two alternatives with one typo each; only the second begins a word of the title.
        let word = QueryWord(
            typed: "mockni", isPrefix: true,
            alternatives: [.init(word: "zzzzz", typos: 1), .init(word: "mockin", typos: 1)])
        let match = BookRanking.match(book, for: [word])
        #expect(match.typos == 1 && match.matchedWords == 1)
        #expect(match.highlights.map(\.field) == [.title])
        #expect(match.highlights.map(\.range) == [0..<6])
    }
}
