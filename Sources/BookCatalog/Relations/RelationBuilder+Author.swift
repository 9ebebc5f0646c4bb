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

    /// ``sameAuthor(among:from:)`` over `catalog`. The score depends on the target alone, so
    /// each author's books are ranked once (as ``strongest(_:)`` ranks) and each book takes the
    /// first ``limit`` of that list it shares no series with: linear in the group, not square.
    func sameAuthor(in catalog: RelationCatalog, from sources: Set<Int64>?) -> [Relation] {
        let subjects = catalog.subjects
        let most = subjects.map { max($0.ratingsCount ?? 0, 0) }.max() ?? 0
        let scale = log1p(Double(most))
        func score(_ position: Int) -> Double {
            scale > 0 ? log1p(Double(max(subjects[position].ratingsCount ?? 0, 0))) / scale : 0
        }
        var relations: [Relation] = []
        for group in catalog.authorMembers where group.count > 1 {
            let ranked = group.map { (position: $0, score: score($0), ratings: subjects[$0].ratingsCount ?? 0) }
                .sorted { lhs, rhs in
                    if lhs.score != rhs.score { return lhs.score > rhs.score }
                    if lhs.ratings != rhs.ratings { return lhs.ratings > rhs.ratings }
                    return subjects[lhs.position].id < subjects[rhs.position].id
                }
            for from in group where sources?.contains(subjects[from].id) ?? true {
                var kept = 0
                var skipped = 0
                for target in ranked {
                    if kept == limit || skipped > Self.maximumAuthorSkips { break }
                    let to = subjects[target.position]
                    guard to.id != subjects[from].id, !catalog.shareSeries(from, target.position) else {
                        skipped += 1
                        continue
                    }
                    kept += 1
                    let author = (to.firstAuthor ?? "").trimmingWhitespace()
                    relations.append(
                        Relation(
                            kind: .sameAuthor, from: subjects[from].id, to: to.id, score: target.score,
                            reason: "same author: \(author)"))
                }
            }
        }
        return relations
    }
}
