/// Latin spellings of Japanese readings and of Chinese pinyin brought to one form, so that
/// `shikkaku` (Hepburn), `sikkaku` (an input method's), `tou` and `tō` find the same reading.
///
/// Readings are indexed in this form behind ``marker`` — a namespace of their own, so a romaji
/// word never stands in for an English one (`fun` is `hun`; "hunger" must not match it) and
/// typo tolerance never offers one.
///
/// ```swift
/// Romaji.canonical("shikkaku")   // "sikkaku"
/// Romaji.canonical("toukyou")    // "tokyo"
/// Romaji.indexWord("tsu")        // "·tu"
/// ```
public enum Romaji {
    /// What begins every reading word in the index: a character no query word can hold (it is
    /// no letter or digit, so ``SearchText`` never keeps it), so only the reading forms Scout
    /// makes reach these words.
    public static let marker: Character = "·"

    /// `word` (lowercase ASCII letters) as an indexed reading word: ``marker`` then its
    /// ``canonical(_:)`` form.
    public static func indexWord(_ word: String) -> String {
        String(marker) + canonical(word)
    }

    /// Whether `word` is a reading word of the index (begins with ``marker``).
    public static func isIndexWord(_ word: String) -> Bool {
        word.first == marker
    }

    /// One spelling for the ways a sound is written in Latin letters: Hepburn's shi, chi, tsu,
    /// fu, ji, sha, cha, ja become si, ti, tu, hu, zi, sya, tya, zya (Kunrei, what input methods
    /// accept too); tch is tt; m before b or p is n (shimbun); nn is n; a doubled vowel and ou
    /// are one vowel (long vowels are written ō, ou, oo or o); wo is o.
    public static func canonical(_ word: String) -> String {
        let letters = Array(word.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(letters.count)
        var index = 0
        while index < letters.count {
            if let (length, replacement) = rule(at: index, in: letters) {
                append(replacement, to: &output)
                index += length
                continue
            }
            append([letters[index]], to: &output)
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `bytes`, dropping a vowel that lengthens the one before it and the second n of nn.
    private static func append(_ bytes: [UInt8], to output: inout [UInt8]) {
        for byte in bytes {
            if let last = output.last, isVowel(byte), isVowel(last),
                byte == last || (last == UInt8(ascii: "o") && byte == UInt8(ascii: "u"))
            {
                continue
            }
            if byte == UInt8(ascii: "n"), output.last == UInt8(ascii: "n") { continue }
            output.append(byte)
        }
    }

    private static func isVowel(_ byte: UInt8) -> Bool {
        byte == 0x61 || byte == 0x69 || byte == 0x75 || byte == 0x65 || byte == 0x6F
    }

    /// The rewrite that applies at `index`, longest first: how many letters it takes and what it writes.
    private static func rule(at index: Int, in letters: [UInt8]) -> (Int, [UInt8])? {
        for length in stride(from: 4, through: 2, by: -1) where index + length <= letters.count {
            if let replacement = rules[Array(letters[index..<(index + length)])] {
                // m before b or p, and only there.
                return (length, replacement)
            }
        }
        return nil
    }

    private static let rules: [[UInt8]: [UInt8]] = {
        let spelled: [String: String] = [
            "tchi": "tti", "tcha": "ttya", "tchu": "ttyu", "tcho": "ttyo", "tche": "ttye",
            "cchi": "tti", "ccha": "ttya", "cchu": "ttyu", "ccho": "ttyo", "cche": "ttye",
            "shi": "si", "sha": "sya", "shu": "syu", "sho": "syo", "she": "sye",
            "chi": "ti", "cha": "tya", "chu": "tyu", "cho": "tyo", "che": "tye",
            "cya": "tya", "cyu": "tyu", "cyo": "tyo",
            "tsu": "tu", "dzu": "zu", "fu": "hu",
            "jya": "zya", "jyu": "zyu", "jyo": "zyo",
            "ji": "zi", "ja": "zya", "ju": "zyu", "jo": "zyo", "je": "zye", "di": "zi", "du": "zu",
            "wo": "o", "mb": "nb", "mp": "np",
        ]
        return Dictionary(uniqueKeysWithValues: spelled.map { (Array($0.utf8), Array($1.utf8)) })
    }()

    /// The index words a query word still being typed may begin, in the reading namespace: its
    /// ``indexWord(_:)``, and where it ends part-way through a sound, each way that sound is
    /// written canonically (`sh` may become si or sya, `ts` tu, `f` hu or fa, `m` n before b).
    ///
    /// ```swift
    /// Romaji.prefixIndexWords("kaf")   // ["·kahu", "·kaf"]
    /// ```
    public static func prefixIndexWords(_ word: String) -> [String] {
        for (ending, spellings) in partialEndings where word.hasSuffix(ending) {
            let stem = canonical(String(word.dropLast(ending.count)))
            return spellings.map { String(marker) + canonical(stem + $0) }
        }
        return [indexWord(word)]
    }

    /// Endings typed part-way through a sound, longest first, and the canonical beginnings of
    /// what they become.
    private static let partialEndings: [(String, [String])] = [
        ("tch", ["tt"]), ("cch", ["tt"]), ("sh", ["si", "sy"]), ("ch", ["ti", "ty"]), ("cy", ["ty"]), ("ts", ["tu"]),
        ("dz", ["zu"]), ("jy", ["zy"]), ("tc", ["tt"]), ("c", ["ti", "ty"]), ("j", ["zi", "zy"]),
        ("f", ["hu", "f"]), ("m", ["m", "n"]),
    ]
}
