/// Reads Japanese text aloud: a morphological analyzer that gives the kana reading of a title or
/// a name, what search indexes beside the written text (``Book/textReadings``). The catalog's
/// commands give one to the stores they open (MeCab, in the `JapaneseReadings` module), so every
/// book written gets the readings its catalog did not give.
///
/// ```swift
/// analyzer.reading(of: "海辺のカフカ")   // "ウミベ ノ カフカ"
/// ```
public protocol ReadingAnalyzer: Sendable {
    /// The reading of `text` in kana, its words separated by spaces; `nil` when it cannot read it.
    func reading(of text: String) -> String?
}

extension Book {
    /// Whether `text` is written in Japanese script search reads through a reading: kanji or
    /// kana. Text in kana alone is read as written.
    static func needsReading(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: Han.isHan)
    }

    /// Adds, for each of the title, alternate titles, series names and authors that holds kanji
    /// and has no reading yet, the reading `analyzer` gives it. A book in Chinese or Korean
    /// (``language`` `zh…`, `ko…`) is left alone: its characters are found by their pinyin and
    /// their letters.
    ///
    /// ```swift
    /// book.addTextReadings(using: analyzer)   // book.textReadings["人間失格"] == "ニンゲン シッカク"
    /// ```
    public mutating func addTextReadings(using analyzer: any ReadingAnalyzer) {
        let language = (language ?? "").lowercased()
        guard !["zh", "chi", "zho", "ko", "kor"].contains(where: { language.hasPrefix($0) }) else { return }
        for text in [title] + series.map(\.name) + authors + alternateTitles
        where textReadings[text] == nil && Self.needsReading(text) {
            if let reading = analyzer.reading(of: text) { textReadings[text] = reading }
        }
        _ = capTextReadings()
    }
}

extension ImportBatch {
    /// ``Book/addTextReadings(using:)`` for every book of the batch: what a store given an
    /// analyzer does before it writes.
    public mutating func addTextReadings(using analyzer: any ReadingAnalyzer) {
        for index in books.indices { books[index].addTextReadings(using: analyzer) }
    }

    /// This batch with ``addTextReadings(using:)`` applied when there is an analyzer.
    public func read(by analyzer: (any ReadingAnalyzer)?) -> ImportBatch {
        guard let analyzer else { return self }
        var batch = self
        batch.addTextReadings(using: analyzer)
        return batch
    }
}
