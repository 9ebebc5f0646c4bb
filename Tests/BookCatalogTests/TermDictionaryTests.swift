import BookCatalog
import ScoutTestSupport
import Testing

@Suite(.timeLimit(.minutes(10))) struct TermDictionaryTests {
    private static let dictionary = TermDictionary([
        "collins", "games", "gamer", "hunger", "miserables", "potter", "potters", "pottery", "harry",
        "किताब",
    ])

    private static func found(_ word: String, _ maxDistance: Int) -> [String] {
        dictionary.words(near: word, maxDistance: maxDistance).map { "\($0.word) \($0.distance)" }
    }

    @Test func eachKindOfTypoCostsOne() {
        #expect(Self.found("hunger", 0) == ["hunger 0"])
        #expect(Self.found("hunegr", 1) == ["hunger 1"])  // adjacent transposition
        #expect(Self.found("gmaes", 1) == ["games 1"])  // transposition; "gamer" is 2 away
        #expect(Self.found("hungerr", 1) == ["hunger 1"])  // insertion
        #expect(Self.found("hungr", 1) == ["hunger 1"])  // deletion
        #expect(Self.found("hunher", 1) == ["hunger 1"])  // substitution
        #expect(Self.found("gamez", 1) == ["gamer 1", "games 1"])  // equally close: sorted
    }

    @Test func theBudgetIsAHardLimit() {
        #expect(Self.found("colins", 0).isEmpty)
        #expect(Self.found("colins", 1) == ["collins 1"])
        #expect(Self.found("colinz", 1).isEmpty)
        #expect(Self.found("colinz", 2) == ["collins 2"])
        #expect(Self.found("msrables", 2) == ["miserables 2"])
        #expect(Self.found("msrabes", 2).isEmpty)
    }

    @Test func charactersAreGraphemesNotScalars() {
        // कि ता ब: three characters, five scalars. Swapping two characters is one typo, as is
        // changing a vowel sign.
        #expect(Self.found("ताकिब", 1) == ["किताब 1"])
        #expect(Self.found("कीताब", 1) == ["किताब 1"])
    }

    @Test func prefixesAreTheShortestBeginningsWithinBudget() {
        // "pott" (one deletion) begins potter, potters and pottery: listed once, not each word.
        #expect(Self.dictionary.prefixes(near: "pottr", maxDistance: 1).map(\.word) == ["pott"])
        // Deeper beginnings are listed only when closer.
        #expect(
            Self.dictionary.prefixes(near: "potte", maxDistance: 1).map { "\($0.word) \($0.distance)" }
                == ["potte 0", "pott 1"])
        // "hunger" is one typo too, but "hunge" already covers it.
        #expect(Self.dictionary.prefixes(near: "hungre", maxDistance: 1).map(\.word) == ["hunge"])
        #expect(Self.dictionary.prefixes(near: "xyzzy", maxDistance: 2).isEmpty)
    }

    @Test func limitKeepsTheClosest() {
        let many = TermDictionary(["aaaab", "aaaac", "aaaad", "aaaaa"])
        #expect(many.words(near: "aaaaa", maxDistance: 1, limit: 2).map(\.word) == ["aaaaa", "aaaab"])
        #expect(many.count == 4)
        #expect(TermDictionary(["b", "a", "b", ""]).count == 2)
    }

    /// The walk against a brute-force optimal-string-alignment distance over random, crowded
    /// vocabularies: the same words at the same distances, and the reported beginnings cover
    /// exactly the words with a beginning within budget, at their best distance.
    @Test func matchesBruteForceOnRandomVocabularies() {
        var random = SplitMix64(seed: 0x7E_2D0)
        let letters: [Character] = ["a", "b", "c", "d", "e\u{301}", "कि", "e"]
        func randomWord(_ lengths: ClosedRange<Int>) -> String {
            String((0..<Int.random(in: lengths, using: &random)).map { _ in letters.randomElement(using: &random)! })
        }
        for _ in 0..<30 {
            let vocabulary = Array(Set((0..<200).map { _ in randomWord(1...8) }))
            let dictionary = TermDictionary(vocabulary.shuffled(using: &random))
            for _ in 0..<40 {
                let query = randomWord(1...9)
                let budget = Int.random(in: 0...2, using: &random)
                let expected = Set(
                    vocabulary.compactMap { word in
                        let distance = Self.distance(Array(word), Array(query))
                        return distance <= budget ? "\(word) \(distance)" : nil
                    })
                let actual = dictionary.words(near: query, maxDistance: budget, limit: .max)
                #expect(Set(actual.map { "\($0.word) \($0.distance)" }) == expected, "\(query) within \(budget)")

                let beginnings = dictionary.prefixes(near: query, maxDistance: budget, limit: .max)
                for word in vocabulary {
                    let best = (1...word.count).map { Self.distance(Array(word.prefix($0)), Array(query)) }.min()!
                    let covered = beginnings.filter { word.hasPrefix($0.word) }.map(\.distance).min()
                    #expect(covered == (best <= budget ? best : nil), "\(word) for \(query) within \(budget)")
                }
            }
        }
    }

    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        EditDistance.optimalStringAlignment(a, b)
    }
}
