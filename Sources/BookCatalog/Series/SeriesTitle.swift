/// A Goodreads-style title split into the title proper and the series it names.
///
/// Goodreads appends the series to the title in parentheses, `Title (Series, #N)`; a book in
/// several series lists each (`Mort (Death, #1; Discworld, #4)`), a collection gives a range
/// (`#1-7`) or a list (`#0.5, 2.5`), and a volume split in parts names the part
/// (`#5, Part 1`). Every membership is kept, in the order written; see
/// ``SeriesTitle/memberships(in:)`` for the grammar. Parentheses without a `#` number are part
/// of the title.
///
/// ```swift
/// let parsed = SeriesTitle(parsing: "Mort (Death, #1; Discworld, #4)")
/// parsed.title                     // "Mort"
/// parsed.series.map(\.name)        // ["Death", "Discworld"]
/// parsed.seriesName                // "Death"
/// ```
public struct SeriesTitle: Sendable, Hashable {
    /// The title without the series suffix.
    public var title: String
    /// Every series the suffix names, in the order written; empty without a suffix.
    public var series: [SeriesMembership]

    /// Makes a value directly: `SeriesTitle(title: "Dune", series: [])`.
    public init(title: String, series: [SeriesMembership]) {
        self.title = title
        self.series = series
    }

    /// The first series' name, or `nil` when the title has no series suffix.
    ///
    /// ```swift
    /// SeriesTitle(parsing: "Catching Fire (The Hunger Games, #2)").seriesName  // "The Hunger Games"
    /// ```
    public var seriesName: String? { series.first?.name }

    /// The first series' number: `0.5` for `#0.5`, the first number of a range such as `#1-3`.
    ///
    /// ```swift
    /// SeriesTitle(parsing: "Catching Fire (The Hunger Games, #2)").seriesNumber  // 2
    /// ```
    public var seriesNumber: Double? { series.first?.number }

    /// Splits `rawTitle`; a title without a series suffix comes back trimmed, with no series.
    ///
    /// ```swift
    /// SeriesTitle(parsing: "His Dark Materials (His Dark Materials #1-3)").series
    /// // [SeriesMembership(name: "His Dark Materials", number: 1, lastNumber: 3)]
    /// SeriesTitle(parsing: "Hamlet (Folger Shakespeare Library)").series  // []
    /// ```
    public init(parsing rawTitle: String) {
        let trimmed = rawTitle.trimmingWhitespace()
        guard let (title, inside) = Self.trailingGroup(of: trimmed), !title.isEmpty else {
            self.init(title: trimmed, series: [])
            return
        }
        let series = Self.memberships(in: inside)
        self.init(title: series.isEmpty ? trimmed : title, series: series)
    }

    /// The text before and inside a final balanced `( … )` group.
    private static func trailingGroup(of text: String) -> (before: String, inside: String)? {
        guard text.last == ")" else { return nil }
        var depth = 0
        var index = text.endIndex
        while index > text.startIndex {
            index = text.index(before: index)
            switch text[index] {
            case ")": depth += 1
            case "(":
                depth -= 1
                if depth == 0 {
                    let inside = text[text.index(after: index)..<text.index(before: text.endIndex)]
                    return (String(text[..<index]).trimmingWhitespace(), String(inside))
                }
            default: break
            }
        }
        return nil
    }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace and newlines.
    func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
