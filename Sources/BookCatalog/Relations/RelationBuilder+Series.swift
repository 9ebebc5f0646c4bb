extension RelationBuilder {
    /// The most same-series relations one book keeps. A series is listed whole (``limit`` does
    /// not apply): a reader looking at one volume wants to see where it falls among all of them.
    /// The bound is the stores' most related books per call (500), so every relation kept can
    /// be listed; and it keeps a "series" that is really a publisher's line of thousands of
    /// books from costing the square of its size in rows.
    ///
    /// ```swift
    /// RelationBuilder.maximumSeriesRelations  // 500
    /// ```
    public static let maximumSeriesRelations = 500

    /// Relations from each book to every other book of its series (names matched once case,
    /// diacritics and spacing are folded), in series order (see
    /// ``SeriesMembership/precedesInSeries(_:)``; ties go to the book with more ratings, then
    /// the lower id), up to ``maximumSeriesRelations`` per book; only relations from `sources`
    /// when given. A book in several series relates to the books of each, its first series'
    /// first; a book met again in a later series keeps its first relation. The score encodes
    /// the order (see ``seriesScore(position:)``) and the reason names the target's place.
    ///
    /// ```swift
    /// RelationBuilder().sameSeries(among: [hungerGames, catchingFire]).first?.reason
    /// // "same series: The Hunger Games #2"
    /// ```
    public func sameSeries(among books: [Book], from sources: Set<Int64>? = nil) -> [Relation] {
        sameSeries(in: RelationCatalog(books.map(RelationSubject.init)), from: sources)
    }

    /// ``sameSeries(among:from:)`` over `catalog`.
    func sameSeries(in catalog: RelationCatalog, from sources: Set<Int64>?) -> [Relation] {
        sameSeries(in: catalog, at: catalog.sourcePositions(sources))
    }

    /// The same-series relations from the books at `positions` (in `catalog`), in that order.
    func sameSeries(in catalog: RelationCatalog, at positions: some Sequence<Int>) -> [Relation] {
        let ids = catalog.ids
        var relations: [Relation] = []
        for position in positions {
            let from = ids[position]
            var related: Set<Int64> = [from]
            // Past the bound the walk stops, so a series of a million books costs each of them
            // the bound, not the series.
            series: for key in catalog.seriesKeys(at: position) {
                for (member, reason) in zip(catalog.seriesMembers[Int(key)], catalog.seriesReasons[Int(key)]) {
                    guard related.count <= Self.maximumSeriesRelations else { break series }
                    let to = ids[member]
                    guard related.insert(to).inserted else { continue }
                    relations.append(
                        Relation(
                            kind: .sameSeries, from: from, to: to,
                            score: Self.seriesScore(position: related.count - 2), reason: reason))
                }
            }
        }
        return relations
    }

    /// The score of the same-series relation at `position` (from 0) in a book's list: 1 for
    /// the first, down by 1/``maximumSeriesRelations`` a place, so always in 0…1. The stores
    /// list a kind's relations by score descending, so listing by score is listing in series
    /// order; a score that measured closeness instead (the next volume first) put #4, #2, #5
    /// before #1 and hid the volumes after the first few.
    ///
    /// ```swift
    /// RelationBuilder.seriesScore(position: 0)  // 1
    /// RelationBuilder.seriesScore(position: 1)  // 0.998
    /// ```
    public static func seriesScore(position: Int) -> Double {
        Double(maximumSeriesRelations - min(max(position, 0), maximumSeriesRelations - 1))
            / Double(maximumSeriesRelations)
    }

    /// `"same series: Harry Potter #7"`, `"same series: Harry Potter #1–7"`, `"same series:
    /// Harry Potter #5, Part 1"`: the series as the target names it and its place; just the
    /// name when the target has no number.
    static func seriesReason(for membership: SeriesMembership) -> String {
        let name = membership.name.trimmingWhitespace()
        let label = membership.label
        return label.isEmpty ? "same series: \(name)" : "same series: \(name) \(label)"
    }
}
