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
    func similarTags(in catalog: RelationCatalog, at sources: ArraySlice<Int>) -> (relations: [Relation], visits: Int) {
        let index = catalog.tags
        let subjects = catalog.subjects
        var relations: [Relation] = []
        var visits = 0
        var scores = [Double](repeating: 0, count: subjects.count)
        var touched: [Int] = []
        for position in sources {
            let book = subjects[position]
            let vector = index.vectors[position]
            let allowances = index.visitAllowances(position, total: tagVisitsPerBook)
            for (place, (tag, weight)) in vector.enumerated() {
                for (other, otherWeight) in index.postings[tag].prefix(
                    allowances?[place] ?? Self.maximumTagPostingsVisited)
                {
                    visits += 1
                    guard other != position else { continue }
                    if scores[other] == 0 { touched.append(other) }
                    scores[other] += weight * otherWeight
                }
            }
            let candidates = touched.compactMap { other -> (relation: Relation, ratings: Int)? in
                let score = scores[other]
                guard score >= Self.minimumTagSimilarity, subjects[other].id != book.id else { return nil }
                let relation = Relation(
                    kind: .similarTags, from: book.id, to: subjects[other].id,
                    score: (score * 1000).rounded() / 1000, reason: "")
                return (relation, subjects[other].ratingsCount ?? 0)
            }
            // Reasons are written for the relations kept only: where tags are common, thousands
            // of books pass the threshold for every book, and naming their shared tags made the
            // build quadratic in practice (78 % of it for 3,000 books sharing a 40-tag list).
            relations += strongest(candidates).map { relation in
                var named = relation
                let other = catalog.positions[relation.to] ?? position
                named.reason = "shares tags: " + index.sharedTags(position, other).joined(separator: ", ")
                return named
            }
            for other in touched { scores[other] = 0 }
            touched.removeAll(keepingCapacity: true)
        }
        return (relations, visits)
    }
}

/// Books' tags as unit TF-IDF vectors over tag numbers, and the books carrying each tag,
/// impact-ordered.
struct TagIndex: Sendable {
    /// Tag number → name as people read it (`young-adult` → `young adult`).
    private(set) var names: [String] = []
    /// Per book (by position): (tag number, weight), with unit length.
    private(set) var vectors: [[(tag: Int, weight: Double)]] = []
    /// Per tag number: (book position, weight), the highest weight first (then the lower
    /// position), so a bounded visit (``RelationBuilder/maximumTagPostingsVisited``) sees the
    /// books the tag matters most to.
    private(set) var postings: [[(book: Int, weight: Double)]] = []

    init(subjects: [RelationSubject]) {
        var numbers = KeyNumbers()
        let tagLists = subjects.map { subject in
            var seen: [Int] = []
            for tag in subject.tags {
                guard let number = numbers.number(of: tag) else { continue }
                if number == names.count { names.append(tag.replacingOccurrences(of: "-", with: " ")) }
                if !seen.contains(number) { seen.append(number) }
            }
            return seen
        }
        var frequency = [Int](repeating: 0, count: names.count)
        for list in tagLists { for tag in list { frequency[tag] += 1 } }
        let count = Double(subjects.count)
        postings = Array(repeating: [], count: names.count)
        vectors.reserveCapacity(tagLists.count)
        for (position, list) in tagLists.enumerated() {
            var vector = list.enumerated().map { rank, tag in
                (tag: tag, weight: log(count / Double(frequency[tag])) / log2(Double(rank) + 2))
            }
            let length = sqrt(vector.reduce(0) { $0 + $1.weight * $1.weight })
            vector = length > 0 ? vector.compactMap { $0.weight > 0 ? ($0.tag, $0.weight / length) : nil } : []
            for entry in vector { postings[entry.tag].append((position, entry.weight)) }
            vectors.append(vector)
        }
        postings = postings.map { list in
            list.count <= RelationBuilder.maximumTagPostingsVisited
                ? list : list.sorted { $0.weight != $1.weight ? $0.weight > $1.weight : $0.book < $1.book }
        }
    }

    /// How many postings entries the book at `position` visits of each of its tags (by place in
    /// its vector) so that it visits at most `total` in all: `nil` when visiting each tag up to
    /// ``RelationBuilder/maximumTagPostingsVisited`` stays within it (the usual case), else the
    /// budget spent on the tags by weight, heaviest first (then by place). The visit itself
    /// keeps the vector's order, so a book under the budget sums its scores as it always has.
    func visitAllowances(_ position: Int, total: Int) -> [Int]? {
        let vector = vectors[position]
        let wanted = vector.map { min(postings[$0.tag].count, RelationBuilder.maximumTagPostingsVisited) }
        guard wanted.reduce(0, +) > total else { return nil }
        var allowances = [Int](repeating: 0, count: vector.count)
        var left = max(total, 0)
        let heaviestFirst = vector.indices.sorted {
            vector[$0].weight != vector[$1].weight ? vector[$0].weight > vector[$1].weight : $0 < $1
        }
        for place in heaviestFirst where left > 0 {
            allowances[place] = min(wanted[place], left)
            left -= allowances[place]
        }
        return allowances
    }

    /// The names of up to three tags both books carry, the largest contributions first (the
    /// first in `first`'s order among equal ones). The vectors hold at most
    /// ``FieldLimits/tags`` entries, so a scan of both beats building a dictionary for every
    /// relation kept.
    func sharedTags(_ first: Int, _ second: Int) -> [String] {
        var shared: [(tag: Int, contribution: Double)] = []
        for entry in vectors[first] {
            guard let other = vectors[second].first(where: { $0.tag == entry.tag }) else { continue }
            shared.append((entry.tag, entry.weight * other.weight))
        }
        return shared.sorted { $0.contribution > $1.contribution }.prefix(3).map { names[$0.tag] }
    }
}
