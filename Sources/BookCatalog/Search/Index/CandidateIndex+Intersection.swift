// A query's matches found from its terms' postings alone: each posting names a book and the
// fields it holds the word in (``CandidateIndex/Layout/posting(book:fields:)``), and a word's
// postings lie together in the file, so a query maps the pages of its terms' postings, not
// pages of every candidate's words all over the file.

extension CandidateIndex {
    /// Calls `body` with each book matching every term, in rank order, and the fields in which
    /// it matches all of them (see ``Matches``), until `body` returns true. Returns how many
    /// postings it read (each cursor step counted), which tests bound by the page.
    ///
    /// The rarest term's books are the candidates; each other term, rarest first, is asked
    /// whether it holds the next candidate, which moves that term's cursors forward only
    /// (``TermProbe``), so a term is read no further than the last candidate asked. A term of
    /// many words is merged a window of books at a time (``MergedWindows``), so a search that
    /// stops at its page reads no further than it; with `readsAll` (a count, which reads
    /// every match) it is marked in a ``FieldBitmap`` instead, one store a posting. When the
    /// driver is rare (``listedCandidates``), its candidates are listed and a term of many
    /// words is asked against them a window at a time (``CandidateWindows``).
    @discardableResult
    func forEachMatch(of terms: [[Range<UInt32>]], readsAll: Bool = false, _ body: (Int, FieldSet) -> Bool) -> Int {
        let counts = terms.map(postingCount(of:))
        guard let driver = counts.indices.min(by: { counts[$0] < counts[$1] }) else { return 0 }
        var read = 0
        let words = terms[driver].reduce(0) { $0 + $1.count }
        let others = terms.indices.filter { $0 != driver }.sorted { counts[$0] < counts[$1] }
        // A rare driver's candidates are listed for the other terms of many words to be asked
        // against (``CandidateWindows``); one word's are its postings in place.
        var listed: DriverBooks?
        if !readsAll, counts[driver] <= Self.listedCandidates,
            others.contains(where: { terms[$0].reduce(0) { $0 + $1.count } > 1 })
        {
            listed =
                words == 1
                ? DriverBooks(run: postingRun(of: terms[driver][0]))
                : DriverBooks(self, merging: terms[driver], reads: &read)
        }
        // Each probe is asked about the candidates the probes before it kept: about as many as
        // the driver's postings times the share of books each of those holds.
        var expectedAsks = Double(counts[driver])
        var probes: [TermProbe] = []
        for term in others {
            probes.append(
                TermProbe(
                    self, terms[term], postings: counts[term], candidates: counts[driver], listed: listed,
                    readsAll: readsAll, expectedAsks: expectedAsks))
            expectedAsks *= min(1, Double(counts[term]) / Double(max(count, 1)))
        }
        func visit(_ book: Int, _ driverFields: FieldSet) -> Bool {
            var fields = driverFields
            for probe in probes.indices {
                let found = probes[probe].fields(of: book, in: self, reads: &read)
                if found.isEmpty { return false }
                fields.formIntersection(found)
            }
            return body(book, fields)
        }
        if let listed, words > 1 {
            // The driver's words merged already, for the probes.
            for candidate in 0..<listed.count {
                let posting = listed.posting(candidate, in: self)
                if visit(Layout.book(ofPosting: posting), Layout.fields(ofPosting: posting)) { break }
            }
        } else if words == 1 {
            // One word's postings are in rank order already, one a book.
            for place in postingRun(of: terms[driver][0]) {
                read += 1
                let posting = postings[place]
                let book = Layout.book(ofPosting: posting)
                let fields = Layout.fields(ofPosting: posting)
                // A posting past the books or of no field (in a damaged file) is left out.
                guard book < count, !fields.isEmpty else { continue }
                if visit(book, fields) { break }
            }
        } else if readsAll {
            let bitmap = FieldBitmap(self, terms[driver], reads: &read)
            bitmap.forEachBook(visit)
        } else {
            var merged = MergedWindows(self, terms[driver], postings: counts[driver])
            windows: while merged.windowEnd < count {
                read += merged.load(from: merged.windowEnd, in: self)
                for posting in merged.window
                where visit(Layout.book(ofPosting: posting), Layout.fields(ofPosting: posting)) {
                    break windows
                }
            }
        }
        for probe in probes { read += probe.builtReads }
        return read
    }

    /// One term asked, book after book in rank order, in which fields each holds it: by
    /// galloping along each of its words' postings; or, for a term of many words (a short
    /// prefix's thousands) when the driver's candidates are few and listed, by walking each
    /// word's postings and a window of candidates together (``CandidateWindows``); else, when
    /// galloping would cost more than reading them, along its postings merged a window at a
    /// time (``MergedWindows``), or, for a count, marked in a ``FieldBitmap``. Those three
    /// ways start only once asking book by book from the books' own words (``BookWordCheck``)
    /// costs more, unless the books expected to be asked cost more from the start.
    ///
    /// What each costs, for `c` candidates asked and a term of `w` words, `p` postings:
    /// galloping touches every word's postings for every candidate, `w × c` reads at least,
    /// each a cache miss once the words' cursors outgrow the cache; the merged windows read and
    /// mark the postings of the books up to the last candidate (about `p` when the candidates
    /// are spread over the catalog); the candidate windows touch each word once a window (a
    /// few windows) and then the shorter of its postings and the candidates, `w + p` at most;
    /// the check costs the same for each book asked, whatever `w` and `p`.
    struct TermProbe {
        /// The runs of postings searched, each in rank order: each word's; none when the term
        /// is read through `merged`, `listed` or `bitmap`.
        private let runs: [Range<Int>]
        private var merged: MergedWindows?
        private var listed: CandidateWindows?
        private var bitmap: FieldBitmap?
        /// A term of many words, asked book by book from the books' own words until its
        /// postings cost less (``BookWordCheck``), when it goes over to reading them.
        private var checked: BookWordCheck?
        /// What reading the postings needs, kept until the check goes over to it.
        private let ranges: [Range<UInt32>]
        private let postings: Int
        private let driver: DriverBooks?
        /// Per run, or in the merged window, where the next book asked is to be looked for:
        /// every posting before it is of a book before the last one asked.
        private var cursors: [Int]
        /// How many postings making the probe read (a bitmap's).
        private(set) var builtReads = 0

        /// The probe of the term of words `ranges`, with `postings` postings in all, which is to
        /// be asked about up to `candidates` books, those of `listed` when it is given; all of
        /// them with `readsAll`; about `expectedAsks` of them, the rest left out by the probes
        /// asked before it (what decides whether a term of many words is first asked book by book).
        init(
            _ index: CandidateIndex, _ ranges: [Range<UInt32>], postings: Int, candidates: Int, listed: DriverBooks?,
            readsAll: Bool, expectedAsks: Double
        ) {
            let words = ranges.reduce(0) { $0 + $1.count }
            // One word is galloped whatever the candidates: nothing reads it for less.
            let gallops = words == 1 || (listed == nil && words * candidates <= postings)
            runs = gallops ? index.wordRuns(of: ranges) : []
            cursors = runs.isEmpty ? [0] : runs.map(\.lowerBound)
            self.ranges = ranges
            self.postings = postings
            driver = listed
            guard !gallops else { return }
            let reading: BookWordCheck.Reading =
                if let listed { .listed(words: words, candidates: listed.count) } else if readsAll { .bitmap } else {
                    .merged
                }
            checked = BookWordCheck(index, ranges, postings: postings, reading: reading, expectedAsks: expectedAsks)
            if checked == nil { startReading(reading, in: index) }
        }

        /// Goes over from asking book by book to reading the term's postings as `reading` says.
        private mutating func startReading(_ reading: BookWordCheck.Reading, in index: CandidateIndex) {
            switch reading {
            case .merged: merged = MergedWindows(index, ranges, postings: postings)
            case .listed: listed = driver.map { CandidateWindows(index, ranges, candidates: $0) }
            case .bitmap: bitmap = FieldBitmap(index, ranges, reads: &builtReads)
            }
        }

        /// The fields in which `book` holds the term; empty when it does not. `book` is never
        /// before the last book asked. `read` grows by the postings read.
        mutating func fields(of book: Int, in index: CandidateIndex, reads read: inout Int) -> FieldSet {
            if var check = checked {
                if check.isCheaper(asking: book) {
                    defer { checked = check }
                    return check.fields(of: book, in: index, reads: &read)
                }
                checked = nil
                startReading(check.reading, in: index)
            }
            if let bitmap { return book < index.count ? bitmap.fields(of: book) : [] }
            // Each window's one reference while it is refilled, so it is refilled in place.
            if var windows = merged {
                merged = nil
                defer { merged = windows }
                return Self.fields(of: book, in: &windows, from: &cursors[0], index: index, reads: &read)
            }
            if var windows = listed {
                listed = nil
                defer { listed = windows }
                return Self.fields(of: book, in: &windows, from: &cursors[0], index: index, reads: &read)
            }
            var fields: FieldSet = []
            for run in runs.indices {
                let end = runs[run].upperBound
                let place = Self.firstPlace(from: cursors[run], to: end, notBefore: book, reads: &read) {
                    index.postings[$0]
                }
                cursors[run] = place
                guard place < end else { continue }
                // Read whether or not the gallop stepped: a word's posting touched per candidate.
                read += 1
                let posting = index.postings[place]
                if Layout.book(ofPosting: posting) == book { fields.formUnion(Layout.fields(ofPosting: posting)) }
            }
            return fields
        }

        /// The fields in which `book` holds the term by `windows`, loaded from `book` first when
        /// it lies past them (the cursor then back at the window's start).
        private static func fields(
            of book: Int, in windows: inout some PostingWindows, from cursor: inout Int, index: CandidateIndex,
            reads read: inout Int
        ) -> FieldSet {
            if book >= windows.windowEnd {
                read += windows.load(from: book, in: index)
                cursor = 0
            }
            return fields(of: book, in: windows.window, from: &cursor, reads: &read)
        }

        /// The fields in which `book` holds the term by `window` (merged postings in rank
        /// order, one a book), looked for from `cursor`, which moves to it.
        private static func fields(
            of book: Int, in window: [UInt32], from cursor: inout Int, reads read: inout Int
        ) -> FieldSet {
            let place = firstPlace(from: cursor, to: window.count, notBefore: book, reads: &read) { window[$0] }
            cursor = place
            guard place < window.count, Layout.book(ofPosting: window[place]) == book else { return [] }
            return Layout.fields(ofPosting: window[place])
        }

        /// The first place in `start..<end` whose posting is of `book` or a later one (`end` if
        /// none), the postings there being in rank order: steps doubling from `start`, then a
        /// binary search, so a book near the last one asked costs a read or two. Each step
        /// moves forward, so the search ends in a damaged file too (its answer then wrong).
        /// `read` grows by the postings read.
        static func firstPlace(
            from start: Int, to end: Int, notBefore book: Int, reads read: inout Int, _ posting: (Int) -> UInt32
        ) -> Int {
            var low = start
            var high = start
            var step = 1
            while high < end, Layout.book(ofPosting: posting(high)) < book {
                read += 1
                low = high + 1
                high += step
                step *= 2
            }
            high = min(high, end)
            while low < high {
                read += 1
                let middle = (low + high) / 2
                if Layout.book(ofPosting: posting(middle)) < book { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }
}
