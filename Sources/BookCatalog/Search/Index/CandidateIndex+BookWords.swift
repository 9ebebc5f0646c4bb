// The former query path, kept as the reference the posting intersection is checked against
// (suite "Posting intersection"): it learns where a candidate matches from the candidate's own
// words (`bookWords`), which lie all over the file, so a query over a large catalog maps pages
// of the whole section. Search itself never takes it.

extension CandidateIndex {
    /// What ``search(_:limit:)`` finds, found by reading each candidate's words: the rarest
    /// term's books checked in rank order (or, when that term is common, books walked in rank
    /// order, as many as it has postings at most).
    func searchReadingBookWords(_ query: BookQuery, limit: Int) -> [Book] {
        guard limit > 0, let terms = matchedWords(of: query) else { return [] }
        var matches = Matches(limit: limit)
        let driver = terms.min { postingCount(of: $0) < postingCount(of: $1) }!
        let driverCount = postingCount(of: driver)
        if driverCount * driverCount > 4 * limit * count {
            for book in 0..<min(count, driverCount) where matches.add(book, self.match(book, terms)) {
                return books(matches.found)
            }
            if driverCount >= count { return books(matches.found) }
            matches = Matches(limit: limit)
        }
        for book in books(holding: driver) where matches.add(book, self.match(book, terms)) { break }
        return books(matches.found)
    }

    /// What ``count(_:)`` counts, counted by reading each of the rarest term's books' words.
    func countReadingBookWords(_ query: BookQuery) -> Int {
        guard let terms = matchedWords(of: query) else { return 0 }
        let driver = terms.min { postingCount(of: $0) < postingCount(of: $1) }!
        let books = books(holding: driver)
        guard terms.count > 1 else { return books.count }
        return books.reduce(0) { count, book in match(book, terms) == nil ? count : count + 1 }
    }

    /// The places of the books holding any word of `ranges`, ascending, once each.
    private func books(holding ranges: [Range<UInt32>]) -> [Int] {
        postingList(of: ranges).map(Layout.book(ofPosting:))
    }

    /// Where `book` matches every term: ``FieldSet/title`` and ``FieldSet/authors`` when all
    /// terms match in that field; `[]` when it matches every term but in no one field; nil when
    /// some term matches nowhere.
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
}
