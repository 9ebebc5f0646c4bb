import BookCatalog

/// Which books hold a word (folded, as the index holds it: ``SearchText/indexTokens(in:)``) in
/// any field search reads — title, alternate titles, series names, authors — so that a query is
/// answerable: of the books holding every typed word (the last one as a prefix, as it is still
/// being typed), the intended one must be the most popular.
struct CatalogWords {
    private let booksByWord: [String: [Int]]
    /// Every word of the catalog, sorted, for the books a prefix matches.
    private let sortedWords: [String]
    private let popularity: [Int]
    /// The same words by edit distance, for what a typo could mean.
    private let dictionary: TermDictionary

    /// The words of `fields` of every book: by default every field search reads.
    init(
        _ books: [Book],
        fields: (Book) -> [String] = { [$0.title] + $0.alternateTitles + $0.series.map(\.name) + $0.authors }
    ) {
        var booksByWord: [String: [Int]] = [:]
        for (index, book) in books.enumerated() {
            for word in Set(fields(book).flatMap { SearchText.indexTokens(in: $0).map(\.folded) }) {
                booksByWord[word, default: []].append(index)
            }
        }
        self.booksByWord = booksByWord
        self.sortedWords = booksByWord.keys.sorted()
        self.popularity = books.map { $0.ratingsCount ?? 0 }
        self.dictionary = TermDictionary(sortedWords)
    }

    /// Whether any book holds `word` whole.
    func contains(_ word: String) -> Bool { booksByWord[word] != nil }

    /// Whether `book` has more ratings than every other book holding every word of `typed`
    /// (``SearchText/queryWords(in:)``, the last one as a prefix) — the book a search should
    /// put first for it, as for a cut title. ("moon blue" for Heat-Moon's "Blue Highways" is
    /// not: "Blue Moon" is more read.)
    func isMostPopular(_ book: Int, for typed: String) -> Bool {
        let matching = books(holdingEvery: SearchText.queryWords(in: typed))
        return matching.contains(book) && matching.allSatisfy { $0 == book || popularity[$0] < popularity[book] }
    }

    /// Whether `book` has more ratings than every other book holding every word of `typed`
    /// within a typo each (a word of 4 letters or more, as search allows; the last one as a
    /// prefix): the book a typo query means, since another book as near and more read is what
    /// search rightly puts first ("garga de ulor" is "Garka de Ulor" as much as "Gargar de Ulor").
    func isMostPopular(_ book: Int, forTypo typed: String) -> Bool {
        let words = SearchText.queryWords(in: typed)
        var matching: Set<Int>?
        for (position, word) in words.enumerated() where matching?.isEmpty != true {
            let isLast = position == words.count - 1
            var near = books(holding: word, asPrefix: isLast)
            if word.count >= 4 {
                let found =
                    isLast
                    ? dictionary.prefixes(near: word, maxDistance: 1, limit: 100_000)
                    : dictionary.words(near: word, maxDistance: 1, limit: 100_000)
                for match in found { near.formUnion(books(holding: match.word, asPrefix: isLast)) }
            }
            matching = matching.map { $0.intersection(near) } ?? near
        }
        guard let matching else { return false }
        return matching.contains(book) && matching.allSatisfy { $0 == book || popularity[$0] < popularity[book] }
    }

    /// The books holding every word of `typed` as it stands (the last one as a prefix).
    func books(holdingEvery words: [String]) -> Set<Int> {
        guard var result = words.first.map({ books(holding: $0, asPrefix: words.count == 1) }) else { return [] }
        for (position, word) in words.enumerated().dropFirst() where !result.isEmpty {
            result.formIntersection(books(holding: word, asPrefix: position == words.count - 1))
        }
        return result
    }

    private func books(holding word: String, asPrefix: Bool) -> Set<Int> {
        guard asPrefix else { return Set(booksByWord[word] ?? []) }
        var low = 0
        var high = sortedWords.count
        while low < high {
            let middle = (low + high) / 2
            if sortedWords[middle] < word { low = middle + 1 } else { high = middle }
        }
        var result = Set<Int>()
        for candidate in sortedWords[low...] {
            guard candidate.hasPrefix(word) else { break }
            result.formUnion(booksByWord[candidate] ?? [])
        }
        return result
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
