extension CandidateIndex {
    /// Builds the index of `entries` (any order; ids distinct), recording that they are the
    /// catalog's at `generation`, the catalog whose identity is `catalogIdentity` (0 for one
    /// without, see ``SearchIndexFile/catalogIdentity``). Throws ``TooLarge`` when the catalog's text or words overflow
    /// 32-bit offsets.
    ///
    /// ```swift
    /// let index = try CandidateIndex([SearchEntry(id: 1, title: "Dune", authors: [], ratingsCount: 9)])
    /// ```
    public init(_ entries: [SearchEntry], generation: Int64 = 0, catalogIdentity: Int64 = 0) throws {
        let ranked = entries.sorted { $0.searchOrder < $1.searchOrder }
        var words = WordsBeingNumbered()
        var text: [UInt8] = []
        var elementEnds: [UInt32] = []
        var elementStarts: [UInt32] = [0]
        // Each book's words (word ids numbered as first met; renumbered in byte order below),
        // held only while the postings are made from them: search reads the postings alone.
        var bookWords: [UInt32] = []
        var wordStarts: [UInt32] = [0]
        var titleWordCounts: [UInt32] = []
        elementEnds.reserveCapacity(ranked.count * 2)
        bookWords.reserveCapacity(ranked.count * 8)
        var alternateCounts: [UInt8] = []
        var seriesCounts: [UInt8] = []
        var textReadings: [Int: [String: String]] = [:]
        for (place, entry) in ranked.enumerated() {
            if !entry.textReadings.isEmpty { textReadings[place] = entry.textReadings }
            // A book's other titles and series names are searched with its title (as the stores
            // index them).
            let alternates = entry.alternateTitles.prefix(Int(UInt8.max))
            let series = entry.series.prefix(Int(UInt8.max))
            alternateCounts.append(UInt8(alternates.count))
            seriesCounts.append(UInt8(series.count))
            let titles = [entry.title] + alternates + series
            for element in titles + entry.authors {
                text.append(contentsOf: element.utf8)
                elementEnds.append(try Self.offset(text.count))
            }
            elementStarts.append(try Self.offset(elementEnds.count))
            let fieldWords = Self.fieldWords(of: entry)
            let start = bookWords.count
            Self.appendDistinct(fieldWords.title.map { words.id(of: $0) }, to: &bookWords, from: start)
            titleWordCounts.append(try Self.offset(bookWords.count - start))
            let authorStart = bookWords.count
            Self.appendDistinct(fieldWords.authors.map { words.id(of: $0) }, to: &bookWords, from: authorStart)
            wordStarts.append(try Self.offset(bookWords.count))
        }

        let (vocabulary, renumbered) = words.sortedByBytes()
        for index in bookWords.indices { bookWords[index] = renumbered[Int(bookWords[index])] }
        let (postings, postingStarts) = try Self.postings(
            of: bookWords, wordStarts: wordStarts, titleWordCounts: titleWordCounts, vocabularySize: vocabulary.count)

        let vocabularyBytes = vocabulary.flatMap(\.utf8)
        var vocabularyEnds: [UInt32] = []
        var end = 0
        for word in vocabulary {
            end += word.utf8.count
            vocabularyEnds.append(try Self.offset(end))
        }
        let cjkWords = vocabulary.indices.filter { SearchText.isCJKWord(vocabulary[$0]) }.map(UInt32.init)
        let readings = try Self.readingSections(textReadings)
        // Ids are stored less the smallest, so a catalog's ids take the bytes their spread needs.
        let idBase = ranked.lazy.map(\.id).min() ?? 0
        let sections: [Layout.Packed] = [
            Layout.Packed(ranked.lazy.map { UInt64(bitPattern: $0.id &- idBase) }),
            Layout.Packed(ranked.lazy.map { Layout.ratingsCode($0.ratingsCount) }),
            Layout.Packed(bytes: alternateCounts), Layout.Packed(bytes: seriesCounts), Layout.Packed(bytes: text),
            Layout.Packed(elementEnds), Layout.Packed(elementStarts), Layout.Packed(bytes: vocabularyBytes),
            Layout.Packed(vocabularyEnds), Layout.Packed(postings), Layout.Packed(postingStarts),
            Layout.Packed(cjkWords), Layout.Packed(readings.places), Layout.Packed(readings.ends),
            Layout.Packed(bytes: readings.text),
        ]
        let storage = IndexBytes(
            copying: Layout.image(
                generation: generation, catalogIdentity: catalogIdentity, books: ranked.count, words: vocabulary.count,
                idBase: idBase,
                sections: sections))
        do {
            self.init(storage: storage, header: try Header(of: storage.bytes))
        } catch {
            preconditionFailure("the index just built does not read back: \(error)")
        }
    }

    /// The readings sections: the places with readings, ascending, where each one's pairs end,
    /// and the pairs (key, then value, each a UInt32 length and its UTF-8), keys in order.
    private static func readingSections(_ readings: [Int: [String: String]]) throws -> (
        places: [UInt32], ends: [UInt32], text: [UInt8]
    ) {
        var places: [UInt32] = []
        var ends: [UInt32] = []
        var text: [UInt8] = []
        for place in readings.keys.sorted() {
            for (key, value) in readings[place]!.sorted(by: { $0.key < $1.key }) {
                for part in [key, value] {
                    Layout.append(try offset(part.utf8.count), to: &text)
                    text += part.utf8
                }
            }
            places.append(try offset(place))
            ends.append(try offset(text.count))
        }
        return (places, ends, text)
    }

    /// The folded words search finds `entry` by, in its title field (its titles and series
    /// names, the alternates and series as many as the index keeps) and in its authors field.
    static func fieldWords(of entry: SearchEntry) -> (title: [String], authors: [String]) {
        let titles =
            [entry.title] + entry.alternateTitles.prefix(Int(UInt8.max)) + entry.series.prefix(Int(UInt8.max))
        return (
            titles.flatMap { words(of: $0, readings: entry.textReadings) },
            entry.authors.flatMap { words(of: $0, readings: entry.textReadings) }
        )
    }

    /// The folded words search finds one text of a book by: its index tokens, then the words of
    /// its reading forms.
    private static func words(of text: String, readings: [String: String]) -> [String] {
        SearchText.indexTokens(in: text).map(\.folded)
            + SearchText.readingForms(of: text, readings: readings).flatMap { $0.words.map(\.folded) }
    }

    /// Appends the ids of `found` not yet among `words[start...]` (a field has a few words, so a
    /// scan beats a set).
    private static func appendDistinct(_ found: [UInt32], to words: inout [UInt32], from start: Int) {
        for id in found where !words[start...].contains(id) { words.append(id) }
    }

    /// For each word, the books holding it, ascending, each as a posting (``Layout/posting(book:fields:)``:
    /// the book's place and the fields it holds the word in), so search learns where a book
    /// matches from the postings alone: counted, then filled in book order.
    private static func postings(
        of bookWords: [UInt32], wordStarts: [UInt32], titleWordCounts: [UInt32], vocabularySize: Int
    ) throws -> ([UInt32], [UInt32]) {
        let books = wordStarts.count - 1
        // A posting holds the place shifted past the field bits, in 32 bits like the starts.
        guard books < 1 << 30 else { throw TooLarge() }
        var counts = [UInt32](repeating: 0, count: vocabularySize + 1)
        var distinct: [(id: UInt32, fields: FieldSet)] = []
        func eachWord(_ body: (Int, UInt32, FieldSet) -> Void) {
            for book in 0..<books {
                // A word in both the title and the authors is one posting, of both fields (each
                // field's words are distinct already, see appendDistinct).
                distinct.removeAll(keepingCapacity: true)
                let start = Int(wordStarts[book])
                let split = start + Int(titleWordCounts[book])
                for place in start..<Int(wordStarts[book + 1]) {
                    let field: FieldSet = place < split ? .title : .authors
                    if let seen = distinct.firstIndex(where: { $0.id == bookWords[place] }) {
                        distinct[seen].fields.insert(field)
                    } else {
                        distinct.append((bookWords[place], field))
                    }
                }
                for (id, fields) in distinct { body(book, id, fields) }
            }
        }
        eachWord { _, id, _ in counts[Int(id) + 1] += 1 }
        for word in 0..<vocabularySize { counts[word + 1] += counts[word] }
        let starts = counts
        var next = counts
        var postings = [UInt32](repeating: 0, count: Int(counts[vocabularySize]))
        eachWord { book, id, fields in
            postings[Int(next[Int(id)])] = UInt32(Layout.posting(book: book, fields: fields))
            next[Int(id)] += 1
        }
        return (postings, starts)
    }

    static func offset(_ count: Int) throws -> UInt32 {
        guard let offset = UInt32(exactly: count) else { throw TooLarge() }
        return offset
    }
}

/// Words numbered in the order first met, then renumbered by their UTF-8 bytes.
private struct WordsBeingNumbered {
    private var ids: [String: UInt32] = [:]
    private var words: [String] = []

    mutating func id(of word: String) -> UInt32 {
        if let id = ids[word] { return id }
        let id = UInt32(words.count)
        ids[word] = id
        words.append(word)
        return id
    }

    /// The words in byte order, and each first-met id's place in it.
    func sortedByBytes() -> (words: [String], renumbered: [UInt32]) {
        let order = words.indices.sorted { words[$0].utf8.lexicographicallyPrecedes(words[$1].utf8) }
        var renumbered = [UInt32](repeating: 0, count: words.count)
        for (place, id) in order.enumerated() { renumbered[id] = UInt32(place) }
        return (order.map { words[$0] }, renumbered)
    }
}
