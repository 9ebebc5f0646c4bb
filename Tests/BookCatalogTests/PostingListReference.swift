@testable import BookCatalog

// The full merge of a term's postings that searches once made for every many-word term, kept in
// the tests as the reference of the bounded paths (suites "Bounded posting reads" and "Posting
// intersection"): the search reads a window or a bitmap instead (CandidateIndex+Merging).

extension CandidateIndex {
    /// The postings of the words of `ranges`, one a book, in rank order, each with every field
    /// in which the book holds one of the words. A posting past the books or of no field (in a
    /// damaged file) is left out. The whole list sorted, as the
    /// search once read a many-word term: the reference the bounded paths are compared with.
    func postingList(of ranges: [Range<UInt32>]) -> [UInt32] {
        var list: [UInt32] = []
        for range in ranges {
            for place in postingRun(of: range) {
                let posting = postings[place]
                if Layout.book(ofPosting: posting) < count, !Layout.fields(ofPosting: posting).isEmpty {
                    list.append(posting)
                }
            }
        }
        // One word's postings are in rank order already, one a book.
        guard ranges.count > 1 || ranges.first?.count != 1 else { return list }
        list.sort()
        list.mergeBooks()
        return list
    }
}
