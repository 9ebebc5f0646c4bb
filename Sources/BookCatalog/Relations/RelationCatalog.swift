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
/// catalog.authorMembers(catalog.author(at: 0)!)  // positions of the first book's author's books
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
    /// The books of each author number (in order of first appearance), by position in catalog
    /// order, author after author: one flat list where a list per author cost an allocation
    /// and its header for nearly every book (see ``authorMembers(_:)``).
    private let authorMemberPositions: [Int32]
    /// Per author number: where its books start in ``authorMemberPositions``; one more entry,
    /// the end.
    private let authorMemberStarts: [Int]
    /// Per position: the number of its first author's text as written (in ``authorTexts``),
    /// -1 when it has none.
    private let authorTextNumbers: [Int32]
    /// The authors' texts as written, by number: a relation's reason is written from them only
    /// for the authors of more than one book (``authorReason(at:)``), which alone relate.
    private let authorTexts: TextNumbers
    /// The numbers of the books' folded series names, each once a book in its order, book after
    /// book (see ``seriesKeys(at:)``): most books are in no series, and a list per book cost an
    /// allocation for each that is.
    private let seriesKeyList: [Int32]
    /// Per position: where its series numbers start in ``seriesKeyList``; one more entry, the end.
    private let seriesKeyStarts: [Int32]
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
        let members = Self.members(of: builder.authors, count: builder.authorCount)
        authorMemberPositions = members.positions
        authorMemberStarts = members.starts
        authorTextNumbers = builder.authorTexts
        authorTexts = builder.authorKeys.texts
        seriesKeyList = builder.seriesKeyList
        seriesKeyStarts = builder.seriesKeyStarts
        let ordered = builder.seriesMembers.map { Self.inSeriesOrder($0, ids: ids, ratings: ratings) }
        seriesMembers = ordered.map { $0.map(\.position) }
        seriesReasons = ordered.map { $0.map { RelationBuilder.seriesReason(for: $0.membership) } }
        pages = builder.pages
        tags = TagIndex(builder.tags, books: ids.count)
    }

    /// The first position of the book `id`, `nil` when no book has it.
    func position(of id: Int64) -> Int? {
        if let positionsByID { return positionsByID[id] }
        return ids.index(ofAscending: id)
    }

    /// The number of the folded first author of the book at `position`, `nil` when it has none.
    func author(at position: Int) -> Int? {
        authors[position] < 0 ? nil : Int(authors[position])
    }

    /// How many distinct (folded) first authors.
    var authorCount: Int { authorMemberStarts.count - 1 }

    /// The positions of the books of the author numbered `author`, in catalog order.
    func authorMembers(_ author: Int) -> ArraySlice<Int32> {
        authorMemberPositions[authorMemberStarts[author]..<authorMemberStarts[author + 1]]
    }

    /// The number of the first author's text as written of the book at `position`, `nil` when
    /// it has none: books naming their author alike share their ``authorReason(at:)``.
    func authorText(at position: Int) -> Int? {
        authorTextNumbers[position] < 0 ? nil : Int(authorTextNumbers[position])
    }

    /// The reason of a same-author relation to the book at `position`:
    /// `"same author: Suzanne Collins"`, its author as it names it. A new string each call:
    /// ``AuthorRanking`` writes it once per text and shares it.
    func authorReason(at position: Int) -> String {
        authorText(at: position).map { "same author: \(authorTexts.text($0).trimmingWhitespace())" } ?? "same author: "
    }

    /// The books of each of `count` authors, grouped from `authors` (an author number per
    /// position, -1 for none) by a counting sort: positions in catalog order within each.
    private static func members(of authors: [Int32], count: Int) -> (positions: [Int32], starts: [Int]) {
        var starts = [Int](repeating: 0, count: count + 1)
        for author in authors where author >= 0 { starts[Int(author) + 1] += 1 }
        for author in 0..<count { starts[author + 1] += starts[author] }
        var next = Array(starts.dropLast())
        var positions = [Int32](repeating: 0, count: starts[count])
        for (position, author) in authors.enumerated() where author >= 0 {
            positions[next[Int(author)]] = Int32(position)
            next[Int(author)] += 1
        }
        return (positions, starts)
    }

    /// The positions of the books whose ids are in `sources` (of every book for `nil`), in
    /// catalog order.
    func sourcePositions(_ sources: Set<Int64>?) -> [Int] {
        guard let sources else { return Array(indices) }
        return indices.filter { sources.contains(ids[$0]) }
    }

    /// The numbers of the folded series names of the book at `position`, each once, in the
    /// book's order.
    func seriesKeys(at position: Int) -> ArraySlice<Int32> {
        seriesKeyList[Int(seriesKeyStarts[position])..<Int(seriesKeyStarts[position + 1])]
    }

    /// Whether the books at `first` and `second` share a series.
    func shareSeries(_ first: Int, _ second: Int) -> Bool {
        let others = seriesKeys(at: second)
        return seriesKeys(at: first).contains { others.contains($0) }
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
/// Both the raw texts and their keys are held compactly (``TextNumbers``): a catalog's authors
/// are nearly all distinct, one raw text and one key a book.
struct KeyNumbers: Sendable {
    /// The raw texts as written, numbered in order of first appearance.
    private(set) var texts = TextNumbers()
    /// Per raw text number: the number of its folded key, -1 when folding leaves nothing.
    private var keyOfText: [Int32] = []
    /// The folded keys.
    private var keys = TextNumbers()

    /// How many keys are numbered.
    var count: Int { keys.count }

    /// The number of `text`'s folded key, a new one (``count`` before the call) for a key not
    /// seen yet; `nil` when folding leaves nothing.
    mutating func number(of text: String) -> Int? { numbers(of: text).key }

    /// The number of `text` as written (in ``texts``) and of its folded key, as
    /// ``number(of:)``.
    mutating func numbers(of text: String) -> (text: Int, key: Int?) {
        let (number, isNew) = texts.number(of: text)
        if isNew {
            let key = RelationBuilder.groupingKey(text).map { keys.number(of: $0).number }
            keyOfText.append(Int32(key ?? -1))
        }
        let key = keyOfText[number]
        return (number, key < 0 ? nil : Int(key))
    }
}
