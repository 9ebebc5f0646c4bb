/// How thumbnails are drawn: the kitty graphics protocol, truecolor half-blocks, or not at all.
///
/// ```swift
/// ImageMode.detect(environment: ["TERM": "xterm-kitty"])      // .kitty
/// ImageMode.detect(environment: ["COLORTERM": "truecolor"])   // .blocks
/// ImageMode(argument: "none")                                 // .none
/// ```
public enum ImageMode: String, Sendable, CaseIterable {
    case kitty, blocks, none

    /// Parses `--images kitty|blocks|none`.
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }

    /// The best mode the terminal announces: kitty (`TERM=xterm-kitty` or `KITTY_WINDOW_ID`),
    /// else half-blocks when it has 24-bit colour (`COLORTERM=truecolor|24bit`), else none.
    public static func detect(environment: [String: String]) -> ImageMode {
        if environment["TERM"] == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil { return .kitty }
        if let colors = environment["COLORTERM"]?.lowercased(), colors == "truecolor" || colors == "24bit" {
            return .blocks
        }
        return .none
    }
}
