import BookCatalog
import Foundation
import ScoutTestSupport
import Testing

/// T4 (SECURITY.md): query syntax of FTS5 and of PostgreSQL's `tsquery` in user text is inert.
extension BookStoreContract {
    static let hostileInputs = [
        "AND", "OR", "NOT", "a\"b", "OPS-306", "*", "NEAR(", "NEAR(a b, 2)", "title:x", "{title}: x", "hunger AND",
        "\"hunger", "\"\u{301}x", "x\"\u{301}", "\"\u{FE0F}", "^hunger", "hunger*", "-games", "'", "''", "\\", "a\\",
        "it's", "hunger:*", "hunger:*A", ":*", "!hunger", "!", "&|", "hunger & games", "hunger | x", "hunger <-> games",
        "(hunger", "hunger)", "'; DROP TABLE books; --", "a\u{0}b", "hun\u{0}", "\u{0}", "🙂", "hunger 🙂",
        "\u{202E}semag regnuh", "שלום", "مرحبا", "東京", String(repeating: "x", count: 3000),
    ]

    @Test(arguments: StoreKind.available)
    func queryLanguageInUserTextIsHarmless(kind: StoreKind) async throws {
        try await kind.withShelf { store, _ throws in
            for text in Self.hostileInputs { await Self.expectSearchSucceeds(text, in: store) }
            // No book has "title" with "hunger": the closest matches leave it out and say so.
            #expect(try await store.rankedPage("title:hunger", offset: 0, limit: 5).missingWords == ["title"])
            #expect(try await store.search("hunger:*", limit: 5).map(\.title) == ["The Hunger Games", "Catching Fire"])
            #expect(try await store.search("!hunger", limit: 5).map(\.title) == ["The Hunger Games", "Catching Fire"])
            #expect(try await store.rankedPage("hunger | x", offset: 0, limit: 5).missingWords == ["x"])
            #expect(try await store.count() == SampleBooks.all.count)
        }
    }

    @Test(arguments: StoreKind.available)
    func searchWithoutWordsReturnsNothing(kind: StoreKind) async throws {
        try await kind.withShelf { store, _ throws in
            for text in ["", "   ", "*", "\"\"", "-", "( )", "'", ":*", "&|!", "\u{0}"] {
                #expect(try await store.search(text, limit: 5).isEmpty, "\(text.debugDescription)")
            }
        }
    }

    /// Titles and authors full of query syntax are stored and found like any other words.
    @Test(arguments: StoreKind.available)
    func booksWithSyntaxInTheirTitlesAreStoredAndFound(kind: StoreKind) async throws {
        try await kind.withStore { store throws in
            let odd = Book(
                source: "odd", sourceID: "a\u{0}'\\", title: "It's a:* \"quoted\" & (NEAR) \\ title 🙂",
                authors: ["O'Brien \u{0}"], tags: ["a\"b"], description: "NUL\u{0}here")
            let result = try await store.upsert([odd])
            #expect(try await store.search("it's a", limit: 5).map(\.id) == result.ids)
            #expect(try await store.search("o'brien", limit: 5).map(\.id) == result.ids)
            #expect(try await store.search("near titl", limit: 5).map(\.id) == result.ids)
            #expect(try await store.book(key: BookKey(odd))?.id == result.ids.first)
            #expect(try await store.upsert([odd]).unchanged == 1)
            #expect(try await store.integrityProblems().isEmpty)
        }
    }

    /// Random strings over an operator alphabet plus Unicode never make search throw.
    @Test(arguments: StoreKind.available)
    func randomOperatorStringsNeverThrow(kind: StoreKind) async throws {
        let alphabet = [
            "\"", "*", "(", ")", ":", "^", "-", "+", "{", "}", "'", "\\", "&", "|", "!", "<->", ":*", " ", " ",
            "\u{0}", "AND", "NEAR", "hunger", "game", "hugo", "é", "ß", "東京", "🙂", "\u{301}", "\u{202E}", "İ",
        ]
        try await kind.withShelf { store, _ throws in
            var random = SplitMix64(seed: 0x5C0_7B00C)
            for _ in 0..<400 {
                let text = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                    alphabet.randomElement(using: &random)!
                }
                .joined()
                await Self.expectSearchSucceeds(text, in: store)
            }
        }
    }

    /// Records an issue naming `text` when searching for it throws.
    static func expectSearchSucceeds(_ text: String, in store: any BookStore) async {
        do {
            _ = try await store.search(text, limit: 10)
        } catch {
            Issue.record("search for \(text.prefix(40).debugDescription) threw \(error)")
        }
    }
}
