import BookCatalog
import ScoutTestSupport
import Testing

/// The candidate index in memory finds what the store's own index finds, in the same order:
/// ranked search takes its candidates from either, so a difference would rank differently
/// depending on whether the index was built yet.
extension BookStoreContract {
    /// Books made of a few shared words, so queries match many books in one field, across
    /// fields, or only in part, and limits cut through ties in ratings.
    static func wordShelf(random: inout SplitMix64) -> [Book] {
        let words = ["red", "read", "reader", "moon", "moons", "blue", "glue", "night", "knight", "the", "of", "x"]
        func phrase(_ count: Int) -> String {
            (0..<count).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: " ")
        }
        return (0..<120).map { index in
            let authors = (0..<Int(random.next() % 3)).map { _ in phrase(2) }
            // Few distinct ratings (some missing, one negative), so the id decides often.
            let ratings: Int? = index % 11 == 0 ? nil : Int(random.next() % 6) * 100 - (index == 7 ? 250 : 0)
            return Book(
                source: "words", sourceID: "\(index)", title: phrase(1 + Int(random.next() % 4)), authors: authors,
                ratingsCount: ratings)
        }
    }

    @Test(arguments: StoreKind.available)
    func candidateIndexFindsWhatTheStoreFindsInItsOrder(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            var random = SplitMix64(seed: 0xC0FFEE)
            let shelf = Self.wordShelf(random: &random) + Self.rankingShelf + Self.scriptShelf + SampleBooks.all
            _ = try await store.upsert(shelf)
            let index = try CandidateIndex(try await store.searchEntries())
            #expect(index.count == shelf.count)
            let vocabulary = Array(Set(shelf.flatMap { ([$0.title] + $0.authors).flatMap(SearchText.words(in:)) }))
                .sorted()
            func word() -> String { vocabulary[Int(random.next() % UInt64(vocabulary.count))] }
            for _ in 0..<300 {
                let terms = (0..<(1 + Int(random.next() % 3))).map { _ in
                    var alternatives = [word()]
                    if random.next() % 4 == 0 { alternatives.append(word()) }
                    if random.next() % 3 == 0 {
                        // Cut short, as the word being typed.
                        alternatives[0] = String(alternatives[0].prefix(1 + Int(random.next() % 3)))
                        return BookQuery.Term(alternatives, isPrefix: true)
                    }
                    return BookQuery.Term(alternatives)
                }
                let query = BookQuery(terms: terms)
                let limit = [1, 3, 10, 64][Int(random.next() % 4)]
                let fromStore = try await store.search(query, limit: limit).map(\.id)
                let fromIndex = index.search(query, limit: limit).map(\.id)
                #expect(fromIndex == fromStore, "\(kind) \(query.terms) limit \(limit)")
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func rankedSearchFromTheIndexReturnsWholeBooksAndFindsNewOnesAtOnce(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            _ = try await store.upsert(SampleBooks.all)
            try await store.prepareSearch()
            let hunger = try #require(try await store.rankedSearch("hunger ga", limit: 5).first)
            let stored = try await store.book(key: BookKey(SampleBooks.hungerGames))
            #expect(hunger.book == stored)
            // Written by this process: the next search sees it, not the index built before.
            _ = try await store.upsert([Book(source: "test", sourceID: "new", title: "Hunger Pains", ratingsCount: 1)])
            #expect(try await store.search("hunger pa", limit: 5).map(\.title) == ["Hunger Pains"])
            try await store.prepareSearch()
            #expect(try await store.search("hunger pa", limit: 5).map(\.title) == ["Hunger Pains"])
        }
    }
}
