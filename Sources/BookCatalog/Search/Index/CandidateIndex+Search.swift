extension CandidateIndex {
    /// The books ``BookStore/search(_:limit:)`` finds for `query`, in its order, with the
    /// fields ranking reads (id, title, authors, ratings count; source and the rest empty):
    /// books matching every term, those matching all terms in one field (the title or the
    /// authors) first, then the others; within each, in rank order. At most `limit`.
    ///
    /// ```swift
    /// index.search(BookQuery(terms: [.init(["hunger"]), .init(["ga"], isPrefix: true)]), limit: 5)
    /// ```
    public func search(_ query: BookQuery, limit: Int) -> [Book] {
        books(matchPlaces(of: query, limit: limit).places)
    }

    /// The places of the books ``search(_:limit:)`` finds, and how many postings finding them
    /// read (bounded by the page when matches are many, not by the catalog; tests check it).
    func matchPlaces(of query: BookQuery, limit: Int) -> (places: [Int], reads: Int) {
        guard limit > 0, let terms = matchedWords(of: query) else { return ([], 0) }
        var matches = Matches(limit: limit)
        let reads = forEachMatch(of: terms) { book, fields in matches.add(book, fields) }
        return (matches.found, reads)
    }

    /// How many books match every term of `query`: as many as ``search(_:limit:)`` finds with
    /// no limit, counted without reading them.
    ///
    /// ```swift
    /// index.count(SearchText.exactQuery("love")!)   // every book with a word beginning "love"
    /// ```
    public func count(_ query: BookQuery) -> Int { countReads(query).count }

    /// ``count(_:)``, and how many postings counting read: each posting of a term of many
    /// words once (marked in a bitmap, never sorted).
    func countReads(_ query: BookQuery) -> (count: Int, reads: Int) {
        guard let terms = matchedWords(of: query) else { return (0, 0) }
        var found = 0
        let reads = forEachMatch(of: terms, readsAll: true) { _, _ in
            found += 1
            return false
        }
        return (found, reads)
    }

    /// The word ranges of each term of `query` that has words (a term without asks nothing, as
    /// in the stores' query builders); nil when none has, or some term matches no word.
    func matchedWords(of query: BookQuery) -> [[Range<UInt32>]]? {
        let terms = query.terms.filter { $0.alternatives.contains { !$0.isEmpty } }.map(wordRanges(of:))
        return terms.isEmpty || terms.contains(where: \.isEmpty) ? nil : terms
    }

    /// The ids of the words `term` matches, as sorted, disjoint runs: each alternative whole or,
    /// for a prefix term, every word it begins; a CJK alternative every CJK word holding it.
    func wordRanges(of term: BookQuery.Term) -> [Range<UInt32>] {
        var ranges: [Range<UInt32>] = []
        for word in term.alternatives where !word.isEmpty {
            let bytes = Array(word.utf8)
            if SearchText.isCJKWord(word) {
                ranges += (0..<cjkWords.count).lazy.map { self.cjkWords[$0] }
                    .filter { Int($0) < self.wordCount && self.word($0).contains(word) }.map { $0..<($0 + 1) }
            } else if term.isPrefix {
                let run = wordsBeginning(with: bytes)
                if !run.isEmpty { ranges.append(run) }
            } else if let id = wordID(of: bytes) {
                ranges.append(id..<(id + 1))
            }
        }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<UInt32>] = []
        for range in ranges {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// How many postings the words of `ranges` have.
    func postingCount(of ranges: [Range<UInt32>]) -> Int {
        ranges.reduce(0) { $0 + postingRun(of: $1).count }
    }

    /// Where the postings of the words of `range` (ids below ``wordCount``) lie.
    func postingRun(of range: Range<UInt32>) -> Range<Int> {
        let start = postingStarts.place(Int(range.lowerBound), within: postings.count)
        return start..<max(start, postingStarts.place(Int(range.upperBound), within: postings.count))
    }

    /// The fields of a book a term can match in.
    struct FieldSet: OptionSet {
        let rawValue: UInt8
        static let title = FieldSet(rawValue: 1)
        static let authors = FieldSet(rawValue: 2)
    }

    /// The matches found so far in rank order: those in one field, up to the limit, and the
    /// others, as many as could still be needed.
    struct Matches {
        let limit: Int
        var inOneField: [Int] = []
        var acrossFields: [Int] = []

        /// Notes `book`'s match; true when `limit` books match in one field, so no later book can
        /// be among the first `limit`.
        mutating func add(_ book: Int, _ fields: FieldSet?) -> Bool {
            guard let fields else { return false }
            if !fields.isEmpty {
                inOneField.append(book)
            } else if acrossFields.count < limit {
                acrossFields.append(book)
            }
            return inOneField.count >= limit
        }

        var found: [Int] { inOneField + acrossFields.prefix(limit - inOneField.count) }
    }

    /// The books at `places` in rank order, with the fields ranking reads (series by name only).
    func books(_ places: [Int]) -> [Book] {
        places.map { place in
            let elements = elementStarts.run(place, within: elementEnds.count)
            let texts = elements.map { element in
                let start = element == 0 ? 0 : elementEnds.place(element - 1, within: text.count)
                let end = max(start, elementEnds.place(element, within: text.count))
                return String(decoding: UnsafeRawBufferPointer(rebasing: text.base[start..<end]), as: UTF8.self)
            }
            let seriesStart = min(1 + Int(alternateCounts[place]), texts.count)
            let seriesEnd = min(seriesStart + Int(seriesCounts[place]), texts.count)
            var book = Book(
                id: idBase &+ Int64(bitPattern: ids[place]), source: "", sourceID: "", title: texts.first ?? "",
                series: texts[seriesStart..<seriesEnd].map { SeriesMembership(name: $0) },
                authors: Array(texts[seriesEnd...]), ratingsCount: Layout.ratingsCount(ratingsCounts[place]))
            book.alternateTitles = Array(texts[min(1, seriesStart)..<seriesStart])
            book.textReadings = textReadings(at: place)
            return book
        }
    }
}
