// The postings of a term of many words (a short prefix's thousands, a typo's alternatives) as
// one list in rank order, one a book, without sorting all of them: issue #37's tail at a million
// books was sorting a common prefix's million postings for every page of ten. A search that
// stops at its page merges them a window of books at a time (``MergedWindows``); a count, which
// reads every match, marks them in a bitmap (``FieldBitmap``), which costs one store a posting.

/// A term's postings read a window of books at a time, merged, one a book, in rank order: what
/// a ``CandidateIndex/TermProbe`` asks of ``CandidateIndex/MergedWindows`` (every book) and
/// ``CandidateIndex/CandidateWindows`` (a rare term's candidates) alike.
protocol PostingWindows {
    /// The merged postings of the last window.
    var window: [UInt32] { get }
    /// The first book past the last window (0 before the first).
    var windowEnd: Int { get }
    /// Makes the window the next one from book `start` (not before ``windowEnd``) on; returns
    /// how many postings of the index were read.
    mutating func load(from start: Int, in index: CandidateIndex) -> Int
}

extension CandidateIndex {
    /// The runs of postings of each word of `ranges`, in rank order each; empty runs left out.
    func wordRuns(of ranges: [Range<UInt32>]) -> [Range<Int>] {
        ranges.flatMap { range in range.map { postingRun(of: $0..<($0 + 1)) }.filter { !$0.isEmpty } }
    }

    /// The postings of several words merged book by book, a window of books at a time: each
    /// window marks the postings of its books from every word's run in a bitmap of its books,
    /// which hands them back in book order: sorting them cost about 35 ns a posting (by the profile) at ten million
    /// books, and a search reading a one-letter prefix's 6.9 million postings this way took
    /// 104 ms instead of 320. Windows double in size, so a search that stops at its
    /// page reads the postings of the books up to there (and each word's cursor once a window),
    /// and one that reads everything reads every posting once, in a few windows.
    struct MergedWindows: PostingWindows {
        /// Each word's postings, in rank order.
        private let runs: [Range<Int>]
        /// Per run, where its postings of books not yet windowed begin.
        private var cursors: [Int]
        /// The merged postings of the books of the last window, one a book, in rank order.
        private(set) var window: [UInt32] = []
        /// The first book past the last window (0 before the first).
        private(set) var windowEnd = 0
        /// How many books the next window spans.
        private var span: Int
        private let bookCount: Int
        /// The window's books marked with their fields, reused window after window.
        private var marks = FieldBitmap(books: 0)

        /// The windows of the words of `ranges`, which have `postings` postings in all.
        init(_ index: CandidateIndex, _ ranges: [Range<UInt32>], postings: Int) {
            runs = index.wordRuns(of: ranges)
            cursors = runs.map(\.lowerBound)
            bookCount = index.count
            // A first window expected to hold about a thousand postings, enough for a page of
            // one-field matches of a common prefix; at least a page of books.
            let expected = Double(index.count) * Double(Self.firstWindowPostings) / Double(max(postings, 1))
            span = Int(min(max(expected, 64), Double(max(index.count, 1))))
        }

        /// How many postings the first window is made to hold, about.
        static let firstWindowPostings = 1024

        /// Makes the window the books from `start` (not before ``windowEnd``) on: their
        /// postings from every run, merged; empty when `start` is past the last book. Returns
        /// how many postings were read, the cursors' steps included.
        @discardableResult
        mutating func load(from start: Int, in index: CandidateIndex) -> Int {
            window.removeAll(keepingCapacity: true)
            guard start < bookCount else {
                windowEnd = bookCount
                return 0
            }
            let end = start + min(span, bookCount - start)
            marks.reset(first: start, books: end - start)
            var read = 0
            for run in runs.indices {
                let bound = runs[run].upperBound
                var place = TermProbe.firstPlace(from: cursors[run], to: bound, notBefore: start, reads: &read) {
                    index.postings[$0]
                }
                while place < bound {
                    let posting = index.postings[place]
                    let book = Layout.book(ofPosting: posting)
                    // A posting out of rank order (a damaged file) ends its run's window too.
                    guard book < end else { break }
                    if book >= start { marks.mark(posting) }
                    place += 1
                    read += 1
                }
                cursors[run] = place
            }
            marks.forEachBook { book, fields in
                window.append(UInt32(truncatingIfNeeded: Layout.posting(book: book, fields: fields)))
                return false
            }
            windowEnd = end
            span = min(span * 2, bookCount)
            return read
        }
    }

    /// Per book of a run of books, in which fields it holds any of a term's words: two bits a
    /// book, every posting marked once (no sort). A count marks a term's every posting in one
    /// over the whole catalog; merged windows mark a window's in one over the window's books.
    struct FieldBitmap {
        private var title: [UInt64]
        private var authors: [UInt64]
        /// The book of the first bit, and how many books the bits stand for.
        private var first = 0
        private var books: Int

        /// An empty bitmap of books `0..<books`.
        init(books: Int) {
            let words = (books + 63) / 64
            title = [UInt64](repeating: 0, count: words)
            authors = [UInt64](repeating: 0, count: words)
            self.books = books
        }

        /// The bitmap of the words of `ranges` over the whole index; `read` grows by the
        /// postings marked.
        init(_ index: CandidateIndex, _ ranges: [Range<UInt32>], reads read: inout Int) {
            self.init(books: index.count)
            for range in ranges {
                let run = index.postingRun(of: range)
                read += run.count
                for place in run { mark(index.postings[place]) }
            }
        }

        /// Empties it, for books `first..<first + books`, keeping its memory.
        mutating func reset(first: Int, books: Int) {
            let words = (books + 63) / 64
            if title.count < words {
                title = [UInt64](repeating: 0, count: words)
                authors = [UInt64](repeating: 0, count: words)
            } else {
                for word in 0..<words {
                    title[word] = 0
                    authors[word] = 0
                }
            }
            self.first = first
            self.books = books
        }

        /// Marks `posting`'s book with its fields; a posting of a book outside the bitmap's
        /// (in a damaged file) or of no field is left out.
        mutating func mark(_ posting: UInt32) {
            let book = Layout.book(ofPosting: posting) - first
            guard book >= 0, book < books else { return }
            let bit = UInt64(1) << UInt64(book & 63)
            let fields = Layout.fields(ofPosting: posting)
            if fields.contains(.title) { title[book >> 6] |= bit }
            if fields.contains(.authors) { authors[book >> 6] |= bit }
        }

        /// The fields in which `book` (one of the bitmap's) holds the term.
        func fields(of book: Int) -> FieldSet {
            let book = book - first
            let bit = UInt64(1) << UInt64(book & 63)
            var fields: FieldSet = []
            if title[book >> 6] & bit != 0 { fields.insert(.title) }
            if authors[book >> 6] & bit != 0 { fields.insert(.authors) }
            return fields
        }

        /// Calls `body` with each book marked, in rank order, with its fields, until it returns true.
        func forEachBook(_ body: (Int, FieldSet) -> Bool) {
            for word in 0..<(books + 63) / 64 {
                var marked = title[word] | authors[word]
                while marked != 0 {
                    let book = first + (word << 6 | marked.trailingZeroBitCount)
                    marked &= marked - 1
                    if body(book, fields(of: book)) { return }
                }
            }
        }
    }
}

extension [UInt32] {
    /// Sorted postings made one a book, each with the union of its postings' fields.
    mutating func mergeBooks() {
        typealias Layout = CandidateIndex.Layout
        var kept = 0
        for place in indices {
            let posting = self[place]
            if kept > 0, Layout.book(ofPosting: self[kept - 1]) == Layout.book(ofPosting: posting) {
                self[kept - 1] |= posting & Layout.fieldMask
            } else {
                self[kept] = posting
                kept += 1
            }
        }
        removeLast(count - kept)
    }
}
