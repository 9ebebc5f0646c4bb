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
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars {
            if isWordScalar(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
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
