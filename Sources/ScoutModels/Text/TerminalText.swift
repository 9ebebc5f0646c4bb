/// Upstream text made safe and measurable for a terminal (ARCHITECTURE.md invariant 5): no
/// escape sequences, C0/C1 controls or bidi controls reach the screen, and widths count East
/// Asian wide characters and emoji as two columns and combining marks as none.
///
/// ```swift
/// TerminalText.sanitize("evil\u{1B}[31mred")   // "evil[31mred"
/// TerminalText.width("東京")                    // 4
/// TerminalText.truncate("Zürich Hauptbahnhof", toWidth: 8)  // "Zürich …"
/// ```
public enum TerminalText {
    /// `text` without controls, escapes and bidi controls; newlines and tabs become spaces.
    public static func sanitize(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: scalars.append(" ")
            case 0x00...0x1F, 0x7F...0x9F: continue
            case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: continue
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// Columns `text` occupies in a terminal.
    public static func width(_ text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    /// Columns one character occupies: 0 for controls and pure marks, 2 for wide ones.
    public static func width(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.value < 0x20 || (0x7F...0x9F).contains(first.value) { return 0 }
        if character.unicodeScalars.count == 1,
            first.properties.generalCategory == .nonspacingMark
                || first.properties.generalCategory == .enclosingMark || first.properties.generalCategory == .format
        {
            return 0
        }
        if first.properties.isEmojiPresentation
            || character.unicodeScalars.contains(where: { $0.value == 0xFE0F })
        {
            return 2
        }
        return isWide(first.value) ? 2 : 1
    }

    /// `text` cut to at most `width` columns, ending in `…` when cut.
    public static func truncate(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        guard self.width(text) > width else { return text }
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = self.width(of: character)
            if used + characterWidth > width - 1 { break }
            result.append(character)
            used += characterWidth
        }
        return result + "…"
    }

    /// `text` padded with spaces to exactly `width` columns (truncated when longer).
    public static func pad(_ text: String, toWidth width: Int) -> String {
        let fitted = truncate(text, toWidth: width)
        return fitted + String(repeating: " ", count: max(0, width - self.width(fitted)))
    }

    /// East Asian Wide and Fullwidth ranges (Unicode UAX #11), the ones terminals draw double.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
            0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }
}
