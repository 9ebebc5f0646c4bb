import Foundation

/// How book search sees text: folded to lowercase without diacritics and cut into words at
/// anything that is not a letter or a digit — the same words SQLite's `unicode61
/// remove_diacritics 2` tokenizer indexes, so a query word and an indexed word compare as strings.
///
/// ```swift
/// SearchText.words(in: "Les Misérables, Tome 1")  // ["les", "miserables", "tome", "1"]
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

    /// The words of `text` with their places in it: runs of letters and digits, each folded on
    /// its own (an ASCII run without Foundation, which costs most of a search's ranking time).
    ///
    /// ```swift
    /// SearchText.tokens(in: "Les Misérables").map(\.range)  // [0..<3, 4..<14]
    /// ```
    public static func tokens(in text: String) -> [Token] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiTokens(in: text) }
        var tokens: [Token] = []
        var run = String.UnicodeScalarView()
        var isASCII = true
        var start = 0
        var offset = 0
        func flush() {
            guard !run.isEmpty else { return }
            tokens.append(Token(folded: fold(run, isASCII: isASCII), range: start..<offset))
            run = String.UnicodeScalarView()
            isASCII = true
        }
        for scalar in text.unicodeScalars {
            if isWordScalar(scalar) {
                if run.isEmpty { start = offset }
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

    private static func fold(_ run: String.UnicodeScalarView, isASCII: Bool) -> String {
        guard isASCII else {
            return String(run).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        }
        var lowered = String.UnicodeScalarView()
        for scalar in run {
            let value = scalar.value
            lowered.append((65...90).contains(value) ? Unicode.Scalar(value + 32)! : scalar)
        }
        return String(lowered)
    }

    /// The words of `text` as a query with no typo tolerance: each word exactly, the last as a
    /// prefix unless `text` ends with a separator (the person finished that word). `nil` when
    /// `text` has no words.
    ///
    /// ```swift
    /// SearchText.exactQuery("hunger ga")  // [hunger] [ga*]
    /// ```
    public static func exactQuery(_ text: String) -> BookQuery? {
        let words = words(in: text)
        guard !words.isEmpty else { return nil }
        let lastIsPrefix = text.unicodeScalars.last.map(isWordScalar) ?? false
        return BookQuery(
            terms: words.enumerated().map { index, word in
                BookQuery.Term([word], isPrefix: index == words.count - 1 && lastIsPrefix)
            })
    }

    /// Letters, digits and the private-use characters unicode61 also keeps in words; combining
    /// marks stay with their word (folding already removed the diacritics among them).
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
