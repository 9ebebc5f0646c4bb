import BookCatalog
import BookStorage
import ScoutTestSupport
import Testing

@Suite(.timeLimit(.minutes(10))) struct RelationGoodbooksTests {
    @Test(
        "Rebuilds relations for the real goodbooks-10k books.csv (reads ../shared)",
        .enabled(if: Requirement.sharedFixtures.mayRun, Comment(rawValue: Requirement.sharedFixtures.skipReason)))
    func rebuildsRelationsForTheRealGoodbooksFileFromShared() async throws {
        let url = try SharedFixtures.url("data/goodbooks-10k/books.csv")
        try await withTemporaryStore { store in
            _ = try await GoodbooksImporter(store: store).importBooks(from: url)
            let clock = ContinuousClock()
            var count = 0
            let elapsed = try await clock.measure { count = try await store.rebuildRelations() }
            print("goodbooks-10k relations: \(count) rebuilt in \(elapsed)")
            #expect(count > 10_000)

            let hunger = try #require(try await store.search("hunger games", limit: 1).first)
            #expect(hunger.title == "The Hunger Games" && hunger.authors.first == "Suzanne Collins")
            let series = try await store.related(to: hunger.id, kind: .sameSeries)
            #expect(
                Array(series.prefix(2)).map { "\($0.book.title): \($0.relation.reason)" } == [
                    "Catching Fire: same series: The Hunger Games #2",
                    "Mockingjay: same series: The Hunger Games #3",
                ])
            let byAuthor = try await store.related(to: hunger.id, kind: .sameAuthor)
            #expect(!byAuthor.contains { $0.book.seriesName == "The Hunger Games" })
            #expect(byAuthor.allSatisfy { $0.relation.reason == "same author: Suzanne Collins" })
            let all = try await store.related(to: hunger.id)
            #expect(all.map(\.relation.kind) == series.map(\.relation.kind) + byAuthor.map(\.relation.kind))

            let first = try await RelationStoreTests.storedRelations(store)
            let again = try await clock.measure { try await store.rebuildRelations() }
            print("goodbooks-10k relations: rebuilt again in \(again)")
            #expect(try await RelationStoreTests.storedRelations(store) == first)
        }
    }
}
