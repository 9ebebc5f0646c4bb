/// The ranking rules of book search, the same whichever store found the books (Meilisearch's
/// bucket sort, in this order):
///
/// 1. **words** — more query words matched first; each query word uses a word of the book of
///    its own, so `gone g` does not count "Gone" twice;
/// 2. **typo** — fewer typos first;
/// 3. **proximity** — words in the typed order and next to each other first;
/// 4. **attribute** — matches in the title first, then the series, the authors, the tags;
///    words split between the authors and the title ("collins hunger") count as a title match
///    of all of them, one step apart in rule 3 (level with the same words deep in a long title,
///    after them side by side at a title's start), so the book they name ranks above a
///    companion whose subtitle names the author; so does a query that is one author's whole
///    name ("j r r tolkien"), so that author's books are not beaten by a title naming them;
/// 5. **position** — a match at the start of a title first (where the first title word
///    matched stands in its title or alternate title, a leading article not counted; the
///    first matched word's place in its series or author name when none is in a title); words
///    split between the authors and the title all stand level here;
/// 6. **exactness** — the whole title first, then more words matched whole (not as a prefix;
///    the last word, while it is still being typed, counts as no whole word);
///    a word matched through a typo counts as whole when all of it matched, since the typo
///    rule already weighed the typo;
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

    /// How `book` matches `query`: the better of the words chosen one by one across its fields
    /// and, for a query of several words, the words chosen within one element (a title, a
    /// series, an author) that holds them all — so "existence trilogy" finds "Existence"
    /// through its series "Existence Trilogy" as its sequels do, rather than its title's
    /// "Existence" and a series word seven steps away.
    public static func match(_ book: Book, for query: [QueryWord]) -> BookMatch {
        let words = FieldWord.words(of: book)
        var best = measure(book, query, words, chosen: choose(query, in: words))
        guard query.count > 1, best.proximity > 0 || best.fieldScore > 0 else { return best }
        var elements = Set<ElementKey>()
        for word in words where elements.insert(ElementKey(field: word.field, element: word.element)).inserted {
            let chosen = choose(query, in: words) { $0.field == word.field && $0.element == word.element }
            guard chosen.allSatisfy({ $0 != nil }) else { continue }
            let within = measure(book, query, words, chosen: chosen)
            if within.ranks(before: best) { best = within }
        }
        return best
    }

    private struct ElementKey: Hashable {
        let field: BookField
        let element: Int
    }

    /// For each query word, the book word it matches best (fewest typos, nearest the word
    /// before, the better field, whole, earliest), each book word taken once, among `words`
    /// that `isAllowed`; `nil` for a query word that matches none.
    private static func choose(
        _ query: [QueryWord], in words: [FieldWord], where isAllowed: (FieldWord) -> Bool = { _ in true }
    ) -> [Chosen?] {
        // The parts of each book word that query words took: all of it for a word of an
        // alphabet, the characters matched for a CJK word (which several query words may share).
        var used = [[Range<Int>]](repeating: [], count: words.count)
        var chosen: [Chosen?] = []
        var previous: FieldWord?
        for queryWord in query {
            // A tuple, not an array: this runs for every word of every candidate, and an array
            // would be allocated each time.
            var best: (index: Int, chosen: Chosen, key: (Int, Int, Int, Int, Int))?
            for (index, word) in words.enumerated() where isAllowed(word) {
                guard let match = queryWord.match(word.folded, avoiding: used[index]) else { continue }
                let candidate = Chosen(word: word, match: match)
                let key = (
                    match.typos, gap(from: previous, to: word), word.field.rawValue, match.isWhole ? 0 : 1,
                    candidate.position
                )
                if best.map({ key < $0.key }) ?? true {
                    best = (index, candidate, key)
                }
            }
            guard let best else {
                chosen.append(nil)
                continue
            }
            used[best.index].append(queryWord.isCJK ? best.chosen.match.span : 0..<Int.max)
            previous = best.chosen.word
            chosen.append(best.chosen)
        }
        return chosen
    }

    /// The measures the rules compare for `book` matched by `chosen`.
    private static func measure(_ book: Book, _ query: [QueryWord], _ words: [FieldWord], chosen: [Chosen?])
        -> BookMatch
    {
        let matched = chosen.compactMap { $0 }
        // Words split between an author and a title ("collins hunger", "tolkien hobbit"): the
        // book ranks as a title match of all its words would, so the famous book is not beaten
        // by a companion whose title names the author.
        let isAuthorAndTitle = Set(matched.map(\.word.field)) == [.title, .authors]
        let isAuthorName = isWholeAuthorName(matched, of: query, in: words)
        // A title match of several words that starts deep in a long title (a subtitle that
        // names an author, "… on Suzanne Collins' Hunger Games") is one step further than the
        // same words at the title's start, as far as an author-and-title split.
        let titlePosition = matched.filter { $0.word.field == .title }.map(\.position).min()
        let isDeepTitleMatch =
            matched.count > 1 && matched.allSatisfy { $0.word.field == .title }
            && (titlePosition ?? 0) >= Self.deepTitlePosition
        // The whole of one title: the title itself or one of its alternates.
        let wholeElement = matched.first?.word.element ?? 0
        let titleWordCount = words.filter {
            $0.field == .title && $0.element == wholeElement && $0.parts == 1
                && ($0.isForm == (wholeElement >= FieldWord.readingElements))
        }.count
        return BookMatch(
            book: book,
            // Words of one reading mark the same written text: once.
            highlights: matched.map { highlight(of: $0.word, span: $0.match.span, in: book) }.reduce(into: []) {
                if !$0.contains($1) { $0.append($1) }
            },
            matchedWords: matched.count,
            typos: matched.reduce(0) { $0 + $1.match.typos },
            proximity: zip(chosen, chosen.dropFirst()).reduce(isDeepTitleMatch ? 1 : 0) { total, pair in
                guard let first = pair.0, let second = pair.1 else { return total }
                // Between an author and a title, the commonest way to look a book up, words
                // stand one step apart: after the same words side by side at a title's start,
                // level with them deep in a title.
                return total
                    + (isAuthorAndTitle
                        ? splitGap(from: first.word, to: second.word) : gap(from: first.word, to: second.word))
            },
            fieldScore: matched.reduce(0) { $0 + (isAuthorAndTitle || isAuthorName ? 0 : $1.word.field.rawValue) },
            // Split between an author and a title, the title word's place says little (the reader
            // picked a word of the title they remember, not its first): all such books stand
            // level, and exactness and popularity choose ("lee kill": To Kill a Mockingbird before
            // Killing Floor).
            position: isAuthorAndTitle ? 0 : (titlePosition ?? matched.first?.position) ?? 0,
            isWholeTitle: matched.count == query.count
                && matched.reduce(0) { $0 + $1.word.parts } == titleWordCount
                && matched.allSatisfy { $0.word.field == .title && $0.word.element == wholeElement && $0.match.isWhole },
            // The word still being typed is no whole word yet: "motor" finds "Motorcycle Man" as
            // well as "Motor Mouth", and popularity chooses.
            exactWords: zip(query, chosen).count { $1?.match.isWhole == true && !$0.isPrefix },
            spelledAs: zip(query, chosen).compactMap { word, chosen in
                guard let chosen else { return nil }
                guard chosen.match.typos > 0, !word.isCJK else { return word.typed }
                // A word matched whole reads as the book writes it ("there's", not "theres").
                if chosen.match.isWhole, let written = writtenText(of: chosen.word, in: book) { return written }
                return String(chosen.word.folded.prefix(chosen.match.isWhole ? Int.max : chosen.match.span.upperBound))
            })
    }

    /// A book word a query word matched, and how.
    private struct Chosen {
        let word: FieldWord
        let match: QueryWord.WordMatch

        /// The word's place in its element, one further when the match starts inside it (a CJK
        /// word's middle), so a title that begins with what was typed comes first.
        var position: Int { word.placeInElement + (match.span.lowerBound > 0 ? 1 : 0) }
    }

    /// Whether every query word, two or more, matched one author's name, its last word (the
    /// surname) among them — "j r r tolkien", "e b white": the reader wants that author's books
    /// (a surname alone, "hugo", may as well be a title's word), which then
    /// rank as a title match would, so a title that only names the author ("J.R.R. Tolkien
    /// 4-Book Boxed Set", "Extra Yarn (E. B. White Read-Aloud Award)") does not come first.
    private static func isWholeAuthorName(_ matched: [Chosen], of query: [QueryWord], in words: [FieldWord]) -> Bool {
        guard let first = matched.first, query.count > 1, matched.count == query.count,
            matched.allSatisfy({ $0.word.field == .authors && $0.word.element == first.word.element })
        else { return false }
        let nameEnd = words.lazy.filter { $0.field == .authors && $0.element == first.word.element }
            .map(\.lastPosition).max()
        return matched.contains { $0.word.lastPosition == nameEnd }
    }

    /// Where a title match counts as deep in its title: past its first four words.
    static let deepTitlePosition = 4

    /// ``gap(from:to:)``, except that going between the title and the authors costs one step.
    static func splitGap(from previous: FieldWord, to word: FieldWord) -> Int {
        previous.field != word.field && [previous.field, word.field].allSatisfy { $0 == .title || $0 == .authors }
            ? 1 : gap(from: previous, to: word)
    }

    /// What the distance from `previous` to `word` costs: 0 right after it, more for each word
    /// between or for reversed order, ``maximumGap`` in another field or element (or none).
    static func gap(from previous: FieldWord?, to word: FieldWord) -> Int {
        guard let previous else { return 0 }
        guard previous.field == word.field, previous.element == word.element else { return maximumGap }
        let distance = word.position - previous.lastPosition
        return min(maximumGap, distance > 0 ? distance - 1 : 1 - distance)
    }

    /// The part of `word` to highlight: the characters `span` of its folded form covers, counted
    /// in the original text (folding keeps one character one character, half-width kana with
    /// their sound marks included). A joined word's text holds what stands between its parts
    /// (the apostrophe of "Ender's", the dots of "J.K."), which its folded form does not: only
    /// its letters and digits are counted.
    private static func highlight(of word: FieldWord, span: Range<Int>, in book: Book) -> BookMatch.Highlight {
        var range = word.range
        if word.isForm, word.element < FieldWord.readingElements, let text = text(of: word, in: book) {
            // A Hangul word's letters: the syllables they spell.
            let utf16 = Array(text.utf16)
            let written = String(decoding: utf16[word.range], as: UTF16.self)
            let covered = written.prefix(Hangul.characters(in: written, spelledBy: span.upperBound))
            range = word.range.lowerBound..<(word.range.lowerBound + covered.utf16.count)
        } else if !word.isForm, let text = text(of: word, in: book) {
            let utf16 = text.utf16
            let start = utf16.index(utf16.startIndex, offsetBy: range.lowerBound)
            let end = utf16.index(utf16.startIndex, offsetBy: range.upperBound)
            let original = text[start..<end]
            let counted = original.indices.filter { word.parts == 1 || original[$0].isLetter || original[$0].isNumber }
            if !counted.isEmpty, span.lowerBound > 0 || span.count < counted.count {
                let first = counted[min(span.lowerBound, counted.count - 1)]
                let last = counted[min(max(span.upperBound, span.lowerBound + 1), counted.count) - 1]
                let before = original[..<first].utf16.count
                let covered = original[first...last].utf16.count
                range = (range.lowerBound + before)..<(range.lowerBound + before + covered)
            }
        }
        return BookMatch.Highlight(field: word.field, element: word.written, range: range)
    }

    /// `word` as its field writes it, lowercased; `nil` when it is not there to read.
    private static func writtenText(of word: FieldWord, in book: Book) -> String? {
        guard let text = text(of: word, in: book) else { return nil }
        let utf16 = Array(text.utf16)
        guard word.range.upperBound <= utf16.count else { return nil }
        return String(decoding: utf16[word.range], as: UTF16.self).lowercased()
    }

    private static func text(of word: FieldWord, in book: Book) -> String? {
        let element = word.written
        switch word.field {
        case .title:
            return element == 0
                ? book.title
                : book.alternateTitles.indices.contains(element - 1) ? book.alternateTitles[element - 1] : nil
        case .series: return book.series.indices.contains(element) ? book.series[element].name : nil
        case .authors: return book.authors.indices.contains(element) ? book.authors[element] : nil
        case .tags: return book.tags.indices.contains(element) ? book.tags[element] : nil
        }
    }
}
