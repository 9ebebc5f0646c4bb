// A query's matches found from its terms' postings alone: each posting names a book and the
// fields it holds the word in (``CandidateIndex/Layout/posting(book:fields:)``), and a word's
// postings lie together in the file, so a query maps the pages of its terms' postings, not
// pages of every candidate's words all over the file.

extension CandidateIndex {
    /// Calls `body` with each book matching every term, in rank order, and the fields in which
    /// it matches all of them (see ``Matches``), until `body` returns true.
    ///
    /// The rarest term's books are the candidates; each other term, rarest first, is asked
    /// whether it holds the next candidate, which moves that term's cursors forward only
    /// (``TermProbe``), so a term is read no further than the last candidate asked.
    func forEachMatch(of terms: [[Range<UInt32>]], _ body: (Int, FieldSet) -> Bool) {
        let counts = terms.map(postingCount(of:))
        guard let driver = counts.indices.min(by: { counts[$0] < counts[$1] }) else { return }
        let candidates = postingList(of: terms[driver])
        var probes = terms.indices.filter { $0 != driver }.sorted { counts[$0] < counts[$1] }.map {
            TermProbe(self, terms[$0], postings: counts[$0], candidates: candidates.count)
        }
        for posting in candidates {
            let book = Layout.book(ofPosting: posting)
            var fields = Layout.fields(ofPosting: posting)
            var holdsAll = true
            for probe in probes.indices {
                let found = probes[probe].fields(of: book, in: self)
                if found.isEmpty {
                    holdsAll = false
                    break
                }
                fields.formIntersection(found)
            }
            if holdsAll, body(book, fields) { return }
        }
    }

    /// The postings of the words of `ranges`, one a book, in rank order, each with every field
    /// in which the book holds one of the words. A posting past the books or of no field (in a
    /// damaged file) is left out.
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
        var kept = 0
        for posting in list {
            if kept > 0, Layout.book(ofPosting: list[kept - 1]) == Layout.book(ofPosting: posting) {
                list[kept - 1] |= posting & 3
            } else {
                list[kept] = posting
                kept += 1
            }
        }
        list.removeLast(list.count - kept)
        return list
    }

    /// One term asked, book after book in rank order, in which fields each holds it: by
    /// galloping along each of its words' postings, or, when that would cost more than reading
    /// them (a short prefix's thousands of words, for many candidates), along its merged
    /// ``postingList(of:)``.
    struct TermProbe {
        /// The runs of postings searched, each in rank order: each word's, in the index's
        /// postings, or the one merged list.
        private let runs: [Range<Int>]
        private let merged: [UInt32]?
        /// Per run, where the next book asked is to be looked for: every posting before it is of
        /// a book before the last one asked.
        private var cursors: [Int]

        /// The probe of the term of words `ranges`, with `postings` postings in all, which is to
        /// be asked about `candidates` books.
        init(_ index: CandidateIndex, _ ranges: [Range<UInt32>], postings: Int, candidates: Int) {
            let words = ranges.reduce(0) { $0 + $1.count }
            if words == 1 || words * candidates <= postings {
                runs = ranges.flatMap { range in
                    range.map { index.postingRun(of: $0..<($0 + 1)) }.filter { !$0.isEmpty }
                }
                merged = nil
            } else {
                let list = index.postingList(of: ranges)
                runs = [0..<list.count]
                merged = list
            }
            cursors = runs.map(\.lowerBound)
        }

        /// The fields in which `book` holds the term; empty when it does not. `book` is never
        /// before the last book asked.
        mutating func fields(of book: Int, in index: CandidateIndex) -> FieldSet {
            var fields: FieldSet = []
            for run in runs.indices {
                let end = runs[run].upperBound
                let place: Int
                if let merged {
                    place = Self.firstPlace(from: cursors[run], to: end, notBefore: book) { merged[$0] }
                } else {
                    place = Self.firstPlace(from: cursors[run], to: end, notBefore: book) { index.postings[$0] }
                }
                cursors[run] = place
                guard place < end else { continue }
                let posting = merged?[place] ?? index.postings[place]
                if Layout.book(ofPosting: posting) == book { fields.formUnion(Layout.fields(ofPosting: posting)) }
            }
            return fields
        }

        /// The first place in `start..<end` whose posting is of `book` or a later one (`end` if
        /// none), the postings there being in rank order: steps doubling from `start`, then a
        /// binary search, so a book near the last one asked costs a read or two. Each step
        /// moves forward, so the search ends in a damaged file too (its answer then wrong).
        private static func firstPlace(
            from start: Int, to end: Int, notBefore book: Int, _ posting: (Int) -> UInt32
        ) -> Int {
            var low = start
            var high = start
            var step = 1
            while high < end, Layout.book(ofPosting: posting(high)) < book {
                low = high + 1
                high += step
                step *= 2
            }
            high = min(high, end)
            while low < high {
                let middle = (low + high) / 2
                if Layout.book(ofPosting: posting(middle)) < book { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }
}
