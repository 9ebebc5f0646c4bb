import ScoutTestSupport

/// One typing mistake in a word: a letter replaced, dropped, doubled in or swapped with its
/// neighbour, chosen at random, so the word always comes out different.
enum Typo {
    /// The kinds of edit, one of which is applied.
    enum Edit: CaseIterable { case substitution, deletion, insertion, transposition }

    static let letters = Array("abcdefghijklmnopqrstuvwxyz")

    /// `word` (5 letters or more) with one random edit at a random place.
    static func edit(_ word: [Character], random: inout SplitMix64) -> [Character] {
        func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
        while true {
            var edited = word
            switch Edit.allCases[pick(Edit.allCases.count)] {
            case .substitution:
                let at = pick(word.count)
                edited[at] = letters[pick(letters.count)]
            case .deletion:
                edited.remove(at: pick(word.count))
            case .insertion:
                edited.insert(letters[pick(letters.count)], at: pick(word.count + 1))
            case .transposition:
                let at = pick(word.count - 1)
                edited.swapAt(at, at + 1)
            }
            if edited.map({ $0.lowercased() }) != word.map({ $0.lowercased() }) { return edited }
        }
    }
}
