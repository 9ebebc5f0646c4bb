import Foundation
import ScoutTestSupport
import Testing

@testable import BookCatalog

/// Similar tags where common tags' postings are cut at the bound: the relations kept are weighed
/// by the books' whole cosine, and come close to the best the whole catalog holds.
@Suite("Similar tags past the postings bound", .timeLimit(.minutes(10))) struct SimilarTagsCosineTests {
    /// 3,000 books of the generated catalogs' shape: two of 8 genres (each on far more books than
    /// ``RelationBuilder/maximumTagPostingsVisited``) first, then 2–5 of 600 narrower tags.
    static func catalog() -> RelationCatalog {
        var random = SplitMix64(seed: 37)
        let subjects = (1...3_000).map { id in
            let genres = (0..<2).map { _ in "genre-\(random.next() % 8)" }
            let narrow = (0..<(2 + Int(random.next() % 4))).map { _ in "topic-\(random.next() % 600)" }
            return RelationSubject(
                id: Int64(id), firstAuthor: "Author \(id)", series: [], tags: genres + narrow,
                ratingsCount: Int(random.next() % 10_000))
        }
        return RelationCatalog(subjects)
    }

    /// The cosine of two books' vectors, by a dictionary of the first's weights: the
    /// definition, apart from the builder's loops.
    static func cosine(_ tags: TagIndex, _ first: Int, _ second: Int) -> Double {
        var weights: [Int32: Double] = [:]
        for entry in tags.vector(first) { weights[tags.vectorTags[entry]] = tags.vectorWeights[entry] }
        return tags.vector(second).reduce(0) { $0 + (weights[tags.vectorTags[$1]] ?? 0) * tags.vectorWeights[$1] }
    }

    @Test("Every similar-tags score is the two books' cosine, even where the postings were cut")
    func scoresAreWholeCosines() throws {
        let catalog = Self.catalog()
        let cut = (0..<catalog.tags.names.count).filter {
            catalog.tags.postings($0).count == RelationBuilder.maximumTagPostingsVisited
        }
        #expect(cut.count >= 8, "the genres' lists must be cut, or nothing here is tested")
        let relations = RelationBuilder().similarTags(in: catalog, at: Array(catalog.indices)[...]).relations
        #expect(relations.count > 20_000)
        for relation in relations {
            let (from, to) = (
                try #require(catalog.position(of: relation.from)), try #require(catalog.position(of: relation.to))
            )
            let cosine = Self.cosine(catalog.tags, from, to)
            #expect(abs(relation.score - cosine) <= 0.0005, "\(relation.from) → \(relation.to)")
        }
    }

    @Test("The books kept score at least 99 % of the cosines of the catalog's best, summed")
    func keptBooksComeCloseToTheBest() {
        let catalog = Self.catalog()
        let builder = RelationBuilder()
        let positions = Array(stride(from: 0, to: catalog.ids.count, by: 10))
        let relations = builder.similarTags(in: catalog, at: positions[...]).relations
        var (kept, best) = (0.0, 0.0)
        for position in positions {
            let id = catalog.ids[position]
            kept += relations.filter { $0.from == id }.reduce(0) {
                $0 + Self.cosine(catalog.tags, position, catalog.position(of: $1.to) ?? position)
            }
            // The best the catalog holds: every other book's cosine, the `limit` highest at
            // least the threshold.
            let cosines = catalog.indices.filter { $0 != position }.map { Self.cosine(catalog.tags, position, $0) }
            best += cosines.filter { $0 >= RelationBuilder.minimumTagSimilarity }.sorted(by: >).prefix(builder.limit)
                .reduce(0, +)
        }
        #expect(best > 0)
        #expect(kept >= 0.99 * best, "kept \(kept) of the best \(best)")
    }
}
