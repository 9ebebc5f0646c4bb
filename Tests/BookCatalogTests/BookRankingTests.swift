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

    private static func ranked(_ text: String, _ books: [Book]) -> [String] {
        let words = SearchText.queryWords(in: text)
        let isTyping = !text.hasSuffix(" ")
        let query = words.enumerated().map { QueryWord(typed: $1, isPrefix: isTyping && $0 == words.count - 1) }
        return BookRanking.rank(books, for: query).map(\.book.title)
    }

    private static func book(
        _ title: String, by author: String = "A. Writer", series: String? = nil, ratings: Int
    ) -> Book {
        Book(
            source: "t", sourceID: title, title: title, seriesName: series, authors: [author],
            ratingsCount: ratings)
    }

    @Test("a title's leading article does not count against the position of its first word")
    func leadingArticlesAreFiledPast() {
        let books = [
            Self.book("Sisterhood Everlasting", ratings: 25_000),
            Self.book("The Sisterhood of the Traveling Pants", ratings: 525_000),
        ]
        #expect(Self.ranked("sisterhood", books).first == "The Sisterhood of the Traveling Pants")
    }

    @Test("an author's whole name finds the author's famous book before a title that names them")
    func wholeAuthorNameRanksAsATitle() {
        let books = [
            Self.book("J.R.R. Tolkien 4-Book Boxed Set", by: "J.R.R. Tolkien", ratings: 90_000),
            Self.book("The Hobbit", by: "J.R.R. Tolkien", ratings: 2_000_000),
        ]
        #expect(Self.ranked("j r r tolkien", books).first == "The Hobbit")
        #expect(Self.ranked("jrr tolkien", books).first == "The Hobbit")
        // A surname alone may be a title's word: the title still comes first.
        let hugo = [
            Self.book("Les Misérables", by: "Victor Hugo", ratings: 600_000),
            Self.book("The Invention of Hugo Cabret", ratings: 300_000),
        ]
        #expect(Self.ranked("hugo", hugo).first == "The Invention of Hugo Cabret")
    }

    @Test("between an author and a title, the title word's place does not count: popularity chooses")
    func splitMatchesStandLevelInPosition() {
        let books = [
            Self.book("Killing Floor", by: "Lee Child", ratings: 150_000),
            Self.book("To Kill a Mockingbird", by: "Harper Lee", ratings: 3_198_671),
        ]
        // Still typing "kill": both books match; the one read a million times more comes first.
        #expect(Self.ranked("lee kill", books) == ["To Kill a Mockingbird", "Killing Floor"])
        let moon = [
            Self.book("Moon Over Soho", by: "Ben Aaronovitch", ratings: 20_000),
            Self.book("Goodnight Moon", by: "Margaret Wise Brown", ratings: 300_000),
            Self.book("Moon Landing", by: "Ben Brown", ratings: 40),
        ]
        #expect(Self.ranked("brown moon", moon).first == "Goodnight Moon")
    }

    @Test("words found together in one series beat the same words split between title and series")
    func wordsWithinOneElement() {
        let books = [
            Self.book("Predestined", series: "Existence Trilogy", ratings: 33_000),
            Self.book("Existence", series: "Existence Trilogy", ratings: 51_000),
        ]
        #expect(Self.ranked("existence trilogy", books).first == "Existence")
    }

    @Test("the word still being typed is no whole word: popularity chooses between Motor and Motorcycle")
    func theLastWordIsNoWholeWord() {
        let books = [Self.book("Motor Mouth", ratings: 21_000), Self.book("Motorcycle Man", ratings: 42_000)]
        #expect(Self.ranked("motor", books).first == "Motorcycle Man")
        #expect(Self.ranked("motor ", books).first == "Motor Mouth")
    }
}
