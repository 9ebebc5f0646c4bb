@testable import BookCatalog

// The former query path, kept as the reference the posting intersection is checked against
// (suite "Posting intersection"): it learns where a candidate matches from the candidate's own
// words. The index no longer holds those (format 4), so the test makes them again from the same
// entries, in memory (``BookWordLists``), looked up in the index's vocabulary by their text.

/// Each book's distinct word ids, in the index's rank order, title words and author words apart.
struct BookWordLists {
    let title: [[UInt32]]
    let authors: [[UInt32]]

    /// The word lists of `entries`, the catalog `index` was built from.
    init(_ entries: [SearchEntry], in index: CandidateIndex) {
        let ranked = entries.sorted { $0.searchOrder < $1.searchOrder }
        func ids(_ words: [String]) -> [UInt32] {
            var ids: [UInt32] = []
            for word in words {
                guard let id = index.wordID(of: Array(word.utf8)) else {
                    preconditionFailure("the index lacks the word \(word) of its own catalog")
                }
                if !ids.contains(id) { ids.append(id) }
            }
            return ids
        }
        let words = ranked.map(CandidateIndex.fieldWords(of:))
        title = words.map { ids($0.title) }
        authors = words.map { ids($0.authors) }
    }
}

extension CandidateIndex {
    /// What ``search(_:limit:)`` finds, found by reading each candidate's words: the rarest
    /// term's books checked in rank order (or, when that term is common, books walked in rank
    /// order, as many as it has postings at most).
    func searchReadingBookWords(_ query: BookQuery, limit: Int, words: BookWordLists) -> [Book] {
        guard limit > 0, let terms = matchedWords(of: query) else { return [] }
        var matches = Matches(limit: limit)
        let driver = terms.min { postingCount(of: $0) < postingCount(of: $1) }!
        let driverCount = postingCount(of: driver)
        if driverCount * driverCount > 4 * limit * count {
            for book in 0..<min(count, driverCount) where matches.add(book, Self.match(book, terms, words)) {
                return books(matches.found)
            }
            if driverCount >= count { return books(matches.found) }
            matches = Matches(limit: limit)
        }
        for book in books(holding: driver) where matches.add(book, Self.match(book, terms, words)) { break }
        return books(matches.found)
    }

    /// What ``count(_:)`` counts, counted by reading each of the rarest term's books' words.
    func countReadingBookWords(_ query: BookQuery, words: BookWordLists) -> Int {
        guard let terms = matchedWords(of: query) else { return 0 }
        let driver = terms.min { postingCount(of: $0) < postingCount(of: $1) }!
        let books = books(holding: driver)
        guard terms.count > 1 else { return books.count }
        return books.reduce(0) { count, book in Self.match(book, terms, words) == nil ? count : count + 1 }
    }

    /// The places of the books holding any word of `ranges`, ascending, once each.
    private func books(holding ranges: [Range<UInt32>]) -> [Int] {
        postingList(of: ranges).map(Layout.book(ofPosting:))
    }

    /// Where `book` matches every term: ``FieldSet/title`` and ``FieldSet/authors`` when all
    /// terms match in that field; `[]` when it matches every term but in no one field; nil when
    /// some term matches nowhere.
    private static func match(_ book: Int, _ terms: [[Range<UInt32>]], _ words: BookWordLists) -> FieldSet? {
        var all: FieldSet = [.title, .authors]
        for term in terms {
            var fields: FieldSet = []
            if words.title[book].contains(where: { contains(term, $0) }) { fields.insert(.title) }
            if words.authors[book].contains(where: { contains(term, $0) }) { fields.insert(.authors) }
            if fields.isEmpty { return nil }
            all.formIntersection(fields)
        }
        return all
    }

    private static func contains(_ ranges: [Range<UInt32>], _ word: UInt32) -> Bool {
        ranges.contains { $0.contains(word) }
    }
}
