import Foundation

extension RelationBuilder {
    /// Relations between books with the same (folded) first author that share no series (those
    /// are related as same series), the best ``limit`` per book (from
    /// `sources` only, when given), scored by the target's ratings count: `log(1 + n)`
    /// over `log(1 + max)` of `books`, so 0…1.
    ///
    /// ```swift
    /// RelationBuilder().sameAuthor(among: books).first?.reason  // "same author: Suzanne Collins"
    /// ```
    public func sameAuthor(among books: [Book], from sources: Set<Int64>? = nil) -> [Relation] {
        let most = books.map { max($0.ratingsCount ?? 0, 0) }.max() ?? 0
        let scale = log1p(Double(most))
        func score(_ book: Book) -> Double {
            scale > 0 ? log1p(Double(max(book.ratingsCount ?? 0, 0))) / scale : 0
        }
        return Self.groups(of: books) { Self.groupingKey($0.authors.first) }.flatMap { group in
            // Folding series names is the costly part: once a book, not once a pair.
            let series = group.map { Set(Self.seriesKeys(of: $0)) }
            return group.indices.filter { sources?.contains(group[$0].id) ?? true }.flatMap { fromIndex in
                let from = group[fromIndex]
                let candidates = group.indices.filter { toIndex in
                    group[toIndex].id != from.id && series[fromIndex].isDisjoint(with: series[toIndex])
                }.map { group[$0] }
                return strongest(
                    candidates.map { to in
                        let author = (to.authors.first ?? "").trimmingWhitespace()
                        let relation = Relation(
                            kind: .sameAuthor, from: from.id, to: to.id, score: score(to),
                            reason: "same author: \(author)")
                        return (relation, to.ratingsCount ?? 0)
                    })
            }
        }
    }
}
