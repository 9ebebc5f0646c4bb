import BookCatalog

/// The catalog's titles, folded as search folds them (``SearchText/words(in:)`` joined by
/// spaces), to tell which queries are answerable: a title several books share is ambiguous, and
/// a cut title is the book's only when no more popular book's title begins the same way.
struct TitleIndex {
    /// Per book, its folded title.
    let folded: [String]
    private let counts: [String: Int]
    /// Every book's folded title as scalars, sorted, with the book's ratings count.
    private let sorted: [(title: [Unicode.Scalar], book: Int, popularity: Int)]
    private let popularity: [Int]

    init(_ books: [Book]) {
        let folded = books.map { Self.fold($0.title) }
        let popularity = books.map { $0.ratingsCount ?? 0 }
        self.folded = folded
        self.popularity = popularity
        self.counts = folded.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
        self.sorted = folded.enumerated().map { (Array($1.unicodeScalars), $0, popularity[$0]) }
            .sorted { $0.title.lexicographicallyPrecedes($1.title) }
    }

    /// Whether another book has the same folded title.
    func isDuplicated(_ book: Int) -> Bool { counts[folded[book], default: 0] > 1 }

    /// The cuts of `book`'s title (character counts, from `minimum` on) that are answerable:
    /// the whole title, and every shorter cut whose folded form begins no other title of a book
    /// with as many ratings or more — the book a search should put first for what was typed.
    func answerableCuts(of book: Int, title: [Character], from minimum: Int) -> [Int] {
        guard minimum <= title.count else { return [] }
        return (minimum...title.count).filter { cut in
            cut == title.count || isAnswerable(Array(Self.fold(String(title[..<cut])).unicodeScalars), for: book)
        }
    }

    /// Whether `book` is the most popular of the books whose folded title begins with `prefix`.
    private func isAnswerable(_ prefix: [Unicode.Scalar], for book: Int) -> Bool {
        guard !prefix.isEmpty else { return false }
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle].title.lexicographicallyPrecedes(prefix) { low = middle + 1 } else { high = middle }
        }
        for entry in sorted[low...] {
            guard entry.title.starts(with: prefix) else { break }
            if entry.book != book, entry.popularity >= popularity[book] { return false }
        }
        return true
    }

    /// The folded form of `text`: its search words joined by single spaces.
    static func fold(_ text: String) -> String { SearchText.words(in: text).joined(separator: " ") }
}
