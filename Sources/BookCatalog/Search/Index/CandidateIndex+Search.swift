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
        // A term without words asks nothing, as in the stores' query builders.
        let terms = query.terms.filter { $0.alternatives.contains { !$0.isEmpty } }.map(wordRanges(of:))
        guard limit > 0, !terms.isEmpty, !terms.contains(where: \.isEmpty) else { return [] }
        var matches = Matches(limit: limit)
        let driver = terms.min { postingCount(of: $0) < postingCount(of: $1) }!
        let driverCount = postingCount(of: driver)
        // A common driver: its first matches are among the first books. The walk costs as many
        // checks as reading the driver's books would, at most.
        if driverCount * driverCount > 4 * limit * count {
            for book in 0..<min(count, driverCount) where matches.add(book, self.match(book, terms)) {
                return books(matches.found)
            }
            if driverCount >= count { return books(matches.found) }
            matches = Matches(limit: limit)
        }
        for book in books(holding: driver) where matches.add(Int(book), self.match(Int(book), terms)) { break }
        return books(matches.found)
    }

    /// How many books match every term of `query`: as many as ``search(_:limit:)`` finds with
    /// no limit, counted without reading them.
    ///
    /// ```swift
    /// index.count(SearchText.exactQuery("love")!)   // every book with a word beginning "love"
    /// ```
    public func count(_ query: BookQuery) -> Int {
        let terms = query.terms.filter { $0.alternatives.contains { !$0.isEmpty } }.map(wordRanges(of:))
        guard !terms.isEmpty, !terms.contains(where: \.isEmpty) else { return 0 }
        let driver = terms.min { postingCount(of: $0) < postingCount(of: $1) }!
        let books = books(holding: driver)
        guard terms.count > 1 else { return books.count }
        return books.reduce(0) { count, book in match(Int(book), terms) == nil ? count : count + 1 }
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
    private func postingCount(of ranges: [Range<UInt32>]) -> Int {
        ranges.reduce(0) { $0 + postingRun(of: $1).count }
    }

    /// Where the postings of the words of `range` (ids below ``wordCount``) lie.
    private func postingRun(of range: Range<UInt32>) -> Range<Int> {
        let start = postingStarts.place(Int(range.lowerBound), within: postings.count)
        return start..<max(start, postingStarts.place(Int(range.upperBound), within: postings.count))
    }

    /// The books holding any word of `ranges`, ascending, once each (a place past the books, in
    /// a damaged file, left out).
    private func books(holding ranges: [Range<UInt32>]) -> [UInt32] {
        var books: [UInt32] = []
        for range in ranges {
            for posting in postingRun(of: range) where Int(postings[posting]) < count {
                books.append(postings[posting])
            }
        }
        guard ranges.count > 1 || ranges.first?.count != 1 else { return books }
        books.sort()
        var kept = 0
        for book in books where kept == 0 || books[kept - 1] != book {
            books[kept] = book
            kept += 1
        }
        books.removeLast(books.count - kept)
        return books
    }

    /// Where `book` matches every term: ``Field/title`` and ``Field/authors`` when all terms
    /// match in that field; `[]` when it matches every term but in no one field; nil when some
    /// term matches nowhere.
    private func match(_ book: Int, _ terms: [[Range<UInt32>]]) -> FieldSet? {
        let words = wordStarts.run(book, within: bookWords.count)
        let split = words.lowerBound + titleWordCounts.place(book, within: words.count)
        let title = words.lowerBound..<split
        let authors = split..<words.upperBound
        var all: FieldSet = [.title, .authors]
        for term in terms {
            var fields: FieldSet = []
            if title.contains(where: { Self.contains(term, bookWords[$0]) }) { fields.insert(.title) }
            if authors.contains(where: { Self.contains(term, bookWords[$0]) }) { fields.insert(.authors) }
            if fields.isEmpty { return nil }
            all.formIntersection(fields)
        }
        return all
    }

    private static func contains(_ ranges: [Range<UInt32>], _ word: UInt32) -> Bool {
        if ranges.count <= 8 { return ranges.contains { $0.contains(word) } }
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound <= word { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].contains(word)
    }

    /// The fields of a book a term can match in.
    struct FieldSet: OptionSet {
        let rawValue: UInt8
        static let title = FieldSet(rawValue: 1)
        static let authors = FieldSet(rawValue: 2)
    }

    /// The matches found so far in rank order: those in one field, up to the limit, and the
    /// others, as many as could still be needed.
    private struct Matches {
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
    private func books(_ places: [Int]) -> [Book] {
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
