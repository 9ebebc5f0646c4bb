// Issue #37's tail at ten million books: rare words and a short final prefix ("elcal sarcal s").
// The prefix begins 82,000 words with 6.9 million postings; the other words leave a few hundred
// books to ask it about, spread over the whole catalog. Any way of reading the prefix's postings
// pays for its words or its postings (merged windows read and sorted most of them, 300 ms; the
// candidate windows touched every word per window), while the few books asked hold a handful of
// words each. So a term of many words is first asked from each book's own words, and goes over
// to reading its postings only once that would cost less (``CandidateIndex/BookWordCheck``).

extension CandidateIndex {
    /// A term asked about one book at a time from the book's own words: its titles, series names
    /// and authors (and their readings) folded into words exactly as the index's build folded
    /// them (``fieldWords(of:)``), each tested against the term's runs of word ids. A book's words
    /// are all in the vocabulary, so a word is the term's when it lies, in byte order, between
    /// the first and last word of one of its runs: two comparisons a run, no lookup.
    ///
    /// It costs the same for every book asked (``bookCost``), whatever the term's words and
    /// postings, so a probe of a term of many words starts with it unless the books it expects
    /// to ask are many; ``TermProbe`` goes over to the term's postings once the books asked have
    /// cost more than reading those would have (``isCheaper(asking:)``).
    struct BookWordCheck {
        /// What the probe reads the term's postings with once the check costs more.
        enum Reading {
            /// Windows of the term's postings merged up to the book asked (``MergedWindows``).
            case merged
            /// Windows of the driver's `candidates` listed candidates, each touching the term's
            /// `words` words (``CandidateWindows``).
            case listed(words: Int, candidates: Int)
            /// Every posting marked at once (``FieldBitmap``), for a count.
            case bitmap
        }

        /// The bytes of the first and the last word of each run of the term's word ids.
        private var bounds: [(first: [UInt8], last: [UInt8])] = []
        /// The term's postings, the books of the index, and the reading that would take over.
        private let postings: Int
        private let bookCount: Int
        let reading: Reading
        /// How many books have been asked.
        private(set) var asked = 0

        /// What each way costs, in nanoseconds: estimates at ten million books from `perf`
        /// profiles and timings of single queries (`scout-bench search-scale`, "elcal sarcal s",
        /// whose prefix has 6.9 million postings of 82,000 words, and "the s"): a book's words
        /// folded and tested about 9 µs; merged windows about 12 ns a posting (each word's cursor
        /// once a window included); a bitmap about 4.5 ns a posting; candidate windows about
        /// 175 ns a word a window (each word's cursor and gallops). Only their ratios matter.
        static let bookCost = 9_000.0
        static let mergedPostingCost = 12.0
        static let bitmapPostingCost = 4.5
        static let listedWordCost = 175.0

        /// The check of the term of word runs `ranges`, which have `postings` postings, to be
        /// read by `reading` once asking book by book costs more; nil when the books expected to
        /// be asked (`expectedAsks`) would cost more than reading every posting: a common term
        /// asked of common candidates is read at once.
        init?(_ index: CandidateIndex, _ ranges: [Range<UInt32>], postings: Int, reading: Reading, expectedAsks: Double)
        {
            self.postings = postings
            bookCount = index.count
            self.reading = reading
            guard expectedAsks * Self.bookCost <= readingCost(upTo: index.count - 1) else { return nil }
            bounds = ranges.filter { !$0.isEmpty && Int($0.upperBound) <= index.wordCount }.map {
                (Array(index.wordBytes(Int($0.lowerBound))), Array(index.wordBytes(Int($0.upperBound) - 1)))
            }
        }

        /// Whether asking one more book, `book`, still costs less than the reading would have
        /// cost up to it: at most twice the cheaper way's cost is paid, whichever it turns out to be.
        func isCheaper(asking book: Int) -> Bool {
            Double(asked + 1) * Self.bookCost <= readingCost(upTo: book)
        }

        /// What the reading costs to answer for the books up to `book`. The postings of a term
        /// are spread over the books, so merged windows up to `book` read about
        /// `postings × (book + 1) / count` of them; candidate windows touch every word once a
        /// window, their windows doubling from a page of candidates; a bitmap reads all at once.
        private func readingCost(upTo book: Int) -> Double {
            let covered = Double(min(book + 1, bookCount)) / Double(max(bookCount, 1))
            switch reading {
            case .merged: return Double(postings) * covered * Self.mergedPostingCost
            case .bitmap: return Double(postings) * Self.bitmapPostingCost
            case .listed(let words, let candidates):
                // Windows of 64, 128, 256… candidates, until they hold those up to `book`.
                let reached = Double(candidates) * covered
                var windows = 1
                var span = Double(CandidateWindows.firstWindowCandidates)
                var held = span
                while held < reached {
                    span *= 2
                    held += span
                    windows += 1
                }
                return Double(words * windows) * Self.listedWordCost
            }
        }

        /// The fields in which book `place` holds a word of the term; `read` grows by the words
        /// tested.
        mutating func fields(of place: Int, in index: CandidateIndex, reads read: inout Int) -> FieldSet {
            asked += 1
            guard place < index.count else { return [] }
            let words = index.fieldWords(at: place)
            read += words.title.count + words.authors.count
            var fields: FieldSet = []
            if words.title.contains(where: holds) { fields.insert(.title) }
            if words.authors.contains(where: holds) { fields.insert(.authors) }
            return fields
        }

        /// Whether `word`, a word of the vocabulary, is one of the term's.
        private func holds(_ word: String) -> Bool {
            let bytes = word.utf8
            return bounds.contains { first, last in
                !bytes.lexicographicallyPrecedes(first) && !last.lexicographicallyPrecedes(bytes)
            }
        }
    }

    /// The words search finds book `place` by, in its title and authors fields: what the build
    /// made its postings from (``fieldWords(of:)``), from the text and readings the index keeps.
    func fieldWords(at place: Int) -> (title: [String], authors: [String]) {
        let book = books([place])[0]
        return Self.fieldWords(
            of: SearchEntry(
                id: book.id, title: book.title, alternateTitles: book.alternateTitles,
                series: book.series.map(\.name), authors: book.authors, ratingsCount: nil,
                textReadings: book.textReadings))
    }
}
