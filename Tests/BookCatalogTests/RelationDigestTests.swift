import Foundation
import Testing

@testable import BookCatalog

/// The relations of a varied, seeded catalog, pinned by a digest of every relation (kind, ends,
/// score and reason, in order) taken from the rules as they were before their compact rewrite
/// (flat arrays, numbers instead of subjects): any change to what a rebuild stores, however
/// small (a score rounded differently, a tie broken the other way, a reason reworded), changes
/// the digest. Pinned again once, on purpose: when similar tags began weighing the books a cut
/// visit found by their whole cosine (fewer postings a tag, issue #37), which changes that kind
/// only.
@Suite("Relation output digest", .timeLimit(.minutes(10))) struct RelationDigestTests {
    /// The digest of ``RelationDigestCatalog``'s relations from the rules before the rewrite, but
    /// for similar tags as they are weighed since issue #37's cosines.
    static let expectedDigest: UInt64 = 12_741_853_060_329_889_133

    @Test("The relations of a seeded catalog are exactly what the rules stored before")
    func relationsMatchTheDigestOfTheRulesBefore() async {
        let catalog = RelationDigestCatalog()
        let builder = RelationBuilder()
        let whole = builder.relations(among: catalog.books, picks: catalog.picks, links: catalog.links)
        #expect(whole.count > 10_000)
        #expect(Set(whole.map(\.kind)) == Set(Relation.Kind.allCases))
        #expect(RelationDigestCatalog.digest(whole) == Self.expectedDigest)
        let subjects = catalog.books.map(RelationSubject.init)
        let chunked = await builder.relations(
            among: subjects, picks: catalog.picks, links: catalog.links, chunkSize: 97)
        #expect(RelationDigestCatalog.digest(chunked) == Self.expectedDigest)
    }

    @Test("A book's position is found by id, the first of a repeat, whether the ids ascend or not")
    func positionsAreFoundByIDInEitherOrder() {
        let ascending = RelationCatalog([1, 3, 3, 7].map { RelationSubject(id: $0) })
        #expect([0, 1, 3, 7, 8].map(ascending.position(of:)) == [nil, 0, 1, 3, nil])
        let unordered = RelationCatalog([5, 3, 9, 3].map { RelationSubject(id: $0) })
        #expect([3, 4, 5, 9].map(unordered.position(of:)) == [1, nil, 0, 2])
    }
}

/// 3,000 books drawn from a seeded generator: authors written several ways, series of every
/// size with numbers, ranges and parts, books in two series, tags from a skewed vocabulary (one
/// on nearly every book, some on more books than a visit's bound, books with more tags than the
/// visit budget), readers' picks and pages listing others.
struct RelationDigestCatalog {
    var books: [Book] = []
    var picks: [ReaderPick] = []
    var links: [OutgoingLink] = []

    init(count: Int = 3_000) {
        var random = SplitMix(seed: 37)
        let authorNames = (0..<300).map { "Author \($0)" }
        let tagNames = (0..<400).map { "tag-\($0)" }
        for id in 1...count {
            let author = authorNames[random.skewed(authorNames.count)]
            let written = [author, author.uppercased(), "  \(author) ", author.lowercased()][random.below(4)]
            var series: [SeriesMembership] = []
            if random.below(3) == 0 {
                let name = "Series \(random.skewed(200))"
                let number = random.below(5) == 0 ? nil : Double(random.below(12)) + (random.below(4) == 0 ? 0.5 : 0)
                series.append(SeriesMembership(name: random.below(2) == 0 ? name : name.lowercased(), number: number))
                if random.below(8) == 0 {
                    series.append(SeriesMembership(name: "Omnibus \(random.below(20))", number: nil))
                }
            }
            var tags: [String] = random.below(10) == 0 ? [] : ["fiction"]
            let tagCount = random.below(9) == 0 ? 40 : random.below(12)
            for _ in 0..<tagCount { tags.append(tagNames[random.skewed(tagNames.count)]) }
            var book = Book(
                id: Int64(id), source: "digest", sourceID: "\(id)", title: "Book \(id)", series: series,
                authors: random.below(20) == 0 ? [] : [written],
                ratingsCount: random.below(6) == 0 ? nil : random.below(5_000), tags: tags)
            book.sourceURL = Self.page(id)
            books.append(book)
        }
        for reader in 0..<400 {
            for _ in 0..<(1 + random.below(30)) {
                picks.append(ReaderPick(reader: "reader \(reader)", book: Int64(1 + random.skewed(count))))
            }
        }
        for id in stride(from: 1, through: count, by: 3) {
            for _ in 0..<random.below(5) {
                let target = 1 + random.below(count + 50)
                links.append(
                    OutgoingLink(from: Int64(id), to: URL(string: "\(Self.page(target))#r\(random.below(3))")!))
            }
        }
    }

    static func page(_ id: Int) -> URL { URL(string: "https://digest.example/book/\(id)")! }

    /// FNV-1a over every relation's kind, ends, score and reason, in order.
    static func digest(_ relations: [Relation]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for relation in relations {
            let line =
                "\(relation.kind.rawValue)|\(relation.from)|\(relation.to)|\(relation.score)|\(relation.reason)\n"
            for byte in line.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        return hash
    }

    /// A seeded SplitMix64, so the catalog is the same on every run and platform.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }

        mutating func next() -> UInt64 {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }

        /// A number in 0..<bound.
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

        /// A number in 0..<bound, small ones far likelier (the square of a uniform draw).
        mutating func skewed(_ bound: Int) -> Int {
            let uniform = Double(next() >> 11) / Double(1 << 53)
            return min(Int(uniform * uniform * Double(bound)), bound - 1)
        }
    }
}
