import Foundation

/// How book search sees text: cut into words at anything that is not a letter or a digit, and
/// where Chinese, Japanese or Korean script meets another; each word NFKC-folded (full-width
/// Latin and digits, half-width katakana become the ordinary forms), and a word of an alphabet
/// also folded to lowercase without diacritics. Both stores index what this gives (see
/// ``indexWords(in:)``), so a query word and an indexed word compare as strings.
///
/// ```swift
/// SearchText.words(in: "Les Misérables, Tome 1")  // ["les", "miserables", "tome", "1"]
/// SearchText.words(in: "ＯＮＥ ＰＩＥＣＥ 第1巻")     // ["one", "piece", "第", "1", "巻"]
/// SearchText.words(in: "ﾉﾙｳｪｲの森")                 // ["のるうぇいの森"]
/// ```
public enum SearchText {
    /// The folded words of `text`, in order; empty when it has no letters or digits.
    ///
    /// ```swift
    /// SearchText.words(in: "AND \"NEAR(\" *")  // ["and", "near"]
    /// ```
    public static func words(in text: String) -> [String] {
        tokens(in: text).map(\.folded)
    }

    /// One word of a text: folded, and where it stands in the text.
    public struct Token: Sendable, Hashable {
        /// Lowercase, without diacritics.
        public let folded: String
        /// The word in the original text, in UTF-16 code units (as JavaScript counts).
        public let range: Range<Int>
    }

    /// The words of `text` with their places in it: runs of letters and digits of one kind of
    /// script (CJK or not), each folded on its own (an ASCII run without Foundation, which costs
    /// most of a search's ranking time).
    ///
    /// ```swift
    /// SearchText.tokens(in: "Les Misérables").map(\.range)  // [0..<3, 4..<14]
    /// ```
    public static func tokens(in text: String) -> [Token] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiTokens(in: text) }
        var tokens: [Token] = []
        var run = String.UnicodeScalarView()
        var isASCII = true
        var isCJKRun = false
        var start = 0
        var offset = 0
        func flush() {
            guard !run.isEmpty else { return }
            let folded = fold(run, isASCII: isASCII, isCJK: isCJKRun)
            if !folded.isEmpty { tokens.append(Token(folded: folded, range: start..<offset)) }
            run = String.UnicodeScalarView()
            isASCII = true
        }
        for scalar in text.unicodeScalars {
            if isWordScalar(scalar) {
                // A mark stays with the character before it, whatever its script.
                let isCJK = isCJKScalar(scalar)
                if !run.isEmpty, isCJK != isCJKRun, !isMark(scalar) { flush() }
                if run.isEmpty {
                    start = offset
                    isCJKRun = isCJK
                }
                run.append(scalar)
                isASCII = isASCII && scalar.isASCII
            } else {
                flush()
            }
            offset += scalar.utf16.count
        }
        flush()
        return tokens
    }

    /// ``tokens(in:)`` of an all-ASCII text, byte by byte: letters and digits make words, and
    /// UTF-16 offsets are byte offsets.
    private static func asciiTokens(in text: String) -> [Token] {
        var tokens: [Token] = []
        var word: [UInt8] = []
        var start = 0
        var offset = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                if word.isEmpty { start = offset }
                word.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                if word.isEmpty { start = offset }
                word.append(byte + 32)
            default:
                if !word.isEmpty {
                    tokens.append(Token(folded: String(decoding: word, as: UTF8.self), range: start..<offset))
                    word.removeAll(keepingCapacity: true)
                }
            }
            offset += 1
        }
        if !word.isEmpty { tokens.append(Token(folded: String(decoding: word, as: UTF8.self), range: start..<offset)) }
        return tokens
    }

    /// A run as search compares it. A CJK run is NFKC-folded, its katakana written as hiragana
    /// and its traditional characters as simplified ones, and keeps its diacritics: taking them
    /// off kana would make ばか and はか one word. Whatever NFKC turns into a separator ("½" holds a
    /// fraction slash) is dropped, so a word stays one word.
    private static func fold(_ run: String.UnicodeScalarView, isASCII: Bool, isCJK: Bool) -> String {
        guard isASCII else {
            // NFKC, then NFC: corelibs-foundation's NFKC leaves a half-width voiced mark (ﾞ) as a
            // combining mark after its kana instead of composing ビ, which a store compares bytewise.
            let compatible = String(run).precomposedStringWithCompatibilityMapping.precomposedStringWithCanonicalMapping
            // Kana as hiragana, Han as simplified: readers type either form of each.
            var folded =
                isCJK
                ? Han.simplified(Kana.hiragana(compatible))
                : compatible.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            if !isCJK, folded.unicodeScalars.contains(where: { latinLetters[$0] != nil }) {
                folded = String(folded.unicodeScalars.lazy.map { latinLetters[$0] ?? String($0) }.joined())
            }
            guard !folded.unicodeScalars.allSatisfy(isWordScalar) else { return folded }
            return String(String.UnicodeScalarView(folded.unicodeScalars.filter(isWordScalar)))
        }
        var lowered = String.UnicodeScalarView()
        for scalar in run {
            let value = scalar.value
            lowered.append((65...90).contains(value) ? Unicode.Scalar(value + 32)! : scalar)
        }
        return String(lowered)
    }

    /// Latin letters that are letters of their own, not a letter with a diacritic, so folding
    /// diacritics away leaves them: spelled as English readers type them (Nesbø as "nesbo",
    /// Æsop as "aesop", Straße as "strasse" — case folding already gives "ss").
    static let latinLetters: [Unicode.Scalar: String] = [
        "ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i", "ħ": "h", "ŧ": "t",
        "ß": "ss",
    ]

    /// The most words of a query that are searched; the rest are left out, as Meilisearch
    /// leaves out all but a query's first ten. Ten words pick out any title a person types,
    /// and each word costs the store a term (and typo tolerance up to
    /// ``TypoTolerance/Widening/maximumAlternatives`` more), so a pasted paragraph costs what a
    /// long title costs instead of a hundred times a short search.
    public static let maximumQueryWords = 10

    /// The words of `text` as a query with no typo tolerance (``queryWords(in:)``): each word
    /// exactly, the last as a prefix unless `text` ends with a separator (the person finished
    /// that word). Only the first ``maximumQueryWords`` words; when there are more, the last
    /// kept one was finished. `nil` when `text` has no words.
    ///
    /// Each word is searched in the forms a reader may have typed it in (``term(for:isPrefix:)``),
    /// and kana still being typed — followed by the Latin letters an input method has not yet
    /// turned into the next kana (`うみべのk`) — as the romaji of them all.
    ///
    /// ```swift
    /// SearchText.exactQuery("hunger ga")  // [hunger | ·hunger] [ga* | ·ga*]
    /// ```
    public static func exactQuery(_ text: String) -> BookQuery? {
        let all = queryWords(in: text)
        guard !all.isEmpty else { return nil }
        let words = Array(all.prefix(maximumQueryWords))
        let lastIsPrefix = words.count == all.count && (text.unicodeScalars.last.map(isWordScalar) ?? false)
        var terms = words.enumerated().map { index, word in
            term(for: word, isPrefix: index == words.count - 1 && lastIsPrefix)
        }
        if lastIsPrefix, let romaji = kanaBeingTyped(in: text, words: words) {
            terms.removeLast(2)
            terms.append(BookQuery.Term(Romaji.prefixIndexWords(romaji), isPrefix: true))
        }
        return BookQuery(terms: terms)
    }

    /// A query word as a term: a word of Latin letters also as the romaji or pinyin of a
    /// reading (``Romaji``), a Hangul word also by its letters (``Hangul``: the syllables as
    /// typed are found anywhere in a word, the letters at a word's start, the last syllable
    /// still being built), any other as it is.
    ///
    /// ```swift
    /// SearchText.term(for: "kaf", isPrefix: true)   // [kaf | ·kahu | ·kaf]*
    /// SearchText.term(for: "채시", isPrefix: true)   // [채시 | ㅊㅐㅅㅣ]*
    /// ```
    static func term(for word: String, isPrefix: Bool) -> BookQuery.Term {
        if word.unicodeScalars.contains(where: Hangul.isHangul) {
            let letters = Hangul.letters(word)
            return BookQuery.Term(letters == word ? [word] : [word, letters], isPrefix: isPrefix)
        }
        guard word.utf8.allSatisfy({ (0x61...0x7A).contains($0) }) else {
            return BookQuery.Term([word], isPrefix: isPrefix)
        }
        let readings = isPrefix ? Romaji.prefixIndexWords(word) : [Romaji.indexWord(word)]
        return BookQuery.Term([word] + readings, isPrefix: isPrefix)
    }

    /// The romaji of a query's last two words when they are kana and, right after it, Latin
    /// letters (`うみべのk` → `umibenok`): an input method's composition, the last kana not yet
    /// formed.
    private static func kanaBeingTyped(in text: String, words: [String]) -> String? {
        let tokens = tokens(in: text)
        guard words.count >= 2, tokens.count >= 2 else { return nil }
        let (kana, latin) = (tokens[tokens.count - 2], tokens[tokens.count - 1])
        guard kana.range.upperBound == latin.range.lowerBound, Kana.isAllKana(kana.folded),
            latin.folded.utf8.allSatisfy({ (0x61...0x7A).contains($0) }),
            words.suffix(2).elementsEqual([kana.folded, latin.folded])
        else { return nil }
        return Kana.romanized(kana.folded) + latin.folded
    }

    /// Letters, digits and private-use characters; combining marks stay with their word (folding
    /// removes the diacritics among them from words of an alphabet).
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .privateUse, .nonspacingMark, .spacingMark,
            .enclosingMark:
            true
        default: false
        }
    }
}
