/// The catalog as every relation rule reads it, grouped in one pass and kept compact: each
/// book is a position in flat arrays (its id, ratings count, author and series numbers, tags as
/// numbers), each distinct author, series name and tag is folded once
/// (``RelationBuilder/groupingKey(_:)`` is the costly part of a rebuild, and a catalog repeats
/// the same few thousand tags millions of times) and numbered, and the books of each author and
/// series are listed by position. The subjects themselves are not kept: a store hands them over
/// a page at a time (``RelationCatalog/Builder``), so a rebuild of a million books never holds
/// their strings, arrays and URLs all at once.
///
/// ```swift
/// let catalog = RelationCatalog(subjects)
/// catalog.authorMembers[catalog.author(at: 0)!]  // positions of the first book's author's books
/// ```
struct RelationCatalog: Sendable {
    /// Per position: the book's store id.
    let ids: [Int64]
    /// Per position: the book's ratings count, 0 when it has none (how every rule reads it).
    let ratings: [Int]
    /// Store id → first position, for ids not in ascending order; `nil` when they are (a
    /// store's, read `ORDER BY id`), and ``position(of:)`` searches ``ids`` instead of holding a
    /// dictionary of a million entries.
    private let positionsByID: [Int64: Int]?
    /// Per position: the number of its folded first author, -1 when it has none.
    private let authors: [Int32]
    /// Per author number (in order of first appearance): its books' positions, in catalog order.
    let authorMembers: [[Int]]
    /// Per position: the number of its first author's text as written (in ``authorReasons``),
    /// -1 when it has none.
    private let authorTexts: [Int32]
    /// Per distinct author text: the reason of a relation to a book naming it,
    /// `"same author: Suzanne Collins"`, written once per text, not once per book.
    private let authorReasons: [String]
    /// Per position: the numbers of its folded series names, each once, in the book's order.
    let seriesKeys: [[Int]]
    /// Per series number: its books' positions in series order (see ``Builder``).
    let seriesMembers: [[Int]]
    /// Per series number: the reason of a relation to each of ``seriesMembers`` (in its order),
    /// written once per book and series, not once per relation: every book of a series points
    /// at each other, and the relations share the one string.
    let seriesReasons: [[String]]
    /// Per position: its page (``RelationBuilder/linkKey(_:)`` of ``RelationSubject/sourceURL``)
    /// when the catalog was built keeping pages, which only the listed-similar rule reads;
    /// empty otherwise.
    let pages: [String?]
    /// The books' tags as TF-IDF vectors and impact-ordered postings.
    let tags: TagIndex

    /// How many books.
    var count: Int { ids.count }
    /// Every position.
    var indices: Range<Int> { ids.indices }

    /// The catalog of `subjects`, pages kept: `RelationCatalog(subjects)`.
    init(_ subjects: [RelationSubject]) {
        var builder = Builder(keepsPages: true)
        for subject in subjects { builder.add(subject) }
        self.init(builder)
    }

    /// The catalog `builder` was given.
    init(_ builder: consuming Builder) {
        let ids = builder.ids
        let ratings = builder.ratings
        self.ids = ids
        self.ratings = ratings
        let ascending = zip(ids, ids.dropFirst()).allSatisfy { $0 <= $1 }
        positionsByID =
            ascending ? nil : Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        authors = builder.authors
        authorMembers = builder.authorMembers
        authorTexts = builder.authorTexts
        authorReasons = builder.authorReasons
        seriesKeys = builder.seriesKeys
        let ordered = builder.seriesMembers.map { Self.inSeriesOrder($0, ids: ids, ratings: ratings) }
        seriesMembers = ordered.map { $0.map(\.position) }
        seriesReasons = ordered.map { $0.map { RelationBuilder.seriesReason(for: $0.membership) } }
        pages = builder.pages
        tags = TagIndex(builder.tags, books: ids.count)
    }

    /// The first position of the book `id`, `nil` when no book has it.
    func position(of id: Int64) -> Int? {
        if let positionsByID { return positionsByID[id] }
        var (low, high) = (0, ids.count)
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && ids[low] == id ? low : nil
    }

    /// The number of the folded first author of the book at `position`, `nil` when it has none.
    func author(at position: Int) -> Int? {
        authors[position] < 0 ? nil : Int(authors[position])
    }

    /// The reason of a same-author relation to the book at `position`:
    /// `"same author: Suzanne Collins"`, its author as it names it.
    func authorReason(at position: Int) -> String {
        authorTexts[position] < 0 ? "same author: " : authorReasons[Int(authorTexts[position])]
    }

    /// The positions of the books whose ids are in `sources` (of every book for `nil`), in
    /// catalog order.
    func sourcePositions(_ sources: Set<Int64>?) -> [Int] {
        guard let sources else { return Array(indices) }
        return indices.filter { sources.contains(ids[$0]) }
    }

    /// Whether the books at `first` and `second` share a series.
    func shareSeries(_ first: Int, _ second: Int) -> Bool {
        seriesKeys[first].contains { seriesKeys[second].contains($0) }
    }

    /// `entries` in series order: ``SeriesMembership/precedesInSeries(_:)``, ties to the book
    /// with more ratings, then the lower id.
    private static func inSeriesOrder(_ entries: [Builder.SeriesEntry], ids: [Int64], ratings: [Int])
        -> [Builder.SeriesEntry]
    {
        entries.sorted { lhs, rhs in
            if lhs.membership.precedesInSeries(rhs.membership) { return true }
            if rhs.membership.precedesInSeries(lhs.membership) { return false }
            let (leftRatings, rightRatings) = (ratings[lhs.position], ratings[rhs.position])
            if leftRatings != rightRatings { return leftRatings > rightRatings }
            return ids[lhs.position] < ids[rhs.position]
        }
    }
}

/// Numbers for folded texts, in order of first appearance, folding each distinct raw text once.
struct KeyNumbers {
    /// Raw text → its number (`nil`: nothing left once folded).
    private var byText: [String: Int?] = [:]
    /// Folded key → number.
    private var byKey: [String: Int] = [:]

    /// How many keys are numbered.
    var count: Int { byKey.count }

    /// The number of `text`'s folded key, a new one (``count`` before the call) for a key not
    /// seen yet; `nil` when folding leaves nothing.
    mutating func number(of text: String) -> Int? {
        if let known = byText[text] { return known }
        let number = RelationBuilder.groupingKey(text).map { key in
            byKey[key]
                ?? {
                    byKey[key] = byKey.count
                    return byKey.count - 1
                }()
        }
        byText[text] = number
        return number
    }
}
