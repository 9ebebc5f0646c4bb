import BookCatalog
import ScoutTestSupport
import Testing

extension BookStoreContract {
    @Test(arguments: StoreKind.available)
    func searchFindsTitlePrefixesIgnoringCaseAndDiacritics(kind: StoreKind) async throws {
        try await kind.withShelf { store, _ throws in
            #expect(try await store.search("les miser", limit: 5).map(\.title) == ["Les Misérables"])
            #expect(try await store.search("LES MISÉR", limit: 5).map(\.title) == ["Les Misérables"])
            #expect(try await store.search("misérables", limit: 5).map(\.title) == ["Les Misérables"])
            #expect(
                try await store.search("hunger gam", limit: 5).map(\.title) == ["The Hunger Games", "Catching Fire"])
            // Only the last word is a prefix, unless the text ends with a separator: no book has
            // every word, and the closest matches name the word they lack.
            #expect(try await store.rankedPage("hung games", offset: 0, limit: 5).missingWords == ["hung"])
            #expect(try await store.rankedPage("hunger gam ", offset: 0, limit: 5).missingWords == ["gam"])
        }
    }

    @Test(arguments: StoreKind.available)
    func searchRanksByTheRulesThenByRatingsCount(kind: StoreKind) async throws {
        try await kind.withShelf { store, _ throws in
            #expect(try await store.search("collins", limit: 5).map(\.title) == ["The Hunger Games", "Catching Fire"])
            // "hugo" is in a title (Hugo Cabret) and an author (Victor Hugo): the title comes first.
            #expect(
                try await store.search("hugo", limit: 5).map(\.title) == [
                    "The Invention of Hugo Cabret", "Les Misérables",
                ])
            // Words spread over title and authors still match, after one-field matches.
            #expect(try await store.search("fire collins", limit: 5).map(\.title) == ["Catching Fire"])
            let guide = Book(source: "test", sourceID: "9", title: "Fire Collins Guide", ratingsCount: 10)
            _ = try await store.upsert([guide])
            #expect(
                try await store.search("fire collins", limit: 5).map(\.title) == [
                    "Fire Collins Guide", "Catching Fire",
                ])
            // "Game" is A Game of Thrones' second word and a prefix of The Hunger Games' third.
            #expect(try await store.search("game", limit: 1).map(\.title) == ["A Game of Thrones"])
            #expect(
                try await store.search("game", limit: 5).map(\.title) == [
                    "A Game of Thrones", "The Hunger Games", "Catching Fire",
                ])
        }
    }

    @Test(arguments: StoreKind.available)
    func queryAlternativesMatchAnyAndEqualRatingsFallBackToID(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            // Every word is equally frequent and every title equally long, so nothing but the id
            // can order them.
            let twins = ["Blue Moon", "Blue Sun", "Red Moon", "Red Sun"].enumerated().map { offset, title in
                Book(source: "twins", sourceID: "\(offset)", title: title, ratingsCount: 7)
            }
            let ids = try await store.upsert(twins).ids
            let either = BookQuery(terms: [.init(["moon", "sun"])])
            #expect(try await store.search(either, limit: 10).map(\.id) == ids)
            #expect(
                try await store.search(BookQuery(terms: [.init(["moon", "red"])]), limit: 10).map(\.id) == [
                    ids[0], ids[2], ids[3],
                ])
            let blueEither = BookQuery(terms: [.init(["blue"]), .init(["mo", "su"], isPrefix: true)])
            #expect(try await store.search(blueEither, limit: 10).map(\.id) == [ids[0], ids[1]])
            #expect(try await store.search(either, limit: 2).map(\.id) == [ids[0], ids[1]])
            #expect(try await store.search(BookQuery(terms: []), limit: 10).isEmpty)
            #expect(try await store.search(BookQuery(terms: [.init([""])]), limit: 10).isEmpty)
        }
    }

    @Test(arguments: StoreKind.available)
    func searchToleratesTypos(kind: StoreKind) async throws {
        try await kind.withShelf { store, _ throws in
            #expect(
                try await store.search("hungr games", limit: 5).map(\.title) == ["The Hunger Games", "Catching Fire"])
            #expect(try await store.search("les miserbles", limit: 5).map(\.title) == ["Les Misérables"])
        }
    }

    @Test(arguments: StoreKind.available)
    func searchTermsAreTheDistinctFoldedWordsAndFollowUpdates(kind: StoreKind) async throws {
        try await kind.withShelf { store, _ throws in
            let expected = Set(
                SampleBooks.all.flatMap {
                    ([$0.title] + $0.series.map(\.name) + $0.authors).flatMap {
                        SearchText.indexTokens(in: $0).map(\.folded)
                    }
                })
            let terms = try await store.searchTerms()
            #expect(Set(terms) == expected && terms.count == expected.count)
            #expect(terms.contains("miserables") && !terms.contains("Misérables"))
            var renamed = SampleBooks.miserables
            renamed.title = "Quatrevingt-treize"
            _ = try await store.upsert([renamed])
            let updated = Set(try await store.searchTerms())
            #expect(updated.contains("quatrevingt") && updated.contains("treize") && !updated.contains("miserables"))
            #expect(updated.contains("hugo"))
        }
    }

    @Test(arguments: StoreKind.available)
    func searchLimitsAreClamped(kind: StoreKind) async throws {
        try await kind.withShelf { store, _ throws in
            #expect(try await store.search("the", limit: 0).count == 1)
            #expect(try await store.search("the", limit: -5).count == 1)
            // The Hunger Games, The Invention of Hugo Cabret, and Catching Fire by its series.
            #expect(try await store.search("the", limit: 1_000_000).count == 3)
        }
    }
}
