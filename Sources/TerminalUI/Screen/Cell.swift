/// One terminal column: the grapheme drawn there and its style.
///
/// A wide character (CJK, emoji) fills its own cell and a ``continuation`` cell to its right,
/// which the differ never draws on its own: the terminal advances two columns for the wide one.
///
/// ```swift
/// grid[0, 0]   // Cell(text: "東", style: .plain)
/// grid[0, 1]   // Cell.continuation
/// ```
public struct Cell: Sendable, Hashable {
    /// The grapheme, possibly with combining marks; empty for a continuation cell.
    public var text: String
    public var style: Style

    public init(text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }

    /// An empty cell: a space in the default style.
    public static let blank = Cell(text: " ")

    /// The right half of a wide character.
    public static let continuation = Cell(text: "")

    var isContinuation: Bool { text.isEmpty }
}
