import Foundation

extension RelationBuilder {
    /// How far past its ``limit`` one book's walk down its author's books (best first) goes
    /// while skipping books it shares a series with: the hostile bound that keeps an "author"
    /// of a million books linear. A book with more of its own series among its author's best
    /// gets fewer same-author relations than ``limit``.
    ///
    /// ```swift
    /// RelationBuilder.maximumAuthorSkips  // 1000
    /// ```
    public static let maximumAuthorSkips = 1000

    /// Relations between books with the same (folded) first author that share no series (those
    /// are related as same series), the best ``limit`` per book (from
    /// `sources` only, when given), scored by the target's ratings count: `log(1 + n)`
    /// over `log(1 + max)` of `books`, so 0…1.
    ///
    /// ```swift
    /// RelationBuilder().sameAuthor(among: books).first?.reason  // "same author: Suzanne Collins"
    /// ```
    public func sameAuthor(among books: [Book], from sources: Set<Int64>? = nil) -> [Relation] {
        sameAuthor(in: RelationCatalog(books.map(RelationSubject.init)), from: sources)
    }

    /// ``sameAuthor(among:from:)`` over `catalog`.
    func sameAuthor(in catalog: RelationCatalog, from sources: Set<Int64>?) -> [Relation] {
        sameAuthor(in: catalog, ranking: AuthorRanking(catalog), at: catalog.sourcePositions(sources))
    }

    /// The same-author relations from the books at `positions` (in `catalog`), in that order.
    /// The score depends on the target alone, so each author's books are ranked once
    /// (``AuthorRanking``) and each book takes the first ``limit`` of its author's list it shares
    /// no series with: linear in the group, not square.
    func sameAuthor(in catalog: RelationCatalog, ranking: AuthorRanking, at positions: some Sequence<Int>)
        -> [Relation]
    {
        let ids = catalog.ids
        var relations: [Relation] = []
        for from in positions {
            guard let author = catalog.author(at: from), let ranked = ranking.ranked[author] else { continue }
            var kept = 0
            var skipped = 0
            for target in ranked {
                if kept == limit || skipped > Self.maximumAuthorSkips { break }
                guard ids[target.position] != ids[from], !catalog.shareSeries(from, target.position) else {
                    skipped += 1
                    continue
                }
                kept += 1
                relations.append(
                    Relation(
                        kind: .sameAuthor, from: ids[from], to: ids[target.position], score: target.score,
                        reason: target.reason))
            }
        }
        return relations
    }
}

/// Every author's books (of authors with more than one) ranked once, best first, as
/// ``RelationBuilder/strongest(_:)`` ranks: score (the book's ratings count on a log scale, 0…1
/// over the catalog), then ratings, then the lower id; with the reason of a relation to each
/// book, written once per book rather than once per relation.
struct AuthorRanking: Sendable {
    /// A book in its author's ranking.
    struct Entry: Sendable {
        let position: Int
        let score: Double
        /// `"same author: Suzanne Collins"`: the author as this book names it.
        let reason: String
    }

    /// Per author number: its books best first; `nil` for an author of one book.
    let ranked: [[Entry]?]

    init(_ catalog: RelationCatalog) {
        let (ids, ratings) = (catalog.ids, catalog.ratings)
        let most = ratings.lazy.map { max($0, 0) }.max() ?? 0
        let scale = log1p(Double(most))
        // Each text's reason is written once and shared by the entries naming it, and only
        // for authors of more than one book: the others never relate.
        var reasons: [Int: String] = [:]
        func reason(at position: Int) -> String {
            guard let text = catalog.authorText(at: position) else { return catalog.authorReason(at: position) }
            if let known = reasons[text] { return known }
            let reason = catalog.authorReason(at: position)
            reasons[text] = reason
            return reason
        }
        ranked = (0..<catalog.authorCount).map { author in
            let group = catalog.authorMembers(author)
            guard group.count > 1 else { return nil }
            return group.map { member in
                let position = Int(member)
                return Entry(
                    position: position, score: scale > 0 ? log1p(Double(max(ratings[position], 0))) / scale : 0,
                    reason: reason(at: position))
            }.sorted { lhs, rhs in
                if lhs.score != rhs.score { return lhs.score > rhs.score }
                let (leftRatings, rightRatings) = (ratings[lhs.position], ratings[rhs.position])
                if leftRatings != rightRatings { return leftRatings > rightRatings }
                return ids[lhs.position] < ids[rhs.position]
            }
        }
    }
}
