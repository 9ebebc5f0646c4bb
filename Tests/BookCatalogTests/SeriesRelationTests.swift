import BookCatalog
import ScoutTestSupport
import Testing

@Suite(.timeLimit(.minutes(10))) struct SeriesRelationTests {
    /// ``SeriesSample``'s books as the goodbooks importer makes them, with their Goodreads ids
    /// as store ids.
    private static let books = SeriesSample.rows.map { row in
        let parsed = SeriesTitle(parsing: row.title)
        return Book(
            id: row.id, source: "goodbooks", sourceID: "\(row.id)", title: parsed.title, series: parsed.series,
            authors: [row.author], ratingsCount: row.ratings)
    }

    /// The same-series relations from the book `id` among `books`, as "title: reason" lines.
    private static func seriesList(from id: Int64, among books: [Book] = books) -> [String] {
        let titles = Dictionary(uniqueKeysWithValues: books.map { ($0.id, $0.title) })
        return RelationBuilder().sameSeries(among: books).filter { $0.from == id }.map {
            "\(titles[$0.to] ?? "?"): \($0.reason)"
        }
    }

    @Test func theHungerGamesListsItsPrequelFirstAndItsBoxSetLast() {
        #expect(
            Self.seriesList(from: 2_767_052) == [
                "The Ballad of Songbirds and Snakes: same series: The Hunger Games #0",
                "Catching Fire: same series: The Hunger Games #2", "Mockingjay: same series: The Hunger Games #3",
                "The Hunger Games Trilogy Boxset: same series: The Hunger Games #1–3",
            ])
    }

    /// Each part of Order of the Phoenix is a book of its own, listed after the whole volume.
    @Test func partsOfOneVolumeAreDistinctBooksAfterTheVolume() {
        let phoenix = "Harry Potter and the Order of the Phoenix"
        #expect(
            Self.seriesList(from: 1_317_181).filter { $0.hasPrefix(phoenix) } == [
                "\(phoenix): same series: Harry Potter #5", "\(phoenix): same series: Harry Potter #5, Part 2",
            ])
        #expect(Self.seriesList(from: 3).count == 11)
    }

    /// Eric is in Discworld and Rincewind; The Color of Magic, in both too, is listed once,
    /// at its Discworld place, as Discworld is Eric's first series.
    @Test func aBookSharingTwoSeriesIsListedOnceUnderTheFirst() {
        #expect(
            Self.seriesList(from: 64_218) == [
                "The Color of Magic: same series: Discworld #1", "Mort: same series: Discworld #4",
                "Pyramids: same series: Discworld #7", "Guards! Guards!: same series: Discworld #8",
                "Reaper Man: same series: Discworld #11",
            ])
    }

    /// Scores fall along the list, so the stores, which order a kind by score, list it in
    /// series order.
    @Test func scoresFallInSeriesOrder() {
        for book in Self.books {
            let scores = RelationBuilder().sameSeries(among: Self.books).filter { $0.from == book.id }.map(\.score)
            #expect(scores == scores.sorted(by: >) && Set(scores).count == scores.count)
            #expect(scores.allSatisfy { (0...1).contains($0) })
        }
    }

    /// A book listing one series twice (Goodreads has such typos) is never related to itself
    /// nor to another book twice.
    @Test func aSeriesNamedTwiceRelatesNoBookTwiceNorToItself() {
        let books = [
            Book(
                id: 1, source: "t", sourceID: "1", title: "Twice",
                series: [SeriesMembership(name: "Saga", number: 1), SeriesMembership(name: "saga", number: 2)]),
            Book(id: 2, source: "t", sourceID: "2", title: "Other", seriesName: "Saga", seriesNumber: 3),
        ]
        let relations = RelationBuilder().sameSeries(among: books)
        #expect(relations.map { "\($0.from)>\($0.to)" } == ["1>2", "2>1"])
        #expect(relations.last?.reason == "same series: Saga #1")
    }

    /// A series of 600 keeps 500 relations per book, the first 500 in series order, where the
    /// builder's ``RelationBuilder/limit`` would have kept 10.
    @Test func aLongSeriesIsListedUpToTheBound() {
        let books = (1...600).map { number in
            Book(
                id: Int64(number), source: "t", sourceID: "\(number)", title: "Volume \(number)", seriesName: "Long",
                seriesNumber: Double(number))
        }
        let relations = RelationBuilder().sameSeries(among: books, from: [1, 300])
        let fromFirst = relations.filter { $0.from == 1 }
        #expect(RelationBuilder.maximumSeriesRelations == 500)
        #expect(fromFirst.map(\.to) == Array(2...501).map(Int64.init))
        #expect(relations.filter { $0.from == 300 }.map(\.to) == (Array(1...299) + Array(301...501)).map(Int64.init))
        #expect(fromFirst.last.map(\.score) == RelationBuilder.seriesScore(position: 499))
        #expect(RelationBuilder.seriesScore(position: 499) > 0)
    }

    /// A book that joins a second series changes the lists of both series' books, and books
    /// by one author that share any series are related as series, not as author.
    @Test func everySeriesCountsForNeighboursAndSameAuthor() throws {
        let mort = try #require(Self.books.first { $0.title == "Mort" })
        let neighbourhood = RelationBuilder().neighbourhood(of: [mort.id], among: Self.books, picks: [], links: [])
        let discworld = Self.books.filter { $0.series.contains { $0.name == "Discworld" } }.map(\.id)
        #expect(neighbourhood.isSuperset(of: discworld))
        let byAuthor = RelationBuilder().sameAuthor(among: Self.books).filter { $0.from == mort.id }
        #expect(byAuthor.isEmpty)
    }
}
