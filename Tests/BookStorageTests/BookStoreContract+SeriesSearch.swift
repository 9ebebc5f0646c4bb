import BookCatalog
import Testing

/// A series is searched by its name, ranked as docs/BOOKS.md's rules say: after books whose title
/// matches, before books whose author does — on both stores and both candidate paths.
extension BookStoreContract {
    static let seriesSearchShelf: [Book] = [
        Book(
            source: "series", sourceID: "1", title: "Mort",
            series: [.init(name: "Death", number: 1), .init(name: "Discworld", number: 4)],
            authors: ["Terry Pratchett"],
            ratingsCount: 90_000),
        Book(
            source: "series", sourceID: "2", title: "Guards! Guards!", series: [.init(name: "Discworld", number: 8)],
            authors: ["Terry Pratchett"], ratingsCount: 100_000),
        Book(
            source: "series", sourceID: "3", title: "The Discworld Companion", authors: ["Stephen Briggs"],
            ratingsCount: 2_000),
        Book(
            source: "series", sourceID: "4", title: "Killing Floor", series: [.init(name: "Jack Reacher", number: 1)],
            authors: ["Lee Child"], ratingsCount: 150_000),
        Book(
            source: "series", sourceID: "5", title: "Reacher Said Nothing", authors: ["Andy Martin"], ratingsCount: 900),
        Book(
            source: "series", sourceID: "6", title: "Laskar Pelangi",
            series: [.init(name: "Tetralogi Laskar Pelangi", number: 1)],
            authors: ["Andrea Hirata"], ratingsCount: 20_000),
        Book(
            source: "series", sourceID: "7", title: "Sang Pemimpi",
            series: [.init(name: "Tetralogi Laskar Pelangi", number: 2)],
            authors: ["Andrea Hirata"], ratingsCount: 5_000),
        Book(source: "series", sourceID: "8", title: "Jack", authors: ["Discworld Fan"], ratingsCount: 1_000_000),
    ]

    @Test(arguments: StoreKind.available, SearchPath.allCases)
    func seriesNamesAreSearchedAfterTitlesBeforeAuthors(kind: StoreKind, path: SearchPath) async throws {
        try await kind.withStore { store throws in
            _ = try await store.upsert(Self.seriesSearchShelf)
            func titles(_ query: String) async throws -> [String] {
                try await path.search(query, limit: 10, in: store).map(\.title)
            }
            // The title match first, then the series by popularity, then the author match.
            #expect(try await titles("discworld") == ["The Discworld Companion", "Guards! Guards!", "Mort", "Jack"])
            #expect(try await titles("jack reacher").first == "Killing Floor")
            #expect(try await titles("death").first == "Mort")
            #expect(try await titles("laskar pelangi") == ["Laskar Pelangi", "Sang Pemimpi"])
            let mort = try #require(
                try await path.rankedSearch("discw", limit: 10, in: store).first { $0.book.title == "Mort" })
            #expect(mort.highlights.map(\.field) == [.series])
        }
    }
}
