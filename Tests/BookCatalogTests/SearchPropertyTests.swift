import BookCatalog
import BookStorage
import Foundation
import ScoutTestSupport
import Testing

/// T4: random strings over an FTS5 operator alphabet plus Unicode never make search throw, and
/// every result contains each searched word somewhere in its title or authors.
@Suite(.timeLimit(.minutes(10))) struct SearchPropertyTests {
    private static let alphabet: [String] = [
        "\"", "*", "(", ")", ":", "^", "-", "+", "{", "}", ",", ".", "'", ";", " ", " ", " ", "\u{0}", "\t", "\n",
        "AND", "OR", "NOT", "NEAR", "title", "authors", "rowid", "books_fts", "hunger", "game", "hugo", "les",
        "é", "É", "ß", "東京", "🙂", "\u{301}", "\u{200B}", "\u{FEFF}", "\u{202E}", "ﬁ", "İ", "a", "z", "0", "9",
    ]

    @Test func randomOperatorStringsNeverThrow() async throws {
        try await withTemporaryStore { store in
            _ = try await store.upsert(SampleBooks.all)
            var random = SplitMix64(seed: 0x5C0_7B00C)
            for _ in 0..<3000 {
                let length = Int.random(in: 1...8, using: &random)
                let text = (0..<length).map { _ in Self.alphabet.randomElement(using: &random)! }.joined()
                do {
                    let page = try await store.rankedPage(text, offset: 0, limit: 10)
                    // The closest matches, when no book has every word: every word but those.
                    for book in page.matches.map(\.book) {
                        #expect(
                            Self.oracleAccepts(book, text, leavingOut: page.missingWords),
                            "query \(text.debugDescription) gave \(book.title)")
                    }
                } catch {
                    Issue.record("query \(text.debugDescription) \(Array(text.unicodeScalars)) threw \(error)")
                }
            }
        }
    }

    /// The LIKE-style oracle: every plain ASCII word of the query is, within its typo budget, a
    /// word of the book's folded title and authors (the last word a prefix of one). Words next to non-ASCII letters are left
    /// out, since the tokenizer may join them differently.
    private static func oracleAccepts(_ book: Book, _ query: String, leavingOut missing: [String] = []) -> Bool {
        let separate = words(
            ([book.title] + book.series.map(\.name) + book.authors).joined(separator: " ")
                .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil))
        // Words the index also holds joined (initials, "ender's", "da vinci"): any two
        // neighbours, a superset of what it joins, is enough for a necessary condition.
        let document = separate + zip(separate, separate.dropFirst()).map { $0 + $1 }
        // A query joins words only an apostrophe or a hyphen separates, as people type them.
        let chunks = words(joiningInnerBreaks(query))
        return chunks.enumerated().allSatisfy { offset, chunk in
            guard chunk.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return true }
            let word = chunk.lowercased()
            if missing.contains(word) { return true }
            let budget = TypoTolerance.allowedTypos(in: word)
            let isPrefix = offset == chunks.count - 1
            return document.contains { candidate in
                let candidates = isPrefix ? (0...candidate.count).map { String(candidate.prefix($0)) } : [candidate]
                return candidates.contains { EditDistance.optimalStringAlignment(Array(word), Array($0)) <= budget }
            }
        }
    }

    /// `text` without the apostrophes and hyphens that stand between two letters or digits.
    private static func joiningInnerBreaks(_ text: String) -> String {
        let characters = Array(text)
        func isWordCharacter(_ index: Int) -> Bool {
            characters.indices.contains(index) && (characters[index].isLetter || characters[index].isNumber)
        }
        return String(
            characters.indices.filter { index in
                !("'-".contains(characters[index]) && isWordCharacter(index - 1) && isWordCharacter(index + 1))
            }.map { characters[$0] })
    }

    private static func words(_ text: String) -> [String] {
        text.unicodeScalars.split { scalar in
            !(scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                || scalar.properties.generalCategory == .nonspacingMark)
        }.map { String(String.UnicodeScalarView($0)) }
    }
}
