import BookCatalog
import Testing

@Suite struct SQLiteBookStoreTests {
    @Test func roundTripKeepsEveryField() async throws {
        try await withTemporaryStore { store in
            let result = try await store.upsert([SampleBooks.hungerGames])
            #expect(result.inserted == 1)
            let id = try #require(result.ids.first)
            var expected = SampleBooks.hungerGames
            expected.id = id
            #expect(try await store.book(id: id) == expected)
            #expect(try await store.book(id: id + 100) == nil)
            #expect(try await store.count() == 1)
        }
    }

    @Test func upsertIsIdempotentOnTheNaturalKey() async throws {
        try await withTemporaryStore { store in
            let first = try await store.upsert(SampleBooks.all)
            #expect(first.inserted == SampleBooks.all.count)
            let second = try await store.upsert(SampleBooks.all)
            #expect(second.unchanged == SampleBooks.all.count && second.inserted == 0 && second.updated == 0)
            #expect(second.ids == first.ids)

            var renamed = SampleBooks.miserables
            renamed.title = "Les Miserables (abridged)"
            renamed.id = 999  // ignored: the natural key decides
            let third = try await store.upsert([renamed])
            #expect(third.updated == 1 && third.ids == [first.ids[2]])
            #expect(try await store.count() == SampleBooks.all.count)
            #expect(try await store.search("abridged", limit: 5).map(\.sourceID) == ["3"])
        }
    }

    @Test func searchFindsTitlePrefixesIgnoringCaseAndDiacritics() async throws {
        try await withTemporaryStore { store in
            _ = try await store.upsert(SampleBooks.all)
            #expect(try await store.search("les miser", limit: 5).map(\.title) == ["Les Misérables"])
            #expect(try await store.search("LES MISÉR", limit: 5).map(\.title) == ["Les Misérables"])
            #expect(try await store.search("hunger gam", limit: 5).map(\.title) == ["The Hunger Games"])
        }
    }

    @Test func searchFindsAuthorsAndRanksOneFieldMatchesFirst() async throws {
        try await withTemporaryStore { store in
            _ = try await store.upsert(SampleBooks.all)
            #expect(try await store.search("collins", limit: 5).map(\.title) == ["The Hunger Games", "Catching Fire"])
            // "hugo" is in a title (Hugo Cabret) and an author (Victor Hugo): both match in one
            // field, so ratings decide.
            #expect(
                try await store.search("hugo", limit: 5).map(\.title)
                    == ["Les Misérables", "The Invention of Hugo Cabret"])
            // Words spread over title and authors still match, after one-field matches.
            #expect(try await store.search("fire collins", limit: 5).map(\.title) == ["Catching Fire"])
            let guide = Book(source: "test", sourceID: "9", title: "Fire Collins Guide", ratingsCount: 10)
            _ = try await store.upsert([guide])
            #expect(
                try await store.search("fire collins", limit: 5).map(\.title)
                    == ["Fire Collins Guide", "Catching Fire"])
            #expect(try await store.search("game", limit: 1).map(\.title) == ["The Hunger Games"])
        }
    }

    @Test func searchWithoutWordsReturnsNothing() async throws {
        try await withTemporaryStore { store in
            _ = try await store.upsert(SampleBooks.all)
            for text in ["", "   ", "*", "\"\"", "-", "( )"] {
                #expect(try await store.search(text, limit: 5).isEmpty)
            }
        }
    }

    @Test func hostileFTSInputNeverThrows() async throws {
        try await withTemporaryStore { store in
            _ = try await store.upsert(SampleBooks.all)
            let inputs = [
                "AND", "OR", "NOT", "a\"b", "OPS-306", "*", "NEAR(", "NEAR(a b, 2)", "title:x", "{title}: x",
                "hunger AND", "\"hunger", "\"\u{301}x", "x\"\u{301}", "\"\u{FE0F}", "^hunger", "hunger*", "-games",
                "'; DROP TABLE books; --", "a\u{0}b",
            ]
            for text in inputs {
                _ = try await store.search(text, limit: 5)
            }
            #expect(try await store.search("title:hunger", limit: 5).isEmpty)
            #expect(try await store.count() == SampleBooks.all.count)
        }
    }
}
