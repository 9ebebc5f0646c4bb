import BookCatalog

/// A catalog's titles (or any names of its books), folded as search folds them
/// (``SearchText/words(in:)`` joined by spaces), to tell which queries are answerable: a title
/// several books share is ambiguous, and a cut title is the book's only when no more popular
/// book's title begins the same way.
struct TitleIndex {
    private let counts: [String: Int]
    /// Every entry's folded text as scalars, sorted, with its book's ratings count.
    private let sorted: [(title: [Unicode.Scalar], book: Int, popularity: Int)]
    private let popularity: [Int]

    /// The index of every book's title.
    init(_ books: [Book]) {
        self.init(books, names: { [$0.title] })
    }

    /// The index of the names `names` gives each book (its title and alternate titles, say).
    init(_ books: [Book], names: (Book) -> [String]) {
        let popularity = books.map { $0.ratingsCount ?? 0 }
        var counts: [String: Int] = [:]
        var entries: [(title: [Unicode.Scalar], book: Int, popularity: Int)] = []
        for (book, entry) in books.enumerated() {
            for folded in Set(names(entry).map(Self.fold)) where !folded.isEmpty { counts[folded, default: 0] += 1 }
            for folded in Set(names(entry).flatMap(Self.filedForms)) where !folded.isEmpty {
                entries.append((Array(folded.unicodeScalars), book, popularity[book]))
            }
        }
        self.popularity = popularity
        self.counts = counts
        self.sorted = entries.sorted { $0.title.lexicographicallyPrecedes($1.title) }
    }

    /// Whether more than one book goes by `name` (folded).
    func isShared(_ name: String) -> Bool { counts[Self.fold(name), default: 0] > 1 }

    /// The cuts of `title`, a name of `book` (character counts, from `minimum` on) that are
    /// answerable: the whole title, and every shorter cut whose folded form begins no other
    /// entry of a book with as many ratings or more — the book a search should put first for
    /// what was typed.
    func answerableCuts(of book: Int, title: [Character], from minimum: Int) -> [Int] {
        guard minimum <= title.count else { return [] }
        return (minimum...title.count).filter { cut in
            cut == title.count || isAnswerable(Array(Self.fold(String(title[..<cut])).unicodeScalars), for: book)
        }
    }

    /// Whether `book` is the most popular of the books with an entry that begins with `prefix`.
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

    /// The folded forms a name begins with, as the ranking reads it: whole, and without a leading
    /// article ("the liars club" also begins "liars").
    static func filedForms(_ name: String) -> [String] {
        let words = SearchText.words(in: name)
        let whole = words.joined(separator: " ")
        guard words.count > 1, SearchText.leadingArticles.contains(words[0]) else { return [whole] }
        return [whole, words.dropFirst().joined(separator: " ")]
    }

    /// The folded form of `text`: its search words joined by single spaces.
    static func fold(_ text: String) -> String { SearchText.words(in: text).joined(separator: " ") }
}
