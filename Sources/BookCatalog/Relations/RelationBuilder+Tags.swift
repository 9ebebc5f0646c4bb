import Foundation

extension RelationBuilder {
    /// The lowest cosine similarity that makes two books "similar tags": below it, the books
    /// share little more than a genre word.
    public static let minimumTagSimilarity = 0.2

    /// The most entries of one tag's postings a book visits looking for books like it: the
    /// hostile bound. A tag carried by a huge share of the catalog (a crawled site's `fiction`,
    /// an import that tags every book alike) would otherwise make every book visit every other
    /// (quadratic); with the bound a book's work is at most this many times its tags (at most
    /// ``FieldLimits/tags``). Postings are impact-ordered, the books the tag weighs most in
    /// first, so what a book skips adds the least to its cosines; a tag on fewer books is
    /// visited whole, so the result is exact wherever no tag is on more books than this.
    ///
    /// ```swift
    /// RelationBuilder.maximumTagPostingsVisited  // 1000
    /// ```
    public static let maximumTagPostingsVisited = 1000

    /// The most postings entries one book visits over all its tags: the bound on a book's whole
    /// similar-tags work, where ``maximumTagPostingsVisited`` bounds one tag's (a book of 100
    /// common tags would visit 100,000). A book under it is computed exactly; a book over it
    /// spends it on its tags by weight, heaviest first, each up to
    /// ``maximumTagPostingsVisited``, so what it skips are the postings of the tags that weigh
    /// least in its vector. Chosen by measurement (docs/SECURITY.md T27).
    ///
    /// ```swift
    /// RelationBuilder.maximumTagVisitsPerBook  // 20000
    /// ```
    public static let maximumTagVisitsPerBook = 20_000

    /// Relations between books whose tags are alike: TF-IDF cosine similarity, at least
    /// ``minimumTagSimilarity``, the best ``limit`` per book (from `sources` only, when given).
    ///
    /// A tag weighs more the higher it stands in the book's list (`1 / log2(rank + 2)`: tags are
    /// most used first) and the fewer books carry it (`log(n / books with the tag)`), so
    /// `to-read`, which every book has, counts for nothing. The reason names the three shared
    /// tags that contribute most: `"shares tags: dystopia, young adult, science fiction"`. A
    /// book visits at most ``maximumTagPostingsVisited`` books of each of its tags.
    ///
    /// ```swift
    /// RelationBuilder().similarTags(among: books).first?.reason  // "shares tags: dystopia, …"
    /// ```
    public func similarTags(among books: [Book], from sources: Set<Int64>? = nil) -> [Relation] {
        let catalog = RelationCatalog(books.map(RelationSubject.init))
        return similarTags(in: catalog, at: catalog.sourcePositions(sources)[...]).relations
    }

    /// The similar-tags relations from the books at `sources` (positions in `catalog`), in that
    /// order, and how many postings entries they visited (bounded by
    /// ``maximumTagPostingsVisited`` a tag and book: what the hostile-catalog test counts).
    /// The scores are summed into one table reused book after book (``ScoreSums``), and the
    /// candidates are weighed as plain numbers: a relation, with its reason, is made for the
    /// ``limit`` kept.
    func similarTags(in catalog: RelationCatalog, at sources: ArraySlice<Int>) -> (relations: [Relation], visits: Int) {
        let index = catalog.tags
        var relations: [Relation] = []
        var visits = 0
        var sums = ScoreSums()
        var best: [Candidate] = []
        for position in sources {
            let id = catalog.ids[position]
            visits += index.addSimilarities(
                of: position, allowances: index.visitAllowances(position, total: tagVisitsPerBook), to: &sums)
            best.removeAll(keepingCapacity: true)
            sums.drain { other, score in
                guard score >= Self.minimumTagSimilarity else { return }
                // Rounding costs a division: a score a thousandth below the last one kept is
                // outranked whatever it rounds to, so only those near or above it are rounded.
                if best.count == limit, let last = best.last, score + 0.001 < last.score { return }
                let rounded = (score * 1000).rounded() / 1000
                // Weighed by score first: where tags are common most candidates past the threshold
                // rank below every kept one, and reading their ids and ratings (at random places
                // of the catalog) was 40 % of this rule's time at 200,000 books (perf).
                guard !isOutranked(rounded, by: best), catalog.ids[other] != id else { return }
                keep(Candidate(score: rounded, ratings: catalog.ratings[other], to: catalog.ids[other]), in: &best)
            }
            // Reasons are written for the relations kept only: where tags are common, thousands
            // of books pass the threshold for every book, and naming their shared tags made the
            // build quadratic in practice (78 % of it for 3,000 books sharing a 40-tag list).
            for kept in best {
                let other = catalog.position(of: kept.to) ?? position
                relations.append(
                    Relation(
                        kind: .similarTags, from: id, to: kept.to, score: kept.score,
                        reason: "shares tags: " + index.sharedTags(position, other).joined(separator: ", ")))
            }
        }
        return (relations, visits)
    }
}
