import BookStorage
import ScoutTestSupport
import Synchronization
import Testing

@testable import BookCatalog

@Suite(.timeLimit(.minutes(10))) struct TypoToleranceTests {
    private static func titles(_ text: String, limit: Int = 5, in store: SQLiteBookStore) async throws -> [String] {
        try await store.search(text, limit: limit).map(\.title)
    }

    @Test func budgetsStartAtThreeAndNineCharacters() {
        let budgets = ["gam", "game", "games", "hungered", "miserable", "12345", "1234567890", "किताबें", "catch22"]
            .map { TypoTolerance.allowedTypos(in: $0) }
        // "किताबें" is three characters (seven scalars), as people see it: one typo, as "gam".
        #expect(budgets == [1, 1, 1, 1, 2, 0, 0, 1, 1])
        // Three letters still being typed: none.
        #expect(TypoTolerance.allowedTypos(in: "gam", isPrefix: true) == 0)
        #expect(TypoTolerance.allowedTypos(in: "ga") == 0)
    }

    @Test func typosFindTheIntendedBooks() async throws {
        try await withTemporaryStore { store in
            _ = try await store.upsert(SampleBooks.all)
            #expect(try await Self.titles("hunger gmaes", in: store) == ["The Hunger Games", "Catching Fire"])
            #expect(try await Self.titles("Les Miserbles", in: store) == ["Les Misérables"])
            #expect(try await Self.titles("LES MISÉRBLES ", in: store) == ["Les Misérables"])
            #expect(try await Self.titles("collinz", in: store) == ["The Hunger Games", "Catching Fire"])
            #expect(try await Self.titles("catchng fire", in: store) == ["Catching Fire"])
            #expect(try await Self.titles("thrnoes", in: store) == ["A Game of Thrones"])
        }
    }

    @Test func shortWordsAndNumbersAreNeverWidened() async throws {
        try await withTemporaryStore { store in
            let potter = Book(source: "test", sourceID: "hp", title: "Harry Potter", ratingsCount: 9)
            let year = Book(source: "test", sourceID: "84", title: "Nineteen 19845", ratingsCount: 9)
            let rules = Book(source: "test", sourceID: "r", title: "Rules", ratingsCount: 9)
            _ = try await store.upsert([potter, year, rules])
            // "hry" has 3 letters: one typo, and "harry" is two away. No book has every word: the
            // closest matches, without "hry", say so.
            let hry = try await store.rankedPage("hry pott", offset: 0, limit: 5)
            #expect(hry.missingWords == ["hry"] && hry.matches.map(\.book.title) == ["Harry Potter"])
            // 4 letters no word of the catalog holds may be one typo away: "rues" is "rules".
            #expect(try await Self.titles("hary pott", in: store) == ["Harry Potter"])
            #expect(try await Self.titles("rues", in: store) == ["Rules"])
            #expect(try await Self.titles("harry pottr", in: store) == ["Harry Potter"])
            #expect(try await Self.titles("19846", in: store).isEmpty)
            #expect(try await Self.titles("nineteen 1984", in: store) == ["Nineteen 19845"])
        }
    }

    @Test("only a query's first ten words are searched, so a pasted paragraph costs what a title costs")
    func wordsPastTheTenthAreLeftOut() async throws {
        let twelve = "the hunger games the hunger games the hunger games the xqzv wyrt"
        let terms = try #require(SearchText.exactQuery(twelve)).terms
        #expect(terms.count == SearchText.maximumQueryWords)
        #expect(terms.allSatisfy { !$0.isPrefix })  // the tenth word was finished: a space followed it
        try await withTemporaryStore { store in
            _ = try await store.upsert(SampleBooks.all)
            #expect(try await Self.titles(twelve, in: store) == ["The Hunger Games", "Catching Fire"])
        }
    }

    @Test func aFinishedWordIsNotAPrefix() async throws {
        #expect(SearchText.exactQuery("hunger ga")?.terms.map(\.isPrefix) == [false, true])
        #expect(SearchText.exactQuery("hunger ga ")?.terms.map(\.isPrefix) == [false, false])
        #expect(SearchText.exactQuery("hunger ga!")?.terms.map(\.isPrefix) == [false, false])
        try await withTemporaryStore { store in
            _ = try await store.upsert(SampleBooks.all)
            // 3 letters typed whole: one typo, and no book has "hunger" with a word one away from
            // "gme" ("games" is two): the closest matches leave "gme" out and say so.
            #expect(try await store.rankedPage("hunger gme", offset: 0, limit: 5).missingWords == ["gme"])
            #expect(try await Self.titles("hunger gamse", in: store) == ["The Hunger Games", "Catching Fire"])
            #expect(try await Self.titles("catchin ", in: store) == ["Catching Fire"])
            #expect(try await Self.titles("catchi ", in: store).isEmpty)  // 2 typos from "catching"
        }
    }

    @Test func aWordTheCatalogHoldsIsTakenAsMeant() async throws {
        try await withTemporaryStore { store in
            let gamer = Book(source: "test", sourceID: "g", title: "The Gamer", ratingsCount: 90_000_000)
            _ = try await store.upsert(SampleBooks.all + [gamer])
            // "gamer" is a word of the catalog: no look-alikes, though "games" is one typo away.
            #expect(try await Self.titles("gamer ", in: store) == ["The Gamer"])
            // "gamez" is not: its neighbours within one typo, ranked by the rules — nearer the
            // start of the title first (gamer and game are second words, games the third),
            // then most read.
            #expect(
                try await Self.titles("gamez ", in: store) == [
                    "The Gamer", "A Game of Thrones", "The Hunger Games", "Catching Fire",
                ])
            #expect(try await Self.titles("gamez ", limit: 1, in: store) == ["The Gamer"])
        }
    }

    @Test("when no book holds the words as typed, a word of the catalog gets its typo too")
    func aCatalogWordIsWidenedWhenNothingMatchesAsTyped() async throws {
        try await withTemporaryStore { store in
            let smoke = Book(source: "test", sourceID: "s", title: "Where There's Smoke", ratingsCount: 20)
            let road = Book(source: "test", sourceID: "r", title: "Three Day Road", ratingsCount: 900)
            _ = try await store.upsert(SampleBooks.all + [smoke, road])
            // "three" is a word of the catalog, but no book has "where three smoke".
            let page = try await store.rankedPage("where three's smoke", offset: 0, limit: 5)
            #expect(page.matches.map(\.book.title) == ["Where There's Smoke"])
            #expect(page.missingWords.isEmpty && page.total == 1)
            // "Did you mean": the query as the book spells it.
            #expect(page.suggestion == "where there's smoke")
            #expect(try await store.rankedPage("where there's smoke", offset: 0, limit: 5).suggestion == nil)
            #expect(try await Self.titles("hunger gates ", in: store).first == "The Hunger Games")
            // A book that holds every word as typed keeps the query to what was typed.
            #expect(try await Self.titles("three day ", in: store) == ["Three Day Road"])
        }
    }

    @Test func oneTypoMatchesComeBeforeTwoTypoMatches() async throws {
        try await withTemporaryStore { store in
            let one = Book(source: "test", sourceID: "1", title: "Wanderland", ratingsCount: 10)
            let two = Book(source: "test", sourceID: "2", title: "Wandurland", ratingsCount: 1000)
            _ = try await store.upsert([one, two])
            #expect(try await Self.titles("wonderland ", in: store) == ["Wanderland", "Wandurland"])
        }
    }

    @Test func theDictionaryFollowsNewBooksSoonAfter() async throws {
        try await withTemporaryStore { store in
            _ = try await store.upsert(SampleBooks.all)
            #expect(try await Self.titles("zebrafsh", in: store).isEmpty)
            _ = try await store.upsert([Book(source: "test", sourceID: "z", title: "Zebrafish Days")])
            // The first search after the write may still use the old dictionary while the new
            // one builds; searches soon after find the new word.
            var titles: [String] = []
            // The generation is read at most once a second (``TypoTolerance/generationCheckInterval``)
            // on the store's own real clock.
            _ = try await eventually {
                titles = try await Self.titles("zebrafsh", in: store)
                return !titles.isEmpty
            }
            #expect(titles == ["Zebrafish Days"])
        }
    }

    @Test func theGenerationIsReadOncePerInterval() async throws {
        try await withTemporaryStore { base in
            let clock = ManualClock()
            let store = ObservedStore(base: base, clock: clock)
            _ = try await store.upsert(SampleBooks.all)
            for _ in 0..<5 { _ = try await store.search("hunger gmaes", limit: 5) }
            #expect(store.generationReadCount == 1)
            clock.advance(by: .milliseconds(999))
            _ = try await store.search("hunger gmaes", limit: 5)
            #expect(store.generationReadCount == 1)
            clock.advance(by: .milliseconds(2))
            _ = try await store.search("hunger gmaes", limit: 5)
            #expect(store.generationReadCount == 2)
        }
    }

    @Test func aWordTheDictionaryDoesNotKnowSkipsTheExactQuery() async throws {
        try await withTemporaryStore { base in
            _ = try await base.upsert(SampleBooks.all)
            let store = ObservedStore(base: base)
            // No dictionary yet: the exact query runs while it builds, then the widened one.
            #expect(
                try await store.search("hunger gmaes", limit: 5).map(\.title) == ["The Hunger Games", "Catching Fire"])
            #expect(store.takeQueries().count == 2)
            // With the dictionary at hand, "catchng" is known not to be a word of the catalog:
            // only the widened query runs, with the typed word first.
            #expect(try await store.search("catchng fire", limit: 5).map(\.title) == ["Catching Fire"])
            let widened = store.takeQueries()
            #expect(widened.count == 1)
            #expect(
                widened.first?.terms.first?.alternatives.filter { !Romaji.isIndexWord($0) }.prefix(2) == [
                    "catchng", "catching",
                ])
            // Words the catalog holds run as typed, in one query.
            #expect(try await store.search("catching fire", limit: 5).map(\.title) == ["Catching Fire"])
            #expect(store.takeQueries() == [SearchText.exactQuery("catching fire")])
            // All within a second: the generation was read once.
            #expect(store.generationReadCount == 1)
        }
    }

    @Test func ftsSyntaxInTypoedTextIsHarmless() async throws {
        try await withTemporaryStore { store in
            _ = try await store.upsert(SampleBooks.all)
            #expect(try await Self.titles("\"hungr\" gmaes*)", in: store) == ["The Hunger Games", "Catching Fire"])
            #expect(try await Self.titles("{title}: colinz^", in: store).isEmpty)  // "title" must match too
            for text in ["gmaes AND NOT( hungr*", "NEAR(hungre gmaes, 2)", "miserbles OR \"", "-colinz +"] {
                _ = try await store.search(text, limit: 5)
            }
        }
    }

    /// SearchPropertyTests' hostile strings, with typos: nothing throws, and each ASCII word of
    /// the query is within its typo budget of a word of every result (of a word's beginning,
    /// for a last word still being typed).
    @Test func hostileStringsMatchWithinTheTypoBudget() async throws {
        let alphabet = [
            "\"", "*", "(", ")", ":", "^", "-", "{", " ", " ", "AND", "NEAR", "hungre", "gmaes", "hugoz", "z",
        ]
        try await withTemporaryStore { store in
            _ = try await store.upsert(SampleBooks.all)
            var random = SplitMix64(seed: 0x7E_2D1)
            for _ in 0..<500 {
                let text = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                    alphabet.randomElement(using: &random)!
                }
                .joined()
                let terms = SearchText.exactQuery(text)?.terms ?? []
                let page = try await store.rankedPage(text, offset: 0, limit: 10)
                for book in page.matches.map(\.book) {
                    let document = TermDictionary(
                        ([book.title] + book.series.map(\.name) + book.authors).flatMap {
                            SearchText.indexTokens(in: $0).map(\.folded)
                        })
                    // The closest matches, when no book has every word, lack the words they name.
                    for term in terms
                    where term.alternatives[0].allSatisfy(\.isASCII)
                        && !page.missingWords.contains(term.alternatives[0])
                    {
                        let word = term.alternatives[0]
                        let budget = TypoTolerance.allowedTypos(in: word)
                        let matches =
                            term.isPrefix
                            ? document.prefixes(near: word, maxDistance: budget)
                            : document.words(near: word, maxDistance: budget)
                        #expect(!matches.isEmpty, "\(text.debugDescription) gave \(book.title)")
                    }
                }
            }
        }
    }

    /// A store that failed to list its books (a dropped connection) leaves search to the
    /// store only until the index is next asked for: then it builds again.
    @Test func aFailedIndexBuildStartsAgainWhenNextAskedFor() async throws {
        struct Dropped: Error {}
        let attempts = Mutex(0)
        let build = TypoTolerance.IndexBuild {
            let attempt = attempts.withLock { count in
                count += 1
                return count
            }
            if attempt == 1 { throw Dropped() }
            return try CandidateIndex([SearchEntry(id: 1, title: "Dune", authors: [], ratingsCount: 1)])
        }
        await #expect(throws: Dropped.self) { try await build.wait() }
        #expect(build.index == nil)
        try await build.wait()
        #expect(build.index?.search(SearchText.exactQuery("du")!, limit: 5).map(\.title) == ["Dune"])
        #expect(attempts.withLock { $0 } == 2)
    }

    @Test func concurrentSearchesShareOneDictionaryBuild() async throws {
        try await withTemporaryStore { store in
            _ = try await store.upsert(SampleBooks.all)
            var cache = TypoTolerance.CatalogCache()
            let (firstLookup, started) = cache.catalogOrBuild(at: 1, from: store, indexesBooks: true)
            guard case .building(let first, _) = firstLookup, let started, started.task == first,
                case (.building(let second, _), nil) = cache.catalogOrBuild(at: 1, from: store, indexesBooks: true)
            else {
                Issue.record("a fresh cache has nothing ready, and one build starts")
                return
            }
            #expect(first == second)
            cache.finish(first, at: 1, with: try await first.value)
            guard case (.ready, nil) = cache.catalogOrBuild(at: 1, from: store, indexesBooks: true) else {
                Issue.record("the finished build is cached")
                return
            }
            // A newer generation: the old dictionary serves at once while the new one builds.
            guard case (.stale, let newer?) = cache.catalogOrBuild(at: 2, from: store, indexesBooks: true) else {
                Issue.record("a new generation needs a new build, and the old dictionary meanwhile")
                return
            }
            #expect(newer.task != first && newer.generation == 2)
            guard case (.stale, nil) = cache.catalogOrBuild(at: 3, from: store, indexesBooks: true) else {
                Issue.record("the old dictionary serves until the new one is built, and one build runs")
                return
            }
            cache.finish(newer.task, at: 2, with: try await newer.task.value)
            guard case (.ready, nil) = cache.catalogOrBuild(at: 2, from: store, indexesBooks: true) else {
                Issue.record("the new dictionary replaces the old one")
                return
            }
            guard case (.stale, let latest?) = cache.catalogOrBuild(at: 3, from: store, indexesBooks: true),
                latest.generation == 3
            else {
                Issue.record("once a build ends, a newer generation starts the next")
                return
            }
            latest.task.cancel()

            let typoTolerance = TypoTolerance()
            let results = try await withThrowingTaskGroup(of: [String].self) { group in
                for _ in 0..<8 {
                    group.addTask { try await typoTolerance.search("hunger gmaes", limit: 5, in: store).map(\.title) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(results == Array(repeating: ["The Hunger Games", "Catching Fire"], count: 8))
        }
    }

    @Test(
        "Realistic typos find the intended goodbooks-10k book in the top 3 (reads ../shared)",
        .enabled(if: Requirement.sharedFixtures.mayRun, Comment(rawValue: Requirement.sharedFixtures.skipReason)))
    func realisticTyposOnGoodbooks() async throws {
        let url = try SharedFixtures.url("data/goodbooks-10k/books.csv")
        try await withTemporaryStore { store in
            _ = try await GoodbooksImporter(store: store).importBooks(from: url)
            let cases: [(typed: String, title: String)] = [
                ("hunger gmaes", "The Hunger Games"),
                ("Les Miserbles", "Les Misérables"),
                ("to kill a mockingbrd", "To Kill a Mockingbird"),
                ("the great gatsbi", "The Great Gatsby"),
                ("pride and prejudise", "Pride and Prejudice"),
                ("the hobit", "The Hobbit"),
                ("harry potter sorcerers stnoe", "Harry Potter and the Sorcerer's Stone"),
                ("cacther in the rye", "The Catcher in the Rye"),
                ("tolkein", "The Hobbit"),
                ("suzane collins", "The Hunger Games"),
            ]
            let clock = ContinuousClock()
            for (typed, title) in cases {
                var found: [String] = []
                let elapsed = try await clock.measure { found = try await Self.titles(typed, limit: 3, in: store) }
                print("goodbooks typo \(typed.debugDescription): \(found) in \(elapsed)")
                #expect(found.contains { $0.hasPrefix(title) }, "\(typed) → \(found)")
            }
        }
    }
}
