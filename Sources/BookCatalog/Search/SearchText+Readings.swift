extension SearchText {
    /// A way a text is read, as words search finds it by: a Japanese reading in kana (its words
    /// in hiragana, found by kana as typed) or in romaji (each word, and all of them joined, as
    /// ``Romaji`` indexes them), or the pinyin of its Chinese characters (each syllable, and
    /// all of them joined). Each is searched as a further element of its field, so the
    /// proximity and position rules see its words in their own order.
    public struct ReadingForm: Sendable, Hashable {
        /// One word of a form.
        public struct Word: Sendable, Hashable {
            public let folded: String
            /// Its place among the form's words.
            public let position: Int
            /// How many places it spans: more than 1 for the joined word.
            public let parts: Int
        }

        public let words: [Word]

        /// A form of kana `words`, in order.
        init(kana words: [String]) {
            self.words = words.enumerated().map { Word(folded: $1, position: $0, parts: 1) }
        }

        /// A form of Latin `words` as ``Romaji`` indexes them, in order, followed by runs of them
        /// joined as readers type them together: every run of up to ``maximumJoinedRun`` words
        /// (pinyin typed word by word, `sanguo yanyi`) and all of them (`umibenokafuka`).
        init(latin words: [String]) {
            var all = words.enumerated().map { Word(folded: Romaji.indexWord($1), position: $0, parts: 1) }
            for start in words.indices {
                for length in 2...max(2, Self.maximumJoinedRun) where start + length <= words.count {
                    let run = words[start..<(start + length)]
                    all.append(Word(folded: Romaji.indexWord(run.joined()), position: start, parts: length))
                }
            }
            if words.count > Self.maximumJoinedRun {
                all.append(Word(folded: Romaji.indexWord(words.joined()), position: 0, parts: words.count))
            }
            self.words = all
        }

        /// The longest run of a reading's words joined as one besides the whole reading: a word
        /// of Chinese is one to four syllables.
        static let maximumJoinedRun = 4
    }

    /// The most words of one reading searched: a reading is of a title or a name, never longer.
    static let maximumReadingWords = 64

    /// The forms `text` is read in: for each of `readings` (written text → its reading, words
    /// separated by spaces) whose written text `text` holds, its kana and its romaji; and the
    /// pinyin of `text`'s Chinese characters. Empty for text without readings or Han.
    ///
    /// ```swift
    /// SearchText.readingForms(of: "人間失格", readings: ["人間失格": "ニンゲン シッカク"])
    /// // [にんげんしっかく], [·ningen ·sikkaku ·ningensikkaku], [·ren ·jian ·si ·ge ·renjiansige]
    /// ```
    public static func readingForms(of text: String, readings: [String: String]) -> [ReadingForm] {
        guard !readings.isEmpty || text.unicodeScalars.contains(where: { Han.isHan($0) || Kana.isKana($0) }) else {
            return []
        }
        var forms: [ReadingForm] = []
        var isRead = false
        for (written, reading) in readings where !written.isEmpty && text.contains(written) {
            isRead = true
            let parts = reading.split(whereSeparator: \.isWhitespace).prefix(maximumReadingWords).map(String.init)
            let kana = words(in: parts.joined()).filter(isCJKWord)
            if !kana.isEmpty { forms.append(ReadingForm(kana: kana)) }
            let romaji = parts.map(romanizedWord).filter { !$0.isEmpty }
            if !romaji.isEmpty { forms.append(ReadingForm(latin: romaji)) }
        }
        // Kana needs no reading: written in kana alone, a text is read as written.
        if !isRead {
            let kana = tokens(in: text).map(\.folded).filter(Kana.isAllKana).map(Kana.romanized)
            if !kana.isEmpty { forms.append(ReadingForm(latin: Array(kana.prefix(maximumReadingWords)))) }
        }
        let han = tokens(in: text).filter { isCJKWord($0.folded) }.map(\.folded).joined()
        for syllables in [Han.pinyin(han), Han.otherPinyin(han) ?? []] where !syllables.isEmpty {
            forms.append(ReadingForm(latin: Array(syllables.prefix(maximumReadingWords))))
        }
        return forms
    }

    /// One word of a reading in lowercase Latin letters and digits: kana romanized, anything
    /// else folded as search folds it.
    private static func romanizedWord(_ word: String) -> String {
        let latin = word.unicodeScalars.contains(where: Kana.isKana) ? Kana.romanized(word) : word
        return words(in: latin).joined().filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }

    /// ``indexWords(in:)`` of `text` followed by the index words of its ``readingForms(of:readings:)``:
    /// what both stores hold for a field.
    public static func indexWords(in text: String, readings: [String: String]) -> [String] {
        indexWords(in: text)
            + readingForms(of: text, readings: readings).flatMap { $0.words.flatMap { indexWords(of: $0.folded) } }
    }
}
