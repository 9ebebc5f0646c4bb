import BookCatalog
import ScoutTestSupport
import Testing

extension BookStoreContract {
    /// Books from ``SeriesSample`` as goodbooks imports them, relations rebuilt.
    private static func withSeriesSample(_ kind: StoreKind, _ body: (any BookStore) async throws -> Void)
        async throws
    {
        try await kind.withStore { store throws in
            let summary = try await GoodbooksImporter(store: store).importBooks(from: CSVReader(text: SeriesSample.csv))
            #expect(summary.imported == SeriesSample.rows.count && summary.skipped.isEmpty)
            try await store.rebuildRelations()
            try await body(store)
        }
    }

    /// The same-series list of the goodbooks book `goodreadsID`, as "title: reason" lines.
    private static func seriesList(of goodreadsID: Int64, in store: any BookStore) async throws -> [String] {
        let book = try #require(try await store.book(key: BookKey(source: "goodbooks", sourceID: "\(goodreadsID)")))
        let related = try await store.related(to: book.id, kind: .sameSeries, limit: 50)
        #expect(!related.contains { $0.book.id == book.id })
        return related.map { "\($0.book.title): \($0.relation.reason)" }
    }

    /// Prisoner of Azkaban listed #4, #2, #5, #5, #1, four box sets, #6 and stopped at ten: the
    /// whole series now comes in series order, each part and box set labelled with its place.
    @Test(arguments: StoreKind.available)
    func sameSeriesListsTheWholeSeriesInSeriesOrder(kind: StoreKind) async throws {
        try await Self.withSeriesSample(kind) { store throws in
            let phoenix = "Harry Potter and the Order of the Phoenix"
            #expect(
                try await Self.seriesList(of: 5, in: store) == [
                    "Harry Potter and the Sorcerer's Stone: same series: Harry Potter #1",
                    "Harry Potter and the Chamber of Secrets: same series: Harry Potter #2",
                    "Harry Potter and the Goblet of Fire: same series: Harry Potter #4",
                    "\(phoenix): same series: Harry Potter #5",
                    "\(phoenix): same series: Harry Potter #5, Part 1",
                    "\(phoenix): same series: Harry Potter #5, Part 2",
                    "Harry Potter and the Half-Blood Prince: same series: Harry Potter #6",
                    "Harry Potter and the Deathly Hallows: same series: Harry Potter #7",
                    "Harry Potter and the Cursed Child - Parts One and Two: same series: Harry Potter #8",
                    "The Harry Potter Collection 1-4: same series: Harry Potter #1–4",
                    "Harry Potter Boxset: same series: Harry Potter #1–7",
                ])
            #expect(
                try await Self.seriesList(of: 7_260_188, in: store) == [
                    "The Ballad of Songbirds and Snakes: same series: The Hunger Games #0",
                    "The Hunger Games: same series: The Hunger Games #1",
                    "Catching Fire: same series: The Hunger Games #2",
                    "The Hunger Games Trilogy Boxset: same series: The Hunger Games #1–3",
                ])
            #expect(
                try await Self.seriesList(of: 7_896_527, in: store) == [
                    "The Assassin and the Pirate Lord: same series: Throne of Glass #0.1",
                    "The Assassin and the Empire: same series: Throne of Glass #0.5",
                    "The Assassin's Blade: same series: Throne of Glass #0.1–0.5",
                ])
        }
    }

    /// Mort is in Death and in Discworld: it relates to the books of both, its first series
    /// first, and Reaper Man, in both too, once. Guards! Guards! listed Eric #9 before
    /// Pyramids #7.
    @Test(arguments: StoreKind.available)
    func aBookInSeveralSeriesRelatesToTheBooksOfEach(kind: StoreKind) async throws {
        try await Self.withSeriesSample(kind) { store throws in
            #expect(
                try await Self.seriesList(of: 386_372, in: store) == [
                    "Reaper Man: same series: Death #2",
                    "The Color of Magic: same series: Discworld #1",
                    "Pyramids: same series: Discworld #7",
                    "Guards! Guards!: same series: Discworld #8",
                    "Eric: same series: Discworld #9",
                ])
            #expect(
                try await Self.seriesList(of: 64_216, in: store) == [
                    "The Color of Magic: same series: Discworld #1", "Mort: same series: Discworld #4",
                    "Pyramids: same series: Discworld #7", "Eric: same series: Discworld #9",
                    "Reaper Man: same series: Discworld #11",
                ])
        }
    }
}
