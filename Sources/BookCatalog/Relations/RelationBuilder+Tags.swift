import Foundation

extension RelationBuilder {
    /// The lowest cosine similarity that makes two books "similar tags": below it, the books
    /// share little more than a genre word.
    public static let minimumTagSimilarity = 0.2

    /// Relations between books whose tags are alike: TF-IDF cosine similarity, at least
    /// ``minimumTagSimilarity``, the best ``limit`` per book (from `sources` only, when given).
    ///
    /// A tag weighs more the higher it stands in the book's list (`1 / log2(rank + 2)`: tags are
    /// most used first) and the fewer books carry it (`log(n / books with the tag)`), so
    /// `to-read`, which every book has, counts for nothing. The reason names the three shared
    /// tags that contribute most: `"shares tags: dystopia, young adult, science fiction"`.
    ///
    /// ```swift
    /// RelationBuilder().similarTags(among: books).first?.reason  // "shares tags: dystopia, …"
    /// ```
    public func similarTags(among books: [Book], from sources: Set<Int64>? = nil) -> [Relation] {
        let index = TagIndex(books: books)
        let positions = Dictionary(books.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var relations: [Relation] = []
        var scores = [Double](repeating: 0, count: books.count)
        var touched: [Int] = []
        for (position, book) in books.enumerated() where sources?.contains(book.id) ?? true {
            for (tag, weight) in index.vectors[position] {
                for (other, otherWeight) in index.postings[tag] where other != position {
                    if scores[other] == 0 { touched.append(other) }
                    scores[other] += weight * otherWeight
                }
            }
            let candidates = touched.compactMap { other -> (relation: Relation, ratings: Int)? in
                let score = scores[other]
                guard score >= Self.minimumTagSimilarity, books[other].id != book.id else { return nil }
                let relation = Relation(
                    kind: .similarTags, from: book.id, to: books[other].id, score: (score * 1000).rounded() / 1000,
                    reason: "")
                return (relation, books[other].ratingsCount ?? 0)
            }
            // Reasons are written for the relations kept only: where tags are common, thousands
            // of books pass the threshold for every book, and naming their shared tags made the
            // build quadratic in practice (78 % of it for 3,000 books sharing a 40-tag list).
            relations += strongest(candidates).map { relation in
                var named = relation
                let other = positions[relation.to] ?? position
                named.reason = "shares tags: " + index.sharedTags(position, other).joined(separator: ", ")
                return named
            }
            for other in touched { scores[other] = 0 }
            touched.removeAll(keepingCapacity: true)
        }
        return relations
    }
}

/// Books' tags as unit TF-IDF vectors over tag numbers, and the books carrying each tag.
struct TagIndex {
    /// Tag number → name as people read it (`young-adult` → `young adult`).
    private(set) var names: [String] = []
    /// Per book (by position): (tag number, weight), with unit length.
    private(set) var vectors: [[(tag: Int, weight: Double)]] = []
    /// Per tag number: (book position, weight).
    private(set) var postings: [[(book: Int, weight: Double)]] = []

    init(books: [Book]) {
        var numbers: [String: Int] = [:]
        let tagLists = books.map { book in
            var seen = Set<Int>()
            return book.tags.compactMap { tag -> Int? in
                guard let key = RelationBuilder.groupingKey(tag) else { return nil }
                let number =
                    numbers[key]
                    ?? {
                        numbers[key] = names.count
                        names.append(tag.replacingOccurrences(of: "-", with: " "))
                        return names.count - 1
                    }()
                return seen.insert(number).inserted ? number : nil
            }
        }
        var frequency = [Int](repeating: 0, count: names.count)
        for list in tagLists { for tag in list { frequency[tag] += 1 } }
        let count = Double(books.count)
        postings = Array(repeating: [], count: names.count)
        for (position, list) in tagLists.enumerated() {
            var vector = list.enumerated().map { rank, tag in
                (tag: tag, weight: log(count / Double(frequency[tag])) / log2(Double(rank) + 2))
            }
            let length = sqrt(vector.reduce(0) { $0 + $1.weight * $1.weight })
            vector = length > 0 ? vector.compactMap { $0.weight > 0 ? ($0.tag, $0.weight / length) : nil } : []
            for entry in vector { postings[entry.tag].append((position, entry.weight)) }
            vectors.append(vector)
        }
    }

    /// The names of up to three tags both books carry, the largest contributions first.
    func sharedTags(_ first: Int, _ second: Int) -> [String] {
        let other = Dictionary(uniqueKeysWithValues: vectors[second].map { ($0.tag, $0.weight) })
        return vectors[first].compactMap { entry in other[entry.tag].map { (entry.tag, entry.weight * $0) } }
            .sorted { $0.1 > $1.1 }.prefix(3).map { names[$0.0] }
    }
}
