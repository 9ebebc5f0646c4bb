// Issue #37's tail at a million books: a rare word and a short final prefix ("thoroska s"). The
// rare word offers a few hundred candidates and the prefix begins thousands of words; galloping
// every word's postings for every candidate touched words × candidates postings (tens of
// millions, 20–40 ms), and merging the prefix's postings a window of books at a time read and
// sorted most of them, since the candidates lie all over the catalog. Asked against the
// candidates themselves, a word costs what the shorter of its postings and the candidates
// costs: its few postings looked up among the candidates, or the candidates among its many.

extension CandidateIndex {
    /// How many candidates a search's rarest term may offer for its other terms to be asked
    /// against them (``CandidateWindows``): a rare term's candidates are all asked, few
    /// matching, which is where galloping cost words × candidates; a common term's search stops
    /// at its page, after a window of the merged postings (``MergedWindows``), so it keeps that.
    static let listedCandidates = 4096

    /// The books a search's rarest term offers, in rank order, one a book: its postings in
    /// place when it is one word, else its words' postings merged (fewer than
    /// ``listedCandidates``, so a sort of a few thousand at most).
    struct DriverBooks {
        private let run: Range<Int>
        private let merged: [UInt32]?
        /// How many books.
        let count: Int

        /// The books of the word whose postings lie at `run`.
        init(run: Range<Int>) {
            self.run = run
            merged = nil
            count = run.count
        }

        /// The books of the words of `ranges`, merged; `read` grows by the postings read.
        init(_ index: CandidateIndex, merging ranges: [Range<UInt32>], reads read: inout Int) {
            var postings: [UInt32] = []
            for range in ranges {
                let run = index.postingRun(of: range)
                read += run.count
                for place in run {
                    let posting = index.postings[place]
                    // A posting past the books or of no field (in a damaged file) is left out.
                    if Layout.book(ofPosting: posting) < index.count, !Layout.fields(ofPosting: posting).isEmpty {
                        postings.append(posting)
                    }
                }
            }
            postings.sort()
            postings.mergeBooks()
            run = 0..<0
            merged = postings
            count = postings.count
        }

        /// The `place`th book's posting (`place < count`).
        func posting(_ place: Int, in index: CandidateIndex) -> UInt32 {
            merged?[place] ?? index.postings[run.lowerBound + place]
        }
    }

    /// A term of many words asked about the candidates of ``DriverBooks``, a window of
    /// candidates at a time: each window holds the term's postings of the window's candidates,
    /// a word with few postings left read and each looked up among the candidates, a word with
    /// many galloped along candidate by candidate; so a word costs the shorter of the two, and
    /// a short prefix's thousands of rare words cost their few postings. Windows double from a
    /// page of candidates, so a search that stops at its page asks few of them.
    struct CandidateWindows: PostingWindows {
        /// Each word's postings, in rank order.
        private let runs: [Range<Int>]
        /// Per run, where its postings of books not yet windowed begin.
        private var cursors: [Int]
        private let candidates: DriverBooks
        /// The first candidate not yet windowed.
        private var nextCandidate = 0
        /// The term's postings of the last window's candidates, merged, one a book, in rank order.
        private(set) var window: [UInt32] = []
        /// The candidates of the last window: their postings, in rank order.
        private var shown: [UInt32] = []
        /// The first book past the last window (0 before the first).
        private(set) var windowEnd = 0
        /// How many candidates the next window holds.
        private var span = CandidateWindows.firstWindowCandidates
        private let bookCount: Int

        /// How many candidates the first window holds: a page of candidates
        /// (``TypoTolerance/candidatePool``).
        static let firstWindowCandidates = 64

        /// The windows of the words of `ranges` over `candidates`.
        init(_ index: CandidateIndex, _ ranges: [Range<UInt32>], candidates: DriverBooks) {
            runs = index.wordRuns(of: ranges)
            cursors = runs.map(\.lowerBound)
            self.candidates = candidates
            bookCount = index.count
        }

        /// Makes the window the next candidates from the first at or after book `start` (not
        /// before ``windowEnd``): the term's postings of them. Returns how many postings of the
        /// index were read, the candidates' included (looking them up again, in memory, is not
        /// counted).
        @discardableResult
        mutating func load(from start: Int, in index: CandidateIndex) -> Int {
            window.removeAll(keepingCapacity: true)
            shown.removeAll(keepingCapacity: true)
            var read = 0
            let candidates = candidates
            let first = TermProbe.firstPlace(from: nextCandidate, to: candidates.count, notBefore: start, reads: &read)
            {
                candidates.posting($0, in: index)
            }
            let last = min(first + span, candidates.count)
            for candidate in first..<last { shown.append(candidates.posting(candidate, in: index)) }
            read += shown.count
            nextCandidate = last
            // Every book before the next window's first candidate is this window's: none asked
            // there is a candidate the window lacks. (Past `start` in a damaged file too.)
            var end = bookCount
            if last < candidates.count {
                read += 1
                end = Layout.book(ofPosting: candidates.posting(last, in: index))
            }
            windowEnd = max(end, start + 1)
            span = min(span * 2, max(candidates.count, 1))
            guard !shown.isEmpty else { return read }
            for run in runs.indices {
                cursors[run] = gather(run, in: index, reads: &read)
            }
            window.sort()
            window.mergeBooks()
            return read
        }

        /// Adds to the window run `run`'s postings of the window's candidates (``shown``), and
        /// returns where its postings past them begin. A run with no more postings left than
        /// there are candidates is read to the window's end, each posting looked up among the
        /// candidates; a longer one is galloped along, candidate by candidate.
        private mutating func gather(_ run: Int, in index: CandidateIndex, reads read: inout Int) -> Int {
            let end = runs[run].upperBound
            var place = cursors[run]
            let shown = shown
            if end - place <= shown.count {
                var candidate = 0
                var unread = 0
                while place < end {
                    let posting = index.postings[place]
                    read += 1
                    let book = Layout.book(ofPosting: posting)
                    guard book < windowEnd else { break }
                    place += 1
                    candidate = TermProbe.firstPlace(from: candidate, to: shown.count, notBefore: book, reads: &unread)
                    {
                        shown[$0]
                    }
                    guard candidate < shown.count else { break }
                    if Layout.book(ofPosting: shown[candidate]) == book, !Layout.fields(ofPosting: posting).isEmpty {
                        window.append(posting)
                    }
                }
                return place
            }
            for wanted in shown.lazy.map(Layout.book(ofPosting:)) {
                place = TermProbe.firstPlace(from: place, to: end, notBefore: wanted, reads: &read) {
                    index.postings[$0]
                }
                guard place < end else { break }
                read += 1
                let posting = index.postings[place]
                if Layout.book(ofPosting: posting) == wanted {
                    if !Layout.fields(ofPosting: posting).isEmpty { window.append(posting) }
                    place += 1
                }
            }
            return place
        }
    }
}
