/// Whitespace trimming without Foundation's `NSString` bridge, which costs a copy of every
/// string it trims; a search reply trims a description per result.
public enum TextTrimming {
    /// `text` without leading and trailing whitespace and newlines: the scalars Foundation's
    /// `.whitespacesAndNewlines` holds: Unicode's `White_Space` (which includes U+0085) and the
    /// zero-width space U+200B, which CoreFoundation's older tables still count as a space.
    public static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        if first == scalars.startIndex, last == scalars.index(before: scalars.endIndex) { return text }
        return String(scalars[first...last])
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace || scalar == "\u{200B}"
    }
}
