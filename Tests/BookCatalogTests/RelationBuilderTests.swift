import BookCatalog
import Testing

@Suite(.timeLimit(.minutes(10))) struct RelationBuilderTests {
    private static func book(
        _ id: Int64, _ title: String, series: String? = nil, number: Double? = nil, lastNumber: Double? = nil,
        author: String = "Suzanne Collins", ratings: Int = 1000
    ) -> Book {
        Book(
            id: id, source: "test", sourceID: "\(id)", title: title,
            series: series.map { [SeriesMembership(name: $0, number: number, lastNumber: lastNumber)] } ?? [],
            authors: [author], ratingsCount: ratings)
    }

    private static let hungerGames = [
        book(1, "The Hunger Games", series: "The Hunger Games", number: 1, ratings: 4_000_000),
        book(2, "Catching Fire", series: "The Hunger Games", number: 2, ratings: 1_800_000),
        book(3, "Mockingjay", series: "The Hunger Games", number: 3, ratings: 1_700_000),
        book(4, "Trilogy Boxset", series: "the hunger games ", number: 1, lastNumber: 3, ratings: 100_000),
        book(5, "A Novella", series: "THE HÚNGER  GAMES", number: 0.5, ratings: 10),
        book(6, "Unnumbered Guide", series: "The Hunger Games", ratings: 50),
        book(7, "Gregor the Overlander", series: "Underland Chronicles", number: 1, ratings: 60_000),
        book(8, "Year of the Jungle", author: "suzanne collíns", ratings: 900),
        book(9, "Dune", series: "Dune", number: 1, author: "Frank Herbert"),
    ]

    @Test(
        "Same-series relations list the series in order, with the target's series and place as reason",
        arguments: [
            (
                Int64(1),
                [
                    "5 same series: THE HÚNGER  GAMES #0.5", "2 same series: The Hunger Games #2",
                    "3 same series: The Hunger Games #3", "6 same series: The Hunger Games",
                    "4 same series: the hunger games #1–3",
                ]
            ),
            (
                Int64(3),
                [
                    "5 same series: THE HÚNGER  GAMES #0.5", "1 same series: The Hunger Games #1",
                    "2 same series: The Hunger Games #2", "6 same series: The Hunger Games",
                    "4 same series: the hunger games #1–3",
                ]
            ),
            (Int64(7), []),
            (Int64(9), []),
        ])
    func sameSeriesOrderAndReasons(from id: Int64, expected: [String]) {
        let relations = RelationBuilder().sameSeries(among: Self.hungerGames).filter { $0.from == id }
        #expect(relations.map { "\($0.to) \($0.reason)" } == expected)
        #expect(relations.allSatisfy { $0.kind == .sameSeries && (0...1).contains($0.score) })
        #expect(relations.map(\.score) == relations.map(\.score).sorted(by: >))
    }

    @Test(
        "Same-author relations skip books of the same series and rank by ratings",
        arguments: [
            (Int64(1), ["7 same author: Suzanne Collins", "8 same author: suzanne collíns"]),
            (Int64(2), ["7 same author: Suzanne Collins", "8 same author: suzanne collíns"]),
            (
                Int64(8),
                [1, 2, 3, 4, 7, 6, 5].map { "\($0) same author: Suzanne Collins" }
            ),
            (Int64(9), []),
        ])
    func sameAuthorExcludesSameSeries(from id: Int64, expected: [String]) {
        let relations = RelationBuilder().sameAuthor(among: Self.hungerGames).filter { $0.from == id }
        #expect(relations.map { "\($0.to) \($0.reason)" } == expected)
        #expect(relations.allSatisfy { $0.kind == .sameAuthor && (0...1).contains($0.score) })
    }

    @Test func authorScoreIsTheLogOfRatingsNormalizedToTheCatalog() throws {
        let relations = RelationBuilder().sameAuthor(among: Self.hungerGames)
        let toMostRated = try #require(relations.first { $0.from == 8 && $0.to == 1 })
        #expect(toMostRated.score == 1)
        let toNovella = try #require(relations.first { $0.from == 8 && $0.to == 5 })
        #expect(toNovella.score > 0 && toNovella.score < 0.2)
    }

    @Test func eachBookKeepsTheTopKPerKind() {
        let series = (1...15).map { Self.book(Int64($0), "Part \($0)", series: "Long", number: Double($0)) }
        let solo = (16...30).map { Self.book(Int64($0), "Solo \($0)", author: "Someone", ratings: $0) }
        let books = series + solo
        let three = RelationBuilder(limit: 3).relations(among: books)
        // Same series is the exception: the whole series, in order.
        #expect(three.filter { $0.from == 5 }.map(\.to) == [1, 2, 3, 4] + Array(6...15))
        #expect(!three.contains { $0.from == 1 && $0.kind == .sameAuthor })
        #expect(three.filter { $0.from == 20 }.map(\.to) == [30, 29, 28])
        let capped = three.filter { $0.kind != .sameSeries }
        #expect(Dictionary(grouping: capped) { "\($0.from)-\($0.kind)" }.values.allSatisfy { $0.count == 3 })

        let byDefault = RelationBuilder().relations(among: books)
        #expect(byDefault.filter { $0.from == 1 && $0.kind == .sameSeries }.count == 14)
        #expect(byDefault.filter { $0.from == 16 && $0.kind == .sameAuthor }.count == 10)
        #expect(RelationBuilder(limit: 0).relations(among: books).allSatisfy { $0.kind == .sameSeries })
    }

    @Test func kindsHaveDatabaseNamesAndPhrases() {
        #expect(
            Relation.Kind.allCases.map(\.rawValue) == [
                "sameSeries", "sameAuthor", "alsoEnjoyed", "similarTags", "listedSimilar",
            ])
        #expect(
            Relation.Kind.allCases.map(\.phrase) == [
                "same series", "same author", "readers also enjoyed", "similar tags", "listed as similar",
            ])
    }
}
