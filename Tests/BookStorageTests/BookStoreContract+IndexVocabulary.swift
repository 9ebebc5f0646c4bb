import BookCatalog
import ScoutTestSupport
import Testing

/// A server that maps the index file builds its typo dictionary from the index's vocabulary
/// instead of the store's ``BookStore/searchTerms()``: the two must be the same words, or typo
/// tolerance would widen differently depending on whether there was a file.
extension BookStoreContract {
    @Test(arguments: StoreKind.available)
    func theIndexVocabularyIsTheStoresSearchTerms(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            var random = SplitMix64(seed: 0xD1C7)
            let shelf = Self.wordShelf(random: &random) + Self.rankingShelf + Self.scriptShelf + SampleBooks.all
            _ = try await store.upsert(shelf)
            // A book rewritten, so the words no book holds any more are gone from both.
            var rewritten = shelf[0]
            rewritten.title = "Quixotic Zephyr"
            _ = try await store.upsert([rewritten])
            let index = try CandidateIndex(try await store.searchEntries())
            // The index holds CJK words whole where the stores hold their pairs of characters;
            // the dictionary takes neither.
            let terms = try await store.searchTerms().sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            #expect(TypoTolerance.dictionaryWords(index.vocabularyWords()) == TypoTolerance.dictionaryWords(terms))
            #expect(index.vocabularyWords().contains("zephyr"))
        }
    }
}
