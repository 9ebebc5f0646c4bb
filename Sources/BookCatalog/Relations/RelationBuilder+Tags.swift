import Foundation

extension RelationBuilder {
    /// The lowest cosine similarity that makes two books "similar tags": below it, the books
    /// share little more than a genre word.
    public static let minimumTagSimilarity = 0.2

    /// The most entries of one tag's postings a book visits looking for books like it: the
    /// hostile bound, and with ``maximumTagCandidatesRescored`` the rule's cost. A tag carried by
    /// a huge share of the catalog (a crawled site's `fiction`, an import that tags every book
    /// alike) would otherwise make every book visit every other (quadratic); with the bound a
    /// book's work is at most this many times its tags (at most ``FieldLimits/tags``). Postings
    /// are impact-ordered, the books the tag weighs most in first; a tag on fewer books is
    /// visited whole, so the result is exact wherever no tag is on more books than this. Where a
    /// visit is cut, the books it summed highest are weighed by their whole cosine.
    ///
    /// ```swift
    /// RelationBuilder.maximumTagPostingsVisited  // 200
    /// ```
    public static let maximumTagPostingsVisited = 200

    /// How many books a visit that left postings unread weighs by their whole cosine: those
    /// whose sums over the postings read are the highest. A book met only through some of its
    /// shared tags (missing from a common tag's list cut short) lacks those products in its sum;
    /// its cosine, read from its own tags, has them, so a relation's score is always the books'
    /// cosine. Chosen by measurement against the exact best (`scout-bench similar-tags`): with
    /// 200 postings a tag and 200 books weighed whole, a million generated books keep 0.872 of
    /// the best cosines where 1,000 postings summed alone kept 0.806, and 200,000 keep 0.925
    /// against 0.932; the million books' rebuild took 63 s instead of 72 s (docs/BOOKS.md).
    ///
    /// ```swift
    /// RelationBuilder.maximumTagCandidatesRescored  // 200
    /// ```
    public static let maximumTagCandidatesRescored = 200

    /// The most postings entries one book visits over all its tags: the bound on a book's whole
    /// similar-tags work, where ``maximumTagPostingsVisited`` bounds one tag's (a book of 100
    /// common tags would visit 20,000). A book under it visits each tag up to that bound; a book
    /// over it spends it on its tags by weight, heaviest first, so what it skips are the
    /// postings of the tags that weigh least in its vector. A goodbooks book (20 tags) or a
    /// generated one (at most 8) stays within it; an Open Library work of more than 20 common
    /// subjects skips the postings of those that weigh least in it (docs/SECURITY.md T27).
    ///
    /// ```swift
    /// RelationBuilder.maximumTagVisitsPerBook  // 4000
    /// ```
    public static let maximumTagVisitsPerBook = 4_000

    /// Relations between books whose tags are alike: TF-IDF cosine similarity, at least
    /// ``minimumTagSimilarity``, the best ``limit`` per book (from `sources` only, when given).
    ///
    /// A tag weighs more the higher it stands in the book's list (`1 / log2(rank + 2)`: tags are
    /// most used first) and the fewer books carry it (`log(n / books with the tag)`), so
    /// `to-read`, which every book has, counts for nothing. The reason names the three shared
    /// tags that contribute most: `"shares tags: dystopia, young adult, science fiction"`. A
    /// book visits at most ``maximumTagPostingsVisited`` books of each of its tags, then weighs
    /// up to ``maximumTagCandidatesRescored`` of those it met by their whole cosine.
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
        var shortlist = HeaviestPostings(keeping: Self.maximumTagCandidatesRescored)
        for position in sources {
            let id = catalog.ids[position]
            let visit = index.addSimilarities(
                of: position, allowances: index.visitAllowances(position, total: tagVisitsPerBook), to: &sums)
            visits += visit.visits
            best.removeAll(keepingCapacity: true)
            func consider(_ score: Double, of other: Int) {
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
            if visit.unvisitedBound == 0 {
                sums.drain { other, cosine in consider(cosine, of: other) }
            } else {
                // The visit left postings unread, so a sum may lack some of its cosine: the
                // books with the highest sums are weighed by their whole cosine instead.
                shortlist.removeAll()
                sums.drain { other, sum in
                    if sum + visit.unvisitedBound >= Self.minimumTagSimilarity {
                        shortlist.offer(Int32(other), weight: sum)
                    }
                }
                index.cosines(of: position, with: shortlist.books) { other, cosine in consider(cosine, of: other) }
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
