/// The language a title's script gives away, for the `lang` of a result whose source does not
/// say: screen readers pick their voice and browsers their CJK glyphs by it (one Han character
/// is drawn differently in Japanese, Chinese and Korean fonts).
///
/// Only what the script alone decides: kana → `ja` (Japanese mixes kana with Han), Hangul →
/// `ko`, Han with neither → `zh`; anything else — Latin, Cyrillic, a title with no letters —
/// is nil, since a Latin title may be in any of a hundred languages.
///
/// ```swift
/// ScriptLanguage.guess("ノルウェイの森")   // "ja"
/// ScriptLanguage.guess("채식주의자")       // "ko"
/// ScriptLanguage.guess("三体")            // "zh"
/// ScriptLanguage.guess("Dune")            // nil
/// ```
public enum ScriptLanguage {
    public static func guess(_ text: some StringProtocol) -> String? {
        var hasHan = false
        var hasHangul = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9D:
                return "ja"  // hiragana, katakana (and its extensions, half-width forms)
            case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF:
                hasHangul = true
            case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F:
                hasHan = true
            default:
                break
            }
        }
        if hasHangul { return "ko" }
        return hasHan ? "zh" : nil
    }
}
