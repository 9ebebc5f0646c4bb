import Foundation

/// Chinese characters as search compares them: traditional and simplified as one (紅樓夢 is
/// 红楼梦), and read in pinyin without tones, as Chinese readers type them. Both from ICU's
/// transforms (Foundation's `applyingTransform`), run once over every character of the
/// unified ideographs and kept as tables, so a search pays a lookup per character, never a
/// transform.
///
/// ```swift
/// Han.simplified("紅樓夢")   // "红楼梦"
/// Han.pinyin("红楼梦")       // ["hong", "lou", "meng"]
/// ```
public enum Han {
    /// The ideographs the tables cover: Extension A and the unified block.
    static let ranges: [ClosedRange<UInt32>] = [0x3400...0x4DBF, 0x4E00...0x9FFF]

    /// Whether `scalar` is a Han ideograph the tables cover.
    public static func isHan(_ scalar: Unicode.Scalar) -> Bool {
        ranges.contains { $0.contains(scalar.value) }
    }

    /// `text` with each traditional character as its simplified form; others kept.
    public static func simplified(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { simplifiedForms[$0.value] != nil }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { scalars.append(simplifiedForms[scalar.value] ?? scalar) }
        return String(scalars)
    }

    /// The Mandarin syllables of `text`'s Han characters, in order, lowercase without tone
    /// marks (ü as u); characters that are not Han are passed over.
    public static func pinyin(_ text: String) -> [String] {
        text.unicodeScalars.compactMap { readings[$0.value] }
    }

    /// The Mandarin syllables of `text` read the other way where a character common in titles
    /// has two readings and ICU gives the one titles use less (传 is chuán, but zhuàn in 水浒传
    /// and 自传); `nil` when `text` has none of them.
    public static func otherPinyin(_ text: String) -> [String]? {
        guard text.unicodeScalars.contains(where: { otherReadings[$0.value] != nil }) else { return nil }
        return text.unicodeScalars.compactMap { otherReadings[$0.value] ?? readings[$0.value] }
    }

    /// Second readings of characters whose two are both common in titles and names.
    private static let otherReadings: [UInt32: String] = [
        0x4F20: "zhuan", 0x957F: "zhang", 0x91CD: "chong", 0x4E50: "yue", 0x884C: "hang", 0x8BF4: "shui",
        0x89C9: "jiao", 0x5355: "shan", 0x66FE: "zeng", 0x4E86: "liao",
    ]

    /// Every character of ``ranges`` whose ICU "Traditional-Simplified" form differs.
    private static let simplifiedForms: [UInt32: Unicode.Scalar] = table { transformed in
        guard let form = transformed.applyingTransform(StringTransform("Traditional-Simplified"), reverse: false)
        else { return [] }
        return form.components(separatedBy: "\n")
    }.compactMapValues { form in
        form.unicodeScalars.count == 1 ? form.unicodeScalars.first : nil
    }

    /// Every character of ``ranges`` with its ICU "Han-Latin" reading, folded to ASCII.
    private static let readings: [UInt32: String] = table { characters in
        guard let latin = characters.applyingTransform(.mandarinToLatin, reverse: false) else { return [] }
        return latin.components(separatedBy: "\n")
    }.compactMapValues { reading in
        let folded = reading.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        return !folded.isEmpty && folded.utf8.allSatisfy({ (0x61...0x7A).contains($0) }) ? folded : nil
    }

    /// `transform` of every character of ``ranges`` (one line each, in one call), by character;
    /// a character whose line differs from it. Empty when the transform fails or loses lines.
    private static func table(_ transform: (String) -> [String]) -> [UInt32: String] {
        let characters = ranges.flatMap { $0 }.compactMap(Unicode.Scalar.init)
        let lines = transform(characters.map(String.init).joined(separator: "\n"))
        guard lines.count == characters.count else { return [:] }
        var table: [UInt32: String] = [:]
        for (character, line) in zip(characters, lines) where line != String(character) {
            table[character.value] = line
        }
        return table
    }
}
