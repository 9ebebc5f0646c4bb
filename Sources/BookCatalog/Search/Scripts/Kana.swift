/// Japanese kana as search compares it: hiragana and katakana are one script (a reader types
/// `かふか` for カフカ through an input method that gives hiragana first), and kana read in
/// Latin letters as an input method or Hepburn spells them (``romanized(_:)``).
///
/// ```swift
/// Kana.hiragana("カフカ")          // "かふか"
/// Kana.romanized("にんげんしっかく")  // "ningensikkaku"
/// ```
public enum Kana {
    /// `text` with its katakana turned into the hiragana of the same sound; the long-vowel mark
    /// (ー) and the katakana without a hiragana twin (ヷ, ヸ, ヹ, ヺ) are kept.
    public static func hiragana(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isKatakanaWithTwin) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(isKatakanaWithTwin(scalar) ? Unicode.Scalar(scalar.value - 0x60)! : scalar)
        }
        return String(scalars)
    }

    /// Whether `scalar` is a katakana letter (ァ…ヶ) or iteration mark (ヽ, ヾ) with a hiragana twin.
    static func isKatakanaWithTwin(_ scalar: Unicode.Scalar) -> Bool {
        (0x30A1...0x30F6).contains(scalar.value) || (0x30FD...0x30FE).contains(scalar.value)
    }

    /// Whether `scalar` is hiragana or katakana, the long-vowel mark included.
    public static func isKana(_ scalar: Unicode.Scalar) -> Bool {
        (0x3041...0x309F).contains(scalar.value) || (0x30A0...0x30FF).contains(scalar.value)
            || (0xFF66...0xFF9F).contains(scalar.value)
    }

    /// Whether every letter of `text` is kana (at least one).
    public static func isAllKana(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy(isKana)
    }

    /// Kana in lowercase Latin letters, one spelling for each sound (し si, ち ti, つ tu, ふ hu,
    /// じ zi, しゃ sya: the spellings ``Romaji/canonical(_:)`` turns every other into); っ doubles
    /// the next consonant, ー repeats the vowel before it, ん is n. Anything not kana is kept,
    /// lowercased where it is an ASCII letter.
    ///
    /// ```swift
    /// Kana.romanized("ファイナル")  // "fainaru"
    /// ```
    public static func romanized(_ text: String) -> String {
        var syllables: [String] = []
        var doublesNext = false
        for scalar in hiragana(text).unicodeScalars {
            switch scalar {
            case "っ":
                doublesNext = true
                continue
            case "ー":
                if let vowel = syllables.last?.last, "aiueo".contains(vowel) { syllables.append(String(vowel)) }
                continue
            default: break
            }
            if let small = smallVowels[scalar] {
                syllables.append(syllables.popLast().map { joined($0, small) } ?? small)
                continue
            }
            if let small = smallY[scalar], let last = syllables.last, last.count >= 2, last.hasSuffix("i") {
                syllables[syllables.count - 1] = last.dropLast() + small
                continue
            }
            var syllable = Self.syllables[scalar] ?? String(scalar).lowercased()
            if doublesNext, let first = syllable.first, first.isASCII, first.isLetter, !"aiueon".contains(first) {
                syllable = String(first) + syllable
            }
            doublesNext = false
            syllables.append(syllable)
        }
        return syllables.joined()
    }

    /// A kana's syllable followed by a small vowel: ふぁ fa, うぇ we, ゔぁ va, つぁ tsa, しぇ sye,
    /// and otherwise the small vowel in place of the kana's (てぃ ti, でぇ de).
    private static func joined(_ syllable: String, _ vowel: String) -> String {
        switch syllable {
        case "hu": return "f" + vowel
        case "u": return "w" + vowel
        case "vu": return "v" + vowel
        case "tu": return "ts" + vowel
        case "si", "ti", "zi": return syllable.dropLast() + (vowel == "e" ? "ye" : vowel)
        default:
            guard syllable.count >= 2, let last = syllable.last, "aiueo".contains(last) else { return syllable + vowel }
            return syllable.dropLast() + vowel
        }
    }

    private static let smallVowels: [Unicode.Scalar: String] = ["ぁ": "a", "ぃ": "i", "ぅ": "u", "ぇ": "e", "ぉ": "o"]
    private static let smallY: [Unicode.Scalar: String] = ["ゃ": "ya", "ゅ": "yu", "ょ": "yo", "ゎ": "wa"]

    private static let syllables: [Unicode.Scalar: String] = {
        let rows: [(String, [String])] = [
            ("あいうえお", ["a", "i", "u", "e", "o"]),
            ("かきくけこ", ["ka", "ki", "ku", "ke", "ko"]), ("がぎぐげご", ["ga", "gi", "gu", "ge", "go"]),
            ("さしすせそ", ["sa", "si", "su", "se", "so"]), ("ざじずぜぞ", ["za", "zi", "zu", "ze", "zo"]),
            ("たちつてと", ["ta", "ti", "tu", "te", "to"]), ("だぢづでど", ["da", "zi", "zu", "de", "do"]),
            ("なにぬねの", ["na", "ni", "nu", "ne", "no"]),
            ("はひふへほ", ["ha", "hi", "hu", "he", "ho"]), ("ばびぶべぼ", ["ba", "bi", "bu", "be", "bo"]),
            ("ぱぴぷぺぽ", ["pa", "pi", "pu", "pe", "po"]),
            ("まみむめも", ["ma", "mi", "mu", "me", "mo"]),
            ("やゆよ", ["ya", "yu", "yo"]),
            ("らりるれろ", ["ra", "ri", "ru", "re", "ro"]),
            ("わゐゑをんゔ", ["wa", "i", "e", "o", "n", "vu"]),
        ]
        var table: [Unicode.Scalar: String] = [:]
        for (kana, latin) in rows {
            for (scalar, spelled) in zip(kana.unicodeScalars, latin) { table[scalar] = spelled }
        }
        return table
    }()
}
