import ScoutModels

/// Text for a terminal with the parts a search matched in bold and underlined; every piece
/// of the text itself is sanitized first, so only these marks reach the terminal as escapes.
///
/// ```swift
/// MarkedText.bold("Mockingjay", spans: [0..<5])   // "\u{1B}[1;4mMocki\u{1B}[22;24mngjay"
/// ```
enum MarkedText {
    static let on = "\u{1B}[1;4m"
    static let off = "\u{1B}[22;24m"

    /// `text` with `spans` (UTF-16 offsets, sorted, not overlapping) marked.
    static func bold(_ text: String, spans: [Range<Int>]) -> String {
        let utf16 = Array(text.utf16)
        var marked = ""
        var at = 0
        for span in spans where span.lowerBound >= at && span.upperBound <= utf16.count && !span.isEmpty {
            marked += TerminalText.sanitize(String(decoding: utf16[at..<span.lowerBound], as: UTF16.self))
            marked += on + TerminalText.sanitize(String(decoding: utf16[span], as: UTF16.self)) + off
            at = span.upperBound
        }
        return marked + TerminalText.sanitize(String(decoding: utf16[at...], as: UTF16.self))
    }
}
