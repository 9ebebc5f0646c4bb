import ScoutModels

/// Which columns of a result's title the list marks: the parts the source said matched (books
/// do, see ``ScoutModels/SearchItem/titleMatches``), else the typed query where the title
/// starts with it (``PrefixMatch``).
///
/// ```swift
/// TitleMarks.columns(of: item, shownAs: "The Hunger Games", query: "hunger g")   // [(4, 6), (11, 1)]
/// ```
enum TitleMarks {
    /// Column offsets from the title's first column, and widths, left to right.
    static func columns(of item: SearchItem, shownAs title: String, query: String) -> [(offset: Int, width: Int)] {
        // Spans count UTF-16 units of the title as sent; a title the terminal had to clean
        // (control characters out) no longer lines up with them.
        if let spans = item.titleMatches, title == item.title {
            let utf16 = title.utf16
            return spans.compactMap { span in
                guard span.start < span.end, span.end <= utf16.count else { return nil }
                let start = utf16.index(utf16.startIndex, offsetBy: span.start)
                let end = utf16.index(utf16.startIndex, offsetBy: span.end)
                guard let from = start.samePosition(in: title), let to = end.samePosition(in: title) else { return nil }
                return (TerminalText.width(String(title[..<from])), TerminalText.width(String(title[from..<to])))
            }
        }
        let matched = PrefixMatch.length(of: query, in: title)
        return matched > 0 ? [(0, TerminalText.width(String(title.prefix(matched))))] : []
    }
}
