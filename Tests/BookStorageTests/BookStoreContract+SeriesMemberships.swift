import BookCatalog
import ScoutTestSupport
import Testing

extension BookStoreContract {
    /// Every membership is stored and read back: several series, a range, a decimal, parts,
    /// a series without a number; changing one is an update.
    @Test(arguments: StoreKind.available)
    func seriesMembershipsReadBackWhole(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            let memberships = [
                SeriesMembership(name: "Death", number: 1), SeriesMembership(name: "Discworld", number: 4),
                SeriesMembership(name: "Harry Potter", number: 1, lastNumber: 7),
                SeriesMembership(name: "Throne of Glass", number: 0.1, lastNumber: 0.5),
                SeriesMembership(name: "A Song of Ice and Fire", number: 3, part: "Part 2 of 2"),
                SeriesMembership(name: "Companions \"quoted\" \\ é", part: "Part 1"),
                SeriesMembership(name: "Unnumbered"),
            ]
            let book = Book(source: "test", sourceID: "many", title: "Many Series", series: memberships)
            let plain = Book(source: "test", sourceID: "none", title: "No Series")
            let ids = try await store.upsert([book, plain]).ids
            let stored = try #require(try await store.book(id: ids[0]))
            #expect(stored.series == memberships)
            #expect(stored.seriesName == "Death" && stored.seriesNumber == 1)
            #expect(try await store.book(id: ids[1])?.series == [])
            #expect(try await store.upsert([book, plain]).unchanged == 2)

            var changed = book
            changed.series[2].lastNumber = 6
            #expect(try await store.upsert([changed]).updated == 1)
            #expect(try await store.book(id: ids[0])?.series[2].label == "#1–6")
            #expect(try await store.allBooks().map(\.series) == [changed.series, []])
        }
    }
}
