/// Hangul as search compares it: by its letters (jamo), as a Korean keyboard types them, so the
/// syllable still being built matches the one it is becoming — `채시` on the way to 채식주의자
/// is ㅊㅐㅅㅣ, the beginning of ㅊㅐㅅㅣㄱㅈㅜㅇㅡㅣㅈㅏ; a final consonant the next vowel will
/// move on (`손` on the way to 소년) is the same letter as the initial it becomes. Compound
/// vowels and final clusters are the keys that make them (ㅘ is ㅗㅏ, ㄺ is ㄹㄱ).
///
/// ```swift
/// Hangul.letters("소년이 온다")   // "ㅅㅗㄴㅕㄴㅇㅣ ㅇㅗㄴㄷㅏ"
/// ```
public enum Hangul {
    /// Whether `scalar` is a Hangul syllable or a compatibility letter (what an input method
    /// shows for a letter typed alone).
    public static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(scalar.value) || isLetter(scalar)
    }

    /// Whether `scalar` is a Hangul compatibility letter (ㄱ…ㆎ).
    public static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        (0x3131...0x318E).contains(scalar.value)
    }

    /// `text` with every Hangul syllable and compound letter spelled out in the letters typed
    /// for it; anything else kept.
    public static func letters(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if (0xAC00...0xD7A3).contains(value) {
                let index = Int(value - 0xAC00)
                append(initials[index / 588], to: &output)
                append(vowels[(index % 588) / 28], to: &output)
                if index % 28 > 0 { append(finals[index % 28 - 1], to: &output) }
            } else if let keys = compounds[scalar] {
                output.append(contentsOf: keys.unicodeScalars)
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// How many of `word`'s syllables (or letters) the first `letterCount` of ``letters(_:)``
    /// spell, a syllable begun counting whole: what a match of those letters covers.
    public static func characters(in word: String, spelledBy letterCount: Int) -> Int {
        var spelled = 0
        var characters = 0
        for character in word where spelled < letterCount {
            spelled += letters(String(character)).unicodeScalars.count
            characters += 1
        }
        return characters
    }

    private static func append(_ letter: Unicode.Scalar, to output: inout String.UnicodeScalarView) {
        if let keys = compounds[letter] {
            output.append(contentsOf: keys.unicodeScalars)
        } else {
            output.append(letter)
        }
    }

    private static let initials = Array("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ".unicodeScalars)
    private static let vowels = Array("ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ".unicodeScalars)
    private static let finals = Array("ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ".unicodeScalars)
    /// Letters typed as two keys.
    private static let compounds: [Unicode.Scalar: String] = [
        "ㅘ": "ㅗㅏ", "ㅙ": "ㅗㅐ", "ㅚ": "ㅗㅣ", "ㅝ": "ㅜㅓ", "ㅞ": "ㅜㅔ", "ㅟ": "ㅜㅣ", "ㅢ": "ㅡㅣ",
        "ㄳ": "ㄱㅅ", "ㄵ": "ㄴㅈ", "ㄶ": "ㄴㅎ", "ㄺ": "ㄹㄱ", "ㄻ": "ㄹㅁ", "ㄼ": "ㄹㅂ", "ㄽ": "ㄹㅅ",
        "ㄾ": "ㄹㅌ", "ㄿ": "ㄹㅍ", "ㅀ": "ㄹㅎ", "ㅄ": "ㅂㅅ",
    ]
}
