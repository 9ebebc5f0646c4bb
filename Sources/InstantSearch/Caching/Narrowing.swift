import Foundation
import ScoutModels

/// Local filtering of a shorter query's results while the real reply for a longer query is on
/// its way.
///
/// Rule: an item stays when every whitespace-separated token of the query is a prefix of a word
/// of the item's title, both folded for case, diacritics and width. A title's words are its
/// whitespace-separated words and the parts after inner punctuation, so "pa" matches
/// "Jean-Paul" and "pro" matches "Swift (programming language)". Order is kept.
enum Narrowing {
    /// The items of `items` whose titles match every token of `query`.
    static func filter(_ items: [SearchItem], for query: SearchQuery) -> [SearchItem] {
        let tokens = fold(query.key).split(whereSeparator: \.isWhitespace)
        guard !tokens.isEmpty else { return items }
        return items.filter { item in
            let starts = wordStarts(of: item.title)
            return tokens.allSatisfy { token in starts.contains { $0.hasPrefix(token) } }
        }
    }

    /// Whether the query's last token is a whole word of one of the titles of `items` (folded
    /// like ``filter(_:for:)``): "harry potter" ends with a word of "Harry Potter and the
    /// Chamber of Secrets", "harry pott" does not.
    static func endsWithWholeWord(_ query: SearchQuery, of items: [SearchItem]) -> Bool {
        guard let token = fold(query.key).split(whereSeparator: \.isWhitespace).last else { return false }
        return items.contains { item in
            fold(item.title).split(whereSeparator: \.isWhitespace).contains { word in
                word == token || word.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).contains(token)
            }
        }
    }

    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// Every whitespace word of the folded title, and each of its tails that starts after a
    /// non-alphanumeric character.
    private static func wordStarts(of title: String) -> [Substring] {
        var starts: [Substring] = []
        for word in fold(title).split(whereSeparator: \.isWhitespace) {
            starts.append(word)
            var index = word.startIndex
            while index < word.endIndex {
                let next = word.index(after: index)
                if !word[index].isLetter && !word[index].isNumber && next < word.endIndex {
                    starts.append(word[next...])
                }
                index = next
            }
        }
        return starts
    }
}
