/// One key press, decoded from the bytes a terminal sends.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.feed(Array("a\u{1B}[A".utf8))   // [.text("a"), .up]
/// ```
public enum Key: Sendable, Hashable {
    /// Printable text: one character, or a pasted run of them.
    case text(String)
    case up, down, left, right
    case home, end, pageUp, pageDown
    case enter, tab, backTab, backspace, delete, escape
    /// A control chord such as Ctrl-A (`.control("a")`); Ctrl-C is `.control("c")`.
    case control(Character)
    /// Alt (Meta) with a character, sent as Esc followed by it.
    case alt(Character)
    /// An escape sequence this decoder does not know (ignored by the app).
    case unknown([UInt8])
}
