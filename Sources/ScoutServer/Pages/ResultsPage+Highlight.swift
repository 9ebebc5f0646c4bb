import Foundation

extension ResultsPage {
    /// `title`, escaped, with the part that matches `query` in a `<mark>` — the way `highlight.js`
    /// marks it: ignoring case and accents, at the start of the title or else at the start of
    /// a word.
    ///
    /// ```swift
    /// ResultsPage.highlighted("Zürich <HB>", query: "zur")   // "<mark>Zür</mark>ich &lt;HB&gt;"
    /// ```
    static func highlighted(_ title: String, query: String) -> String {
        guard let range = matchRange(in: title, of: query) else { return HTMLEscaping.escape(title) }
        return HTMLEscaping.escape(title[..<range.lowerBound]) + "<mark>"
            + HTMLEscaping.escape(title[range]) + "</mark>" + HTMLEscaping.escape(title[range.upperBound...])
    }

    /// Where `query` occurs in `text` ignoring case and accents: at the start, else at the
    /// first word start; nil when it does not.
    static func matchRange(in text: String, of query: String) -> Range<String.Index>? {
        let needle = Array(fold(query.trimmingCharacters(in: .whitespacesAndNewlines)))
        guard !needle.isEmpty else { return nil }
        // Fold character by character, remembering which character each folded one came from.
        var folded: [Character] = []
        var origins: [Range<String.Index>] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            for character in fold(String(text[index..<next])) {
                folded.append(character)
                origins.append(index..<next)
            }
            index = next
        }
        guard folded.count >= needle.count else { return nil }
        for start in 0...(folded.count - needle.count) {
            let isWordStart = start == 0 || !(folded[start - 1].isLetter || folded[start - 1].isNumber)
            if isWordStart, folded[start..<(start + needle.count)].elementsEqual(needle) {
                return origins[start].lowerBound..<origins[start + needle.count - 1].upperBound
            }
        }
        return nil
    }

    /// The first letter or digit of `title`, upper-cased: the placeholder of a missing thumbnail.
    static func initial(of title: String) -> String {
        title.first { $0.isLetter || $0.isNumber }.map { String($0).uppercased() } ?? ""
    }

    private static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
