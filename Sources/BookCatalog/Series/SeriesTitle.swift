/// A Goodreads-style title split into the title proper and its series suffix.
///
/// Goodreads appends the series to the title in parentheses, `Title (Series, #N)`; a book in
/// several series lists them separated by `;`, and the first one is kept. Parentheses without a
/// `#` number are part of the title.
///
/// ```swift
/// let parsed = SeriesTitle(parsing: "The Hunger Games (The Hunger Games, #1)")
/// parsed.title         // "The Hunger Games"
/// parsed.seriesName    // "The Hunger Games"
/// parsed.seriesNumber  // 1
/// ```
public struct SeriesTitle: Sendable, Hashable {
    /// The title without the series suffix.
    public var title: String
    /// The series name, or `nil` when the title has no series suffix.
    public var seriesName: String?
    /// The number in the series: `0.5` for `#0.5`, the first number for a range such as `#1-3`.
    public var seriesNumber: Double?

    /// Makes a value directly: `SeriesTitle(title: "Dune", seriesName: nil, seriesNumber: nil)`.
    public init(title: String, seriesName: String?, seriesNumber: Double?) {
        self.title = title
        self.seriesName = seriesName
        self.seriesNumber = seriesNumber
    }

    /// Splits `rawTitle`; a title without a series suffix comes back trimmed, with no series.
    ///
    /// ```swift
    /// SeriesTitle(parsing: "His Dark Materials (His Dark Materials #1-3)").seriesNumber  // 1
    /// SeriesTitle(parsing: "Hamlet (Folger Shakespeare Library)").seriesName            // nil
    /// ```
    public init(parsing rawTitle: String) {
        let trimmed = rawTitle.trimmingWhitespace()
        guard let (title, inside) = Self.trailingGroup(of: trimmed), !title.isEmpty,
            let series = Self.series(in: inside)
        else {
            self.init(title: trimmed, seriesName: nil, seriesNumber: nil)
            return
        }
        self.init(title: title, seriesName: series.name, seriesNumber: series.number)
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

    /// The first `Series, #N` entry of a group such as `Discworld, #1; Rincewind #1`.
    private static func series(in group: String) -> (name: String, number: Double?)? {
        let first = group.split(separator: ";", omittingEmptySubsequences: false).first.map(String.init) ?? group
        guard let hash = first.lastIndex(of: "#") else { return nil }
        var name = first[..<hash].trimmingWhitespace()
        while name.hasSuffix(",") { name = String(name.dropLast()).trimmingWhitespace() }
        guard !name.isEmpty else { return nil }
        let numberText = first[first.index(after: hash)...].trimmingWhitespace()
        let start = numberText.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        guard !start.isEmpty else { return nil }
        return (name, Double(start))
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
