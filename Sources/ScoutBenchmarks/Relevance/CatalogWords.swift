import BookCatalog

/// Which books hold a word (folded) in their title or authors, for author+word queries: of
/// the books holding both typed words, the intended one must be the most popular.
struct CatalogWords {
    private let booksByWord: [String: Set<Int>]
    private let popularity: [Int]

    init(_ books: [Book]) {
        var booksByWord: [String: Set<Int>] = [:]
        for (index, book) in books.enumerated() {
            for word in SearchText.words(in: book.title) + book.authors.flatMap({ SearchText.words(in: $0) }) {
                booksByWord[word, default: []].insert(index)
            }
        }
        self.booksByWord = booksByWord
        self.popularity = books.map { $0.ratingsCount ?? 0 }
    }

    /// Whether `book` has more ratings than every other book whose title and authors hold both
    /// words — the book a search should put first for them, as for a cut title. ("moon blue"
    /// for Heat-Moon's "Blue Highways" is not: "Blue Moon" is more read.)
    func isMostPopular(_ book: Int, with first: String, and second: String) -> Bool {
        let both = (booksByWord[first] ?? []).intersection(booksByWord[second] ?? [])
        return both.contains(book) && both.allSatisfy { $0 == book || popularity[$0] < popularity[book] }
    }

    /// The first author's surname as written (lowercased) and folded: the last word of the
    /// name of 3 letters or more that is no suffix; `nil` when there is none.
    static func surname(of book: Book) -> (typed: String, folded: String)? {
        guard let name = book.authors.first else { return nil }
        let tokens = SearchText.tokens(in: name).filter {
            $0.folded.count >= 3 && !suffixes.contains($0.folded) && !$0.folded.allSatisfy(\.isNumber)
        }
        guard let last = tokens.last else { return nil }
        return (String(decoding: Array(name.utf16)[last.range], as: UTF16.self).lowercased(), last.folded)
    }

    static let suffixes: Set<String> = ["jr", "sr", "iii", "phd"]
}
