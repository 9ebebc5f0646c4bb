/// The ranking rules of book search, the same whichever store found the books (Meilisearch's
/// bucket sort, in this order):
///
/// 1. **words** — more query words matched first; each query word uses a word of the book of
///    its own, so `gone g` does not count "Gone" twice;
/// 2. **typo** — fewer typos first;
/// 3. **proximity** — words in the typed order and next to each other first;
/// 4. **attribute** — matches in the title first, then the series, the authors, the tags;
/// 5. **position** — a match at the start of its field first;
/// 6. **exactness** — the whole title first, then more words matched whole (not as a prefix);
/// 7. **popularity** — more ratings first; then the lower id.
///
/// ```swift
/// let ranked = BookRanking.rank(candidates, for: [QueryWord(typed: "mocki", isPrefix: true)])
/// ranked.first?.book.title   // "Mockingjay", before "To Kill a Mockingbird"
/// ```
public enum BookRanking {
    /// What a gap between two matched words costs at most, and what words in different fields
    /// or elements cost.
    static let maximumGap = 7

    /// `books` in rank order for `query`, each with how it matched.
    public static func rank(_ books: [Book], for query: [QueryWord]) -> [BookMatch] {
        books.map { match($0, for: query) }.sorted { $0.ranks(before: $1) }
    }

    /// How `book` matches `query`.
    public static func match(_ book: Book, for query: [QueryWord]) -> BookMatch {
        let words = FieldWord.words(of: book)
        var used = Set<Int>()
        var chosen: [(word: FieldWord, typos: Int, isWhole: Bool, typedLength: Int)?] = []
        var previous: FieldWord?
        for queryWord in query {
            var best: (index: Int, typos: Int, isWhole: Bool, length: Int, key: [Int])?
            for (index, word) in words.enumerated() where !used.contains(index) {
                guard let (typos, isWhole, length) = queryWord.match(word.folded) else { continue }
                let key = [typos, gap(from: previous, to: word), word.field.rawValue, isWhole ? 0 : 1, word.position]
                if best.map({ key.lexicographicallyPrecedes($0.key) }) ?? true {
                    best = (index, typos, isWhole, length, key)
                }
            }
            guard let best else {
                chosen.append(nil)
                continue
            }
            used.insert(best.index)
            previous = words[best.index]
            chosen.append((words[best.index], best.typos, best.isWhole, best.length))
        }
        let matched = chosen.compactMap { $0 }
        let titleWords = words.filter { $0.field == .title }
        return BookMatch(
            book: book,
            highlights: matched.map {
                highlight(of: $0.word, isWhole: $0.isWhole, typedLength: $0.typedLength, in: book)
            },
            matchedWords: matched.count,
            typos: matched.reduce(0) { $0 + $1.typos },
            proximity: zip(chosen, chosen.dropFirst()).reduce(0) { total, pair in
                guard let first = pair.0, let second = pair.1 else { return total }
                return total + gap(from: first.word, to: second.word)
            },
            fieldScore: matched.reduce(0) { $0 + $1.word.field.rawValue },
            position: matched.first?.word.position ?? 0,
            isWholeTitle: matched.count == titleWords.count && query.count == titleWords.count
                && matched.allSatisfy { $0.word.field == .title && $0.isWhole && $0.typos == 0 },
            exactWords: matched.filter { $0.isWhole && $0.typos == 0 }.count)
    }

    /// What the distance from `previous` to `word` costs: 0 right after it, more for each word
    /// between or for reversed order, ``maximumGap`` in another field or element (or none).
    static func gap(from previous: FieldWord?, to word: FieldWord) -> Int {
        guard let previous else { return 0 }
        guard previous.field == word.field, previous.element == word.element else { return maximumGap }
        let distance = word.position - previous.position
        return min(maximumGap, distance > 0 ? distance - 1 : 1 - distance)
    }

    /// The part of `word` to highlight: all of it, or as many characters as were typed of it.
    private static func highlight(of word: FieldWord, isWhole: Bool, typedLength: Int, in book: Book)
        -> BookMatch.Highlight
    {
        var range = word.range
        if !isWhole, let text = text(of: word, in: book) {
            let utf16 = text.utf16
            let start = utf16.index(utf16.startIndex, offsetBy: range.lowerBound)
            let end = utf16.index(utf16.startIndex, offsetBy: range.upperBound)
            let typed = String(text[start..<end]).prefix(typedLength)
            range = range.lowerBound..<(range.lowerBound + typed.utf16.count)
        }
        return BookMatch.Highlight(field: word.field, element: word.element, range: range)
    }

    private static func text(of word: FieldWord, in book: Book) -> String? {
        switch word.field {
        case .title: book.title
        case .series: book.seriesName
        case .authors: book.authors.indices.contains(word.element) ? book.authors[word.element] : nil
        case .tags: book.tags.indices.contains(word.element) ? book.tags[word.element] : nil
        }
    }
}
