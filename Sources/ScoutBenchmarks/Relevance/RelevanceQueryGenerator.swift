import BookCatalog
import ScoutTestSupport

/// Makes the relevance benchmark's queries from a catalog, with a fixed seed, so every run asks
/// the same questions: for each kind, books are drawn in a seeded shuffle (each book at most
/// once per kind) until the kind has `perKind` queries or the catalog runs out of books that
/// fit.
///
/// Every query must be answerable from what was typed:
/// - books whose title another book shares (folded) are skipped, for every kind but those made
///   of an author's name or a series name;
/// - a title is cut only where no book with as many ratings or more has a title, alternate title
///   or series name that begins the same way (the whole title always counts), so the intended
///   book is the one to put first for what was typed;
/// - queries of whole words (author+word, initials, series) must mean their book by popularity:
///   of the books holding every typed word (the last as a prefix) in any field search reads, it
///   has the most ratings, and no other book holds the words side by side near the start of one
///   title, series or author name (``isOneNameOfAnother(_:than:)``);
/// - a typo query must mean its book by popularity among the books holding every typed word
///   within a typo each (words of 4 letters or more, the last as a prefix), as search reads it;
/// - a typo that is a word of the catalog is kept only when no book holds every typed word;
/// - a series name that another book's title holds ("fever" for the Fever series, beside a book
///   called "Fever") is kept only when the intended book's title holds it too, as the ranking
///   rules put a title before a series.
///
/// ```swift
/// let queries = RelevanceQueryGenerator(books: books, seed: 13).queries(perKind: 350)
/// ```
struct RelevanceQueryGenerator {
    let books: [Book]
    let titles: TitleIndex
    var random: SplitMix64
    let words: CatalogWords
    /// The words of titles and alternate titles alone.
    let titleWords: CatalogWords

    init(books: [Book], seed: UInt64) {
        self.books = books
        self.titles = TitleIndex(books) { [$0.title] + $0.alternateTitles + $0.series.map(\.name) }
        self.random = SplitMix64(seed: seed)
        self.words = CatalogWords(books)
        self.titleWords = CatalogWords(books) { [$0.title] + $0.alternateTitles }
    }

    /// Up to `perKind` queries of each kind, kind after kind.
    mutating func queries(perKind: Int, kinds: [RelevanceQuery.Kind] = RelevanceQuery.Kind.allCases)
        -> [RelevanceQuery]
    {
        var queries: [RelevanceQuery] = []
        for kind in kinds {
            var made = 0
            for book in shuffledBooks() where made < perKind {
                guard let text = query(kind, for: book) else { continue }
                queries.append(RelevanceQuery(kind: kind, text: text, intended: books[book].sourceID))
                made += 1
            }
        }
        return queries
    }

    /// How many books have a title another book shares.
    var sharedTitles: Int { books.count(where: { titles.isShared($0.title) }) }

    /// How many books have a title with accented letters that can be typed without them.
    var accentedTitles: Int {
        books.count(where: { !titles.isShared($0.title) && AccentFolding.typedWithoutAccents($0.title) != nil })
    }

    private mutating func query(_ kind: RelevanceQuery.Kind, for book: Int) -> String? {
        let byName: Set<RelevanceQuery.Kind> = [.authorWord, .initials, .series, .originalTitle]
        if !byName.contains(kind), titles.isShared(books[book].title) { return nil }
        switch kind {
        case .prefix: return prefix(of: book)
        case .typo: return typo(in: book)
        case .authorWord: return authorWord(for: book)
        case .accentFree: return accentFree(for: book)
        case .initials: return initials(for: book)
        case .possessive: return possessive(in: book)
        case .runTogether: return runTogether(in: book)
        case .wordTypo: return wordTypo(in: book)
        case .originalTitle: return originalTitle(of: book)
        case .series: return series(of: book)
        }
    }

    /// The title cut at a random answerable point of 3 characters or more.
    private mutating func prefix(of book: Int) -> String? {
        let title = Array(books[book].title)
        guard let end = cut(of: book, title, from: 3) else { return nil }
        return String(title[..<end]).lowercased()
    }

    /// One edit in a random ASCII word of 5+ letters, the title cut at a random answerable
    /// point past that word.
    private mutating func typo(in book: Int) -> String? {
        let title = Array(books[book].title)
        let words = Self.letterRuns(in: title).filter { $0.count >= 5 && title[$0].allSatisfy(\.isASCII) }
        guard !words.isEmpty else { return nil }
        let word = words[pick(words.count)]
        guard let end = cut(of: book, title, from: max(3, word.upperBound)) else { return nil }
        let edited = Typo.edit(Array(title[word]), random: &random)
        let typed = (String(title[..<word.lowerBound]) + String(edited) + String(title[word.upperBound..<end]))
            .lowercased()
        return self.words.isMostPopular(book, forTypo: typed) ? typed : nil
    }

    /// The first author's surname and a word of the title, in either order, such that no book
    /// as popular holds both words.
    private mutating func authorWord(for book: Int) -> String? {
        guard let surname = CatalogWords.surname(of: books[book]) else { return nil }
        let first = pick(2) == 0
        return titleWord(of: book, besides: surname.folded) { word in
            first ? "\(surname.typed) \(word)" : "\(word) \(surname.typed)"
        }
    }

    /// A random word of `book`'s title (3 letters or more, no stop word or number, not
    /// `excluded`) for which `compose` makes a query that means the book, and that query.
    mutating func titleWord(of book: Int, besides excluded: String, _ compose: (String) -> String) -> String? {
        let title = books[book].title
        let candidates = SearchText.tokens(in: title).filter {
            $0.folded.count >= 3 && !Self.stopWords.contains($0.folded) && !$0.folded.allSatisfy(\.isNumber)
                && $0.folded != excluded
        }.map { String(decoding: Array(title.utf16)[$0.range], as: UTF16.self).lowercased() }
        let answerable = candidates.map(compose).filter {
            words.isMostPopular(book, for: $0) && !isOneNameOfAnother($0, than: book)
        }
        return answerable.isEmpty ? nil : answerable[pick(answerable.count)]
    }

    /// Whether a book other than `book` holds the words of `typed` side by side and in order
    /// near the start of one title, alternate title, series name or author name (the last word
    /// as a prefix; within the first four words, where the ranking's proximity rule counts them
    /// side by side): the rules rank that book first, as a reader typing a title's first words
    /// or an author's whole name means it, so the query is no question of popularity. At a
    /// million generated names ("selka ulcallin": the title "Selka Ulcallin Bridormi …" beside
    /// a book by Garmi Selka with "Ulcallin" in its title) these are common; in goodbooks-10k
    /// rare.
    func isOneNameOfAnother(_ typed: String, than book: Int) -> Bool {
        let query = SearchText.queryWords(in: typed)
        guard query.count > 1 else { return false }
        for other in words.books(holdingEvery: query) where other != book {
            let found = books[other]
            for element in [found.title] + found.alternateTitles + found.series.map(\.name) + found.authors {
                var tokens = SearchText.words(in: element)
                if let first = tokens.first, SearchText.leadingArticles.contains(first) { tokens.removeFirst() }
                for start in tokens.indices.prefix(4) where start + query.count <= tokens.count {
                    let run = tokens[start..<(start + query.count)]
                    if zip(run, query).enumerated().allSatisfy({ index, pair in
                        index == query.count - 1 ? pair.0.hasPrefix(pair.1) : pair.0 == pair.1
                    }) {
                        return true
                    }
                }
            }
        }
        return false
    }

    /// The title without its accents, cut at a random answerable point past its first
    /// accented letter.
    private mutating func accentFree(for book: Int) -> String? {
        let title = Array(books[book].title)
        guard let plain = AccentFolding.typedWithoutAccents(books[book].title).map(Array.init),
            plain.count == title.count, let accent = title.indices.first(where: { title[$0] != plain[$0] }),
            let end = cut(of: book, title, from: max(3, accent + 1))
        else { return nil }
        return String(plain[..<end]).lowercased()
    }

    /// A random answerable cut of `title` (see ``TitleIndex/answerableCuts(of:title:from:)``)
    /// of `minimum` characters or more, or `nil` when it is too short.
    mutating func cut(of book: Int, _ title: [Character], from minimum: Int) -> Int? {
        let cuts = titles.answerableCuts(of: book, title: title, from: minimum)
        return cuts.isEmpty ? nil : cuts[pick(cuts.count)]
    }

    mutating func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }

    /// The catalog's book indices in a seeded Fisher–Yates shuffle (spelled out, so the order
    /// does not depend on the standard library's algorithm).
    private mutating func shuffledBooks() -> [Int] {
        var order = Array(books.indices)
        for index in order.indices.reversed() where index > 0 {
            order.swapAt(index, pick(index + 1))
        }
        return order
    }

    /// Ranges of letters in `title`.
    static func letterRuns(in title: [Character]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for (index, character) in title.enumerated() {
            if character.isLetter {
                start = start ?? index
            } else if let first = start {
                runs.append(first..<index)
                start = nil
            }
        }
        if let first = start { runs.append(first..<title.count) }
        return runs
    }

    /// Words people leave out when they pick a word of a title to type.
    static let stopWords: Set<String> = [
        "the", "and", "for", "with", "from", "into", "your", "you", "are", "was", "not", "but", "all", "its", "our",
        "les", "las", "los", "der", "die", "das", "und", "del", "una", "uno",
    ]
}
