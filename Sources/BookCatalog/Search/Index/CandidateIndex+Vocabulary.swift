// Looking words up in the vocabulary, read in place: binary search over their UTF-8 bytes.

extension CandidateIndex {
    /// How many distinct words the index holds.
    var wordCount: Int { vocabularyEnds.count }

    /// The UTF-8 of word `id` (below ``wordCount``), read in place.
    func wordBytes(_ id: Int) -> UnsafeRawBufferPointer {
        let start = id == 0 ? 0 : vocabularyEnds.place(id - 1, within: vocabularyText.count)
        let end = max(start, vocabularyEnds.place(id, within: vocabularyText.count))
        return UnsafeRawBufferPointer(rebasing: vocabularyText.base[start..<end])
    }

    /// Word `id` (below ``wordCount``) as a string.
    func word(_ id: UInt32) -> String { String(decoding: wordBytes(Int(id)), as: UTF8.self) }

    /// The id of the word whose bytes are `bytes`, if the index holds it.
    func wordID(of bytes: [UInt8]) -> UInt32? {
        let place = firstWord { !$0.lexicographicallyPrecedes(bytes) }
        guard place < wordCount, wordBytes(place).elementsEqual(bytes) else { return nil }
        return UInt32(place)
    }

    /// The ids of the words that begin with `prefix`'s bytes: one run, the vocabulary being in
    /// byte order.
    func wordsBeginning(with bytes: [UInt8]) -> Range<UInt32> {
        let start = firstWord { !$0.lexicographicallyPrecedes(bytes) }
        let end = firstWord { word in !word.lexicographicallyPrecedes(bytes) && !word.starts(with: bytes) }
        return UInt32(start)..<UInt32(max(start, end))
    }

    /// The first word for which `isPast` holds, `isPast` being false then true along the vocabulary.
    func firstWord(where isPast: (UnsafeRawBufferPointer) -> Bool) -> Int {
        var low = 0
        var high = wordCount
        while low < high {
            let middle = (low + high) / 2
            if isPast(wordBytes(middle)) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Every word of the vocabulary, in byte order: the words ``BookStore/searchTerms()``
    /// lists, so a server that maps the index builds its ``TermDictionary`` from them without
    /// reading the store. Once read, the pages of the vocabulary are let go of (search touches
    /// few of them again), so the index's resident bytes stay what searches need.
    ///
    /// ```swift
    /// let dictionary = TermDictionary(index.vocabularyWords())
    /// ```
    public func vocabularyWords() -> [String] {
        let words = (0..<wordCount).map { String(decoding: wordBytes($0), as: UTF8.self) }
        storage.release(vocabularyText.base)
        storage.release(vocabularyEnds.base)
        return words
    }
}
