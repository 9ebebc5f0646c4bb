extension SearchText {
    /// A word of a text as the index holds it: a ``Token`` of the text, or two or more of them
    /// joined as people type them together — so "jk rowling", "enders game", "spiderman" and
    /// "davinci" find "J.K. Rowling", "Ender's Game", "Spider-Man" and "The Da Vinci Code".
    public struct IndexToken: Sendable, Hashable {
        /// The folded word.
        public let folded: String
        /// Where it is in the text, in UTF-16 code units: a joined word spans its parts and what
        /// stands between them.
        public let range: Range<Int>
        /// The index, among the text's ``Token``s, of its first part.
        public let first: Int
        /// How many tokens it is made of: 1 for a word of the text, 2 or more for a joined one.
        public let parts: Int
        /// Whether it is another spelling of its token, not a word of the text: a Hangul word's
        /// letters (``Hangul/letters(_:)``).
        public var isForm = false

        /// Whether it is made of several words of the text.
        public var isJoined: Bool { parts > 1 }
    }

    /// Articles a title may begin with (folded), which filing — and the ranking's position rule —
    /// passes over: "The Sisterhood of the Traveling Pants" is filed under "Sisterhood".
    public static let leadingArticles: Set<String> = [
        "the", "a", "an", "le", "la", "les", "l", "el", "los", "las", "der", "die", "das", "il", "lo",
    ]

    /// Name particles written apart but often typed together with the name that follows
    /// ("da vinci" as "davinci", "le carre" as "lecarre"). Short and few: joining every pair of
    /// words would double the index for words nobody types together.
    static let particles: Set<String> = [
        "da", "de", "di", "du", "la", "le", "mc", "st", "van", "von", "del", "der", "des", "dos", "el",
    ]

    /// The words of `text` as an index holds them: its ``tokens(in:)``, each followed by the
    /// joined words that start at it — a run of single letters (initials: "J. K." → "jk",
    /// "J.R.R." → "jrr"), two words with only an apostrophe or a hyphen between them ("ender's"
    /// → "enders", "spider-man" → "spiderman"), and a particle with the word after it ("da
    /// vinci" → "davinci"). CJK words are never joined.
    ///
    /// ```swift
    /// SearchText.indexTokens(in: "J.K. Rowling").map(\.folded)   // ["j", "jk", "k", "rowling"]
    /// SearchText.indexTokens(in: "Ender's Game").map(\.folded)   // ["ender", "enders", "s", "game"]
    /// ```
    public static func indexTokens(in text: String) -> [IndexToken] {
        let tokens = tokens(in: text)
        guard tokens.count > 1 else {
            return tokens.flatMap { spellings(of: $0, at: 0) }
        }
        let utf16 = Array(text.utf16)
        var result: [IndexToken] = []
        result.reserveCapacity(tokens.count + 2)
        for (index, token) in tokens.enumerated() {
            result += spellings(of: token, at: index)
            let end = joinedRunEnd(from: index, tokens: tokens, utf16: utf16)
            guard end > index + 1 else { continue }
            let parts = tokens[index..<end]
            result.append(
                IndexToken(
                    folded: parts.map(\.folded).joined(), range: token.range.lowerBound..<parts.last!.range.upperBound,
                    first: index, parts: end - index))
        }
        return result
    }

    /// A token as the index holds it: itself, and a Hangul word spelled in its letters too.
    private static func spellings(of token: Token, at index: Int) -> [IndexToken] {
        let word = IndexToken(folded: token.folded, range: token.range, first: index, parts: 1)
        guard token.folded.unicodeScalars.contains(where: Hangul.isHangul) else { return [word] }
        let spelled = Hangul.letters(token.folded)
        guard spelled != token.folded else { return [word] }
        var letters = IndexToken(folded: spelled, range: token.range, first: index, parts: 1)
        letters.isForm = true
        return [word, letters]
    }

    /// The words of `text` as a query holds them: ``words(in:)``, with words that only an
    /// apostrophe or a hyphen separates typed as one ("ender's" → "enders", "spider-man" →
    /// "spiderman"), as the index holds them joined.
    ///
    /// ```swift
    /// SearchText.queryWords(in: "ender's ga")   // ["enders", "ga"]
    /// ```
    public static func queryWords(in text: String) -> [String] {
        let tokens = tokens(in: text)
        let utf16 = Array(text.utf16)
        var words: [String] = []
        var index = 0
        while index < tokens.count {
            let end = innerBreakRunEnd(from: index, tokens: tokens, utf16: utf16)
            words.append(tokens[index..<end].map(\.folded).joined())
            index = end
        }
        return words
    }

    /// Where the joined word starting at token `index` ends (exclusive); `index + 1` when none
    /// starts there. Only the longest join of each kind is made: "j r r" gives "jrr", not "jr".
    private static func joinedRunEnd(from index: Int, tokens: [Token], utf16: [UInt16]) -> Int {
        let token = tokens[index]
        guard !isCJKWord(token.folded) else { return index + 1 }
        // Initials: a run of single letters, each a word of its own, with at most a dot and a
        // space between them ("J.K.", "J. K.", "J K"; never across the ", " between authors).
        func continuesInitials(_ at: Int) -> Bool {
            isInitial(tokens[at].folded) && isInitial(tokens[at - 1].folded)
                && isInitialsBreak(between: tokens[at - 1], tokens[at], utf16: utf16)
        }
        if isInitial(token.folded), index == 0 || !continuesInitials(index) {
            var end = index + 1
            while end < tokens.count, continuesInitials(end) { end += 1 }
            if end - index >= 2 { return end }
        }
        // Words only an apostrophe or hyphen separates, from the first of them.
        if index == 0 || !isWordBreakInside(tokens[index - 1], token, utf16: utf16) {
            let end = innerBreakRunEnd(from: index, tokens: tokens, utf16: utf16)
            if end - index >= 2 { return end }
        }
        if particles.contains(token.folded), index + 1 < tokens.count,
            !isCJKWord(tokens[index + 1].folded), tokens[index + 1].folded.count > 2,
            tokens[index + 1].range.lowerBound - token.range.upperBound == 1,
            utf16[token.range.upperBound] == 0x20
        {
            return index + 2
        }
        return index + 1
    }

    /// Whether only a dot, a space, or a dot and a space stand between two tokens.
    private static func isInitialsBreak(between left: Token, _ right: Token, utf16: [UInt16]) -> Bool {
        let between = utf16[left.range.upperBound..<right.range.lowerBound]
        return between.elementsEqual([0x2E]) || between.elementsEqual([0x20]) || between.elementsEqual([0x2E, 0x20])
    }

    /// Where the run of tokens from `index` that only apostrophes or hyphens separate ends
    /// (exclusive): `index + 1` when the next token stands apart.
    private static func innerBreakRunEnd(from index: Int, tokens: [Token], utf16: [UInt16]) -> Int {
        var end = index + 1
        while end < tokens.count, isWordBreakInside(tokens[end - 1], tokens[end], utf16: utf16) { end += 1 }
        return end
    }

    private static func isInitial(_ word: String) -> Bool {
        word.count == 1 && word.unicodeScalars.first.map { $0.properties.isAlphabetic && !isCJKScalar($0) } == true
    }

    /// Whether exactly one apostrophe or hyphen, and nothing else, stands between two tokens
    /// of alphabets.
    private static func isWordBreakInside(_ left: Token, _ right: Token, utf16: [UInt16]) -> Bool {
        guard right.range.lowerBound - left.range.upperBound == 1, !isCJKWord(left.folded),
            !isCJKWord(right.folded)
        else { return false }
        return innerBreaks.contains(utf16[left.range.upperBound])
    }

    /// Apostrophes (' ’ ʼ) and hyphens (- ‐ ‑) written inside words, as UTF-16 units.
    private static let innerBreaks: Set<UInt16> = [0x27, 0x2019, 0x2BC, 0x2D, 0x2010, 0x2011]
}
