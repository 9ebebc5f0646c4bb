import Foundation

/// Case- and diacritic-insensitive matching, roughly as search engines fold text
/// (`Zürich` → `zurich`, `Straße` → `strasse`, `Łódź` → `lodz`).
enum TextFolding {
    /// `text` lowercased without diacritics, `_` read as a space, whitespace collapsed and trimmed.
    static func fold(_ text: String) -> String {
        var folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        if folded.unicodeScalars.contains(where: { extraFoldings[$0] != nil || $0 == "_" }) {
            var scalars = String.UnicodeScalarView()
            for scalar in folded.unicodeScalars {
                if scalar == "_" {
                    scalars.append(" ")
                } else if let replacement = extraFoldings[scalar] {
                    scalars.append(contentsOf: replacement.unicodeScalars)
                } else {
                    scalars.append(scalar)
                }
            }
            folded = String(scalars)
        }
        return folded.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The folded words of `text`: runs of letters and digits.
    static func words(_ text: String) -> [String] {
        fold(text).split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// The words of `text` with their ranges in `text` itself, for highlighting matches.
    static func wordRanges(_ text: String) -> [(range: Range<String.Index>, folded: String)] {
        var result: [(Range<String.Index>, String)] = []
        var start: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isLetter || character.isNumber {
                if start == nil { start = index }
            } else if let wordStart = start {
                result.append((wordStart..<index, fold(String(text[wordStart..<index]))))
                start = nil
            }
            index = text.index(after: index)
        }
        if let wordStart = start { result.append((wordStart..<text.endIndex, fold(String(text[wordStart...])))) }
        return result
    }

    /// Letters that do not decompose into a base letter and a mark, so `folding` keeps them.
    private static let extraFoldings: [Unicode.Scalar: String] = [
        "ø": "o", "ł": "l", "đ": "d", "ħ": "h", "ı": "i", "æ": "ae", "œ": "oe", "þ": "th", "ð": "d",
        "ŋ": "n", "ŧ": "t",
    ]
}
