extension SearchText {
    /// What an index holds for text: its words as ``indexTokens(in:)`` gives them (joined words
    /// included), except that a CJK
    /// word — written without spaces, so one "word" is often a whole title — is held as its
    /// overlapping pairs of characters followed by its last character. Any two or more
    /// consecutive characters of it are then consecutive pairs in the index, found as a phrase,
    /// and any single character begins a pair or is the last one, found as a prefix (see
    /// ``indexPattern(of:isPrefix:)``).
    ///
    /// ```swift
    /// SearchText.indexWords(in: "海辺のカフカ")  // ["海辺", "辺の", "のカ", "カフ", "フカ", "カ"]
    /// SearchText.indexWords(in: "Kafka 森")      // ["kafka", "森"]
    /// ```
    public static func indexWords(in text: String) -> [String] {
        indexTokens(in: text).flatMap { indexWords(of: $0.folded) }
    }

    /// What an index holds for one folded word: itself, or a CJK word's pairs and last character.
    static func indexWords(of word: String) -> [String] {
        guard isCJKWord(word) else { return [word] }
        let characters = Array(word)
        guard characters.count > 1 else { return [word] }
        return characters.indices.dropLast().map { String(characters[$0...$0 + 1]) } + [String(characters.last!)]
    }

    /// How an index finds the folded query word `word`: the index words to look for, consecutive
    /// when more than one (a phrase), and whether the last may be a prefix. A word of an alphabet
    /// is looked for as it is; a CJK word of two or more characters as the phrase of its pairs
    /// (wherever it stands inside an indexed word), a single CJK character as a prefix.
    ///
    /// ```swift
    /// SearchText.indexPattern(of: "カフカ", isPrefix: true)  // (["カフ", "フカ"], false)
    /// SearchText.indexPattern(of: "森", isPrefix: false)     // (["森"], true)
    /// SearchText.indexPattern(of: "dune", isPrefix: true)    // (["dune"], true)
    /// ```
    public static func indexPattern(of word: String, isPrefix: Bool) -> (words: [String], isPrefix: Bool) {
        guard isCJKWord(word) else { return ([word], isPrefix) }
        let pairs = Array(indexWords(of: word).dropLast())
        return pairs.isEmpty ? ([word], true) : (pairs, false)
    }

    /// Whether a folded word is of Chinese, Japanese or Korean script (words never mix scripts
    /// of the two kinds; see ``tokens(in:)``).
    /// A word of Hangul letters (``Hangul/letters(_:)``, how Korean is searched) is compared as
    /// words of an alphabet are, by its beginning.
    public static func isCJKWord(_ word: String) -> Bool {
        word.unicodeScalars.first(where: { !isMark($0) }).map { isCJKScalar($0) && !Hangul.isLetter($0) } ?? false
    }

    /// Han ideographs, kana (full- and half-width), Hangul, and the marks of repetition and
    /// iteration written inside their words (々, 〆, ゝ).
    static func isCJKScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3005...0x3007, 0x3021...0x3029, 0x3031...0x3035,
            0x3038...0x303C, 0x3040...0x30FF, 0x3131...0x318E, 0x31A0...0x31FF, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFF66...0xFFDC,
            0x20000...0x3FFFF:
            true
        default: false
        }
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }
}
