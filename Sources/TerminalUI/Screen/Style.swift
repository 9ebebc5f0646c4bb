/// How a cell is drawn: colours and attributes, rendered as SGR escape codes by ``ScreenDiffer``.
///
/// ```swift
/// let highlight = Style(foreground: .rgb(255, 200, 0), isBold: true)
/// grid.write("Zür", row: 0, column: 0, style: highlight)
/// ```
public struct Style: Sendable, Hashable {
    /// A terminal colour.
    public enum Color: Sendable, Hashable {
        /// The terminal's default colour.
        case standard
        /// One of the 16 basic colours (0–15), which every terminal has.
        case basic(UInt8)
        /// A 24-bit colour (truecolor terminals).
        case rgb(UInt8, UInt8, UInt8)
    }

    public var foreground: Color
    public var background: Color
    public var isBold: Bool
    public var isDim: Bool
    public var isUnderlined: Bool
    public var isReversed: Bool

    public init(
        foreground: Color = .standard, background: Color = .standard, isBold: Bool = false, isDim: Bool = false,
        isUnderlined: Bool = false, isReversed: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.isBold = isBold
        self.isDim = isDim
        self.isUnderlined = isUnderlined
        self.isReversed = isReversed
    }

    /// The terminal's default look.
    public static let plain = Style()

    /// The full SGR sequence that sets this style from any previous one (it starts with a reset,
    /// so no attribute leaks from the cell before).
    var sgr: String {
        var codes = ["0"]
        if isBold { codes.append("1") }
        if isDim { codes.append("2") }
        if isUnderlined { codes.append("4") }
        if isReversed { codes.append("7") }
        if let code = Self.code(foreground, base: 30) { codes.append(code) }
        if let code = Self.code(background, base: 40) { codes.append(code) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    private static func code(_ color: Color, base: Int) -> String? {
        switch color {
        case .standard: nil
        case .basic(let index) where index < 8: String(base + Int(index))
        case .basic(let index): String(base + 60 + Int(index % 8))
        case .rgb(let red, let green, let blue): "\(base + 8);2;\(red);\(green);\(blue)"
        }
    }
}
