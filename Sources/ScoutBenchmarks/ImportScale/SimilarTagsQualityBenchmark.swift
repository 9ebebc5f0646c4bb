import BookCatalog
import Foundation
import ScoutTestSupport

/// `scout-bench similar-tags`: how close the similar-tags relations a rebuild keeps come to the
/// exact best, on `SCOUT_BENCH_RELATION_BOOKS` generated books (default 1,000,000; realistic
/// shape, seed 37, as `import-scale` imports them). The builder visits at most
/// ``RelationBuilder/maximumTagPostingsVisited`` books of a tag, so where tags are common what
/// it keeps is an approximation; this measures it against every other book's cosine, computed
/// here from the definition (TF-IDF, apart from the builder's code), for
/// ``SimilarTagsQualityBenchmark/sampled`` books drawn with a fixed seed.
///
/// It prints the kept relations' cosines summed over the best ten's (1 is the exact best), how
/// many of the best ten were kept, and how many scores differ from their cosine by more than
/// the rounding; beside them, the reference in the same run: what the builder kept before issue
/// #37's cosines (1,000 postings a tag, the best sums kept), computed here the same way.
struct SimilarTagsQualityBenchmark {
    static let sampled = 1_000

    func run() async throws {
        let count = try ImportScaleBenchmark.bookCount(from: "SCOUT_BENCH_RELATION_BOOKS", default: 1_000_000)
        var books: [Book] = []
        books.reserveCapacity(count)
        await GeneratedCatalog.generate(count: count, seed: 37, shape: .realistic) { batch in
            for book in batch {
                books.append(
                    Book(
                        id: Int64(books.count + 1), source: "generated", sourceID: book.sourceID, title: "",
                        tags: book.tags))
            }
        }
        let vectors = TagVectors(books.map(\.tags))
        var random = SplitMix64(seed: 37)
        var sample = Set<Int>()
        while sample.count < min(Self.sampled, count) { sample.insert(Int(random.next() % UInt64(count))) }
        let clock = ContinuousClock()
        var relations: [Relation] = []
        let building = clock.measure {
            relations = RelationBuilder().similarTags(among: books, from: Set(sample.map { Int64($0 + 1) }))
        }
        var (kept, before, best, bestKept, bestCount, notCosine) = (0.0, 0.0, 0.0, 0, 0, 0)
        let keptByBook = Dictionary(grouping: relations) { Int($0.from - 1) }
        let limit = RelationBuilder().limit
        let cut = vectors.cutPostings(keeping: 1_000)
        for position in sample {
            let exact = vectors.best(of: position, limit: limit, postings: vectors.books)
            best += exact.reduce(0) { $0 + $1.score }
            bestCount += exact.count
            let keptHere = keptByBook[position] ?? []
            bestKept += exact.filter { best in keptHere.contains { $0.to - 1 == best.other } }.count
            for relation in keptHere {
                let cosine = vectors.cosine(position, Int(relation.to - 1))
                kept += cosine
                if abs(cosine - relation.score) > 0.0005 { notCosine += 1 }
            }
            before += vectors.best(of: position, limit: limit, postings: cut).reduce(0) {
                $0 + vectors.cosine(position, $1.other)
            }
        }
        print(
            "Similar tags at \(count) books, \(sample.count) books drawn (seed 37), their relations built in \(building.seconds):"
        )
        print(
            "  Scout's relations: cosines \(Self.share(kept, of: best)) of the exact best ten's, summed; "
                + "\(bestKept) of the best \(bestCount) kept; "
                + "\(notCosine) of \(relations.count) scores differ from their cosine by more than the rounding")
        print(
            "  1,000 postings a tag, their sums kept (Scout before issue #37's cosines): \(Self.share(before, of: best))"
        )
    }

    private static func share(_ part: Double, of whole: Double) -> String {
        String(format: "%.3f", whole > 0 ? part / whole : 1)
    }
}

/// Books' tags as the TF-IDF unit vectors of the similar-tags definition: a book's distinct tags
/// (folded) in its order, each `log(n / books with the tag) / log2(rank + 2)`, over the
/// vector's length; and each tag's books, to find every book sharing one.
private struct TagVectors {
    let vectors: [[Int: Double]]
    let books: [[Int]]

    init(_ tagLists: [[String]]) {
        var numbers: [String: Int] = [:]
        let numbered = tagLists.map { tags -> [Int] in
            var list: [Int] = []
            for tag in tags {
                let key = tag.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
                let number = numbers[key] ?? numbers.count
                numbers[key] = number
                if !list.contains(number) { list.append(number) }
            }
            return list
        }
        var books = [[Int]](repeating: [], count: numbers.count)
        for (position, list) in numbered.enumerated() { for tag in list { books[tag].append(position) } }
        let total = Double(tagLists.count)
        vectors = numbered.map { list in
            let weights = list.enumerated().map { rank, tag in
                log(total / Double(books[tag].count)) / log2(Double(rank) + 2)
            }
            let length = sqrt(weights.reduce(0) { $0 + $1 * $1 })
            guard length > 0 else { return [:] }
            return Dictionary(uniqueKeysWithValues: zip(list, weights.map { $0 / length }))
        }
        self.books = books
    }

    func cosine(_ first: Int, _ second: Int) -> Double {
        vectors[first].reduce(0) { $0 + $1.value * (vectors[second][$1.key] ?? 0) }
    }

    /// Each tag's books, the `keeping` it weighs most in only (then the lower position): the
    /// postings a visit read before issue #37's cosines, at 1,000 a tag.
    func cutPostings(keeping: Int) -> [[Int]] {
        books.enumerated().map { tag, list in
            list.count <= keeping
                ? list
                : Array(
                    list.sorted {
                        let (first, second) = (vectors[$0][tag] ?? 0, vectors[$1][tag] ?? 0)
                        return first != second ? first > second : $0 < $1
                    }
                    .prefix(keeping))
        }
    }

    /// The `limit` highest sums of the book at `position` with any other its tags' `postings`
    /// lead to, at least the builder's threshold: with every tag's books, the cosines.
    func best(of position: Int, limit: Int, postings: [[Int]]) -> [(other: Int, score: Double)] {
        var sums: [Int: Double] = [:]
        for (tag, weight) in vectors[position] {
            for other in postings[tag] where other != position {
                sums[other, default: 0] += weight * (vectors[other][tag] ?? 0)
            }
        }
        return sums.filter { $0.value >= RelationBuilder.minimumTagSimilarity }.map { (other: $0.key, score: $0.value) }
            .sorted { $0.score > $1.score }.prefix(limit).map { $0 }
    }
}
