/// The catalog as every relation rule reads it, grouped in one pass: each distinct author,
/// series name and tag is folded once (``RelationBuilder/groupingKey(_:)`` is the costly part of a
/// rebuild, and a catalog repeats the same few thousand tags millions of times) and numbered, and
/// the books of each author and series are listed by number.
///
/// ```swift
/// let catalog = RelationCatalog(subjects)
/// catalog.authorMembers[catalog.authors[0]!]  // positions of the first book's author's books
/// ```
struct RelationCatalog: Sendable {
    /// A book's place in one series' list.
    struct SeriesEntry: Sendable {
        let position: Int
        let membership: SeriesMembership
    }

    /// The books, by position.
    let subjects: [RelationSubject]
    /// Store id → position (the first, should an id repeat).
    let positions: [Int64: Int]
    /// Per position: the number of its folded first author, `nil` when it has none.
    let authors: [Int?]
    /// Per author number (in order of first appearance): its books' positions, in catalog order.
    let authorMembers: [[Int]]
    /// Per position: the numbers of its folded series names, each once, in the book's order.
    let seriesKeys: [[Int]]
    /// Per series number: its books in series order (see ``RelationCatalog/inSeriesOrder(_:)``).
    let seriesMembers: [[SeriesEntry]]
    /// Per series number: the reason of a relation to each of ``seriesMembers`` (in its order),
    /// written once per book and series, not once per relation: every book of a series points
    /// at each other, and the relations share the one string.
    let seriesReasons: [[String]]
    /// The books' tags as TF-IDF vectors and impact-ordered postings.
    let tags: TagIndex

    init(_ subjects: [RelationSubject]) {
        self.subjects = subjects
        positions = Dictionary(
            subjects.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var authorKeys = KeyNumbers()
        var authors: [Int?] = []
        var authorMembers: [[Int]] = []
        var seriesNumbers = KeyNumbers()
        var seriesKeys: [[Int]] = []
        var seriesMembers: [[SeriesEntry]] = []
        authors.reserveCapacity(subjects.count)
        seriesKeys.reserveCapacity(subjects.count)
        for (position, subject) in subjects.enumerated() {
            let author = subject.firstAuthor.flatMap { authorKeys.number(of: $0) }
            if let author {
                if author == authorMembers.count { authorMembers.append([]) }
                authorMembers[author].append(position)
            }
            authors.append(author)
            var keys: [Int] = []
            for membership in subject.series {
                guard let key = seriesNumbers.number(of: membership.name) else { continue }
                if key == seriesMembers.count { seriesMembers.append([]) }
                seriesMembers[key].append(SeriesEntry(position: position, membership: membership))
                if !keys.contains(key) { keys.append(key) }
            }
            seriesKeys.append(keys)
        }
        self.authors = authors
        self.authorMembers = authorMembers
        self.seriesKeys = seriesKeys
        let ordered = seriesMembers.map { Self.inSeriesOrder($0, subjects) }
        self.seriesMembers = ordered
        seriesReasons = ordered.map { $0.map { RelationBuilder.seriesReason(for: $0.membership) } }
        tags = TagIndex(subjects: subjects)
    }

    /// The positions of the books whose ids are in `sources` (of every book for `nil`), in
    /// catalog order.
    func sourcePositions(_ sources: Set<Int64>?) -> [Int] {
        guard let sources else { return Array(subjects.indices) }
        return subjects.indices.filter { sources.contains(subjects[$0].id) }
    }

    /// Whether the books at `first` and `second` share a series.
    func shareSeries(_ first: Int, _ second: Int) -> Bool {
        seriesKeys[first].contains { seriesKeys[second].contains($0) }
    }

    /// `entries` in series order: ``SeriesMembership/precedesInSeries(_:)``, ties to the book
    /// with more ratings, then the lower id.
    private static func inSeriesOrder(_ entries: [SeriesEntry], _ subjects: [RelationSubject]) -> [SeriesEntry] {
        entries.sorted { lhs, rhs in
            if lhs.membership.precedesInSeries(rhs.membership) { return true }
            if rhs.membership.precedesInSeries(lhs.membership) { return false }
            let (left, right) = (subjects[lhs.position], subjects[rhs.position])
            let (leftRatings, rightRatings) = (left.ratingsCount ?? 0, right.ratingsCount ?? 0)
            if leftRatings != rightRatings { return leftRatings > rightRatings }
            return left.id < right.id
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
