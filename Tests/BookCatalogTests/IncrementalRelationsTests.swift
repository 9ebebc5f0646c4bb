import BookCatalog
import BookStorage
import Foundation
import ScoutTestSupport
import Testing

/// Rebuilding only what an import touched gives what a full rebuild gives, for the kinds where
/// incremental rebuilding is exact, and leaves unrelated books alone.
@Suite(.timeLimit(.minutes(10))) struct IncrementalRelationsTests {
    static let page = URL(string: "https://books.example/mockingjay")!

    @Test func addingASeriesBookRebuildsItsSeriesAndAuthorOnly() async throws {
        try await withTemporaryStore { store in
            let clashOfKings = Book(
                source: "test", sourceID: "7", title: "A Clash of Kings", authors: ["George R.R. Martin"])
            // Books that nothing relates, so the touched neighbourhood stays under half the catalog.
            let loners = (1...6).map {
                Book(source: "test", sourceID: "loner-\($0)", title: "Loner \($0)", authors: ["Writer \($0)"])
            }
            _ = try await store.upsert(SampleBooks.all + [clashOfKings] + loners)
            try await store.rebuildRelations()
            var mockingjay = Book(
                source: "test", sourceID: "6", title: "Mockingjay", seriesName: "The Hunger Games", seriesNumber: 3,
                authors: ["Suzanne Collins"], ratingsCount: 1_500_000)
            mockingjay.sourceURL = Self.page
            let link = ListedLink(
                from: BookKey(SampleBooks.miserables), to: URL(string: Self.page.absoluteString + "#top")!)
            let result = try await store.apply(ImportBatch(books: [mockingjay], links: [link]))
            let miserables = try #require(try await store.book(key: BookKey(SampleBooks.miserables)))
            #expect(result.touched.count == 2 && result.touched.contains(miserables.id))

            let written = try await store.rebuildRelations(affecting: result.touched)
            let incremental = try await RelationStoreTests.storedRelations(store)
            try await store.rebuildRelations()
            #expect(try await RelationStoreTests.storedRelations(store) == incremental)
            #expect(written == incremental.count - 2)  // George R.R. Martin's two were left alone

            let hunger = try #require(try await store.book(key: BookKey(SampleBooks.hungerGames)))
            #expect(
                try await store.related(to: hunger.id, kind: .sameSeries).map(\.book.title) == [
                    "Catching Fire", "Mockingjay",
                ])
            let listed = try await store.related(to: miserables.id, kind: .listedSimilar)
            #expect(listed.map(\.relation.reason) == ["listed as similar on books.example"])
        }
    }

    @Test func nothingTouchedRebuildsNothing() async throws {
        try await withTemporaryStore { store in
            _ = try await store.upsert(SampleBooks.all)
            #expect(try await store.rebuildRelations(affecting: []) == 0)
            #expect(try await RelationStoreTests.storedRelations(store).isEmpty)
        }
    }
}
