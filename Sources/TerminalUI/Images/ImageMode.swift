/// How thumbnails are drawn: the kitty graphics protocol, truecolor half-blocks, or not at all.
///
/// ```swift
/// ImageMode.detect(term: "xterm-kitty", colorTerm: nil)      // .kitty
/// ImageMode.detect(term: nil, colorTerm: "truecolor")        // .blocks
/// ImageMode(argument: "none")                                 // .none
/// ```
public enum ImageMode: String, Sendable, CaseIterable {
    case kitty, blocks, none

    /// Parses `--images kitty|blocks|none`.
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }

    /// The best mode the terminal announces: kitty (`term` is `xterm-kitty`, or `isKitty`: a
    /// `KITTY_WINDOW_ID` is set), else half-blocks when it has 24-bit colour (`colorTerm` is
    /// `truecolor` or `24bit`), else none.
    public static func detect(term: String?, colorTerm: String?, isKitty: Bool = false) -> ImageMode {
        if term == "xterm-kitty" || isKitty { return .kitty }
        if let colors = colorTerm?.lowercased(), colors == "truecolor" || colors == "24bit" {
            return .blocks
        }
        return .none
    }
}
