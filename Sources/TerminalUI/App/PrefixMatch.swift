import Foundation

/// How much of a title the typed query matches from its start, ignoring case and accents —
/// the part the result list highlights.
///
/// ```swift
/// PrefixMatch.length(of: "zur", in: "Zürich")   // 3
/// PrefixMatch.length(of: "bern", in: "Berlin")  // 0
/// ```
public enum PrefixMatch {
    /// The number of leading characters of `title` whose folded form is the folded `query`,
    /// or 0 when the title does not start with the query.
    public static func length(of query: String, in title: String) -> Int {
        let target = fold(query.trimmingCharacters(in: .whitespaces))
        guard !target.isEmpty else { return 0 }
        var prefix = ""
        var count = 0
        for character in title {
            prefix.append(character)
            count += 1
            let folded = fold(prefix)
            if folded == target { return count }
            if !target.hasPrefix(folded) { return 0 }
        }
        return 0
    }

    private static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}
