import Foundation

/// Books' tags as unit TF-IDF vectors over tag numbers, and the books carrying each tag,
/// impact-ordered: flat arrays, a range of them per book and per tag, where an array per book
/// and per tag cost a million allocations and their headers.
struct TagIndex: Sendable {
    /// Tag number → name as people read it (`young-adult` → `young adult`).
    let names: [String]
    /// The vectors' entries, book after book: tag number and weight, unit length per book.
    let vectorTags: [Int32]
    let vectorWeights: [Double]
    /// Per position: where its vector starts in ``vectorTags``; one more entry, the end. 32
    /// bits, as the postings' positions: a catalog's entries stay far below 2^31 (at most
    /// ``FieldLimits/tags`` a book), and a start a book is memory that grows with the catalog.
    private let vectorStarts: [Int32]
    /// The postings, tag after tag: book position and weight. A tag on more books than
    /// ``RelationBuilder/maximumTagPostingsVisited`` keeps only that many, the highest weights
    /// first (then the lower position), all a bounded visit ever reads: the books the tag
    /// matters most to. Shorter lists are whole, by position.
    let postingBooks: [Int32]
    let postingWeights: [Double]
    /// Per tag number: where its postings start; one more entry, the end.
    private let postingStarts: [Int]
    /// Per tag number: whether its list was cut at the bound (the tag is on more books than
    /// its postings hold).
    private let postingsCut: [Bool]

    /// The tags `builder` numbered, weighed over `books` books.
    init(_ builder: consuming Builder, books: Int) {
        let (tags, starts) = (builder.tags, builder.starts)
        names = builder.names
        var frequency = [Int](repeating: 0, count: names.count)
        for tag in tags { frequency[Int(tag)] += 1 }
        let count = Double(books)
        var vectorTags: [Int32] = []
        var vectorWeights: [Double] = []
        var vectorStarts: [Int32] = [0]
        vectorTags.reserveCapacity(tags.count)
        vectorWeights.reserveCapacity(tags.count)
        vectorStarts.reserveCapacity(books + 1)
        var weights: [Double] = []
        for position in 0..<books {
            // The weights in the book's order, summed in it, as they always were: the output
            // must not move by a rounding.
            let list = tags[Int(starts[position])..<Int(starts[position + 1])]
            weights.removeAll(keepingCapacity: true)
            var squares = 0.0
            for (rank, tag) in list.enumerated() {
                let weight = log(count / Double(frequency[Int(tag)])) / log2(Double(rank) + 2)
                weights.append(weight)
                squares += weight * weight
            }
            let length = sqrt(squares)
            if length > 0 {
                for (tag, weight) in zip(list, weights) where weight > 0 {
                    vectorTags.append(tag)
                    vectorWeights.append(weight / length)
                }
            }
            vectorStarts.append(Int32(vectorTags.count))
        }
        self.vectorTags = vectorTags
        self.vectorWeights = vectorWeights
        self.vectorStarts = vectorStarts
        let postings = Self.postings(
            vectorTags: vectorTags, vectorWeights: vectorWeights, vectorStarts: vectorStarts, tags: names.count)
        postingBooks = postings.books
        postingWeights = postings.weights
        postingStarts = postings.starts
        postingsCut = postings.cut
    }

    /// Where the vector of the book at `position` lies in ``vectorTags`` and ``vectorWeights``.
    func vector(_ position: Int) -> Range<Int> { Int(vectorStarts[position])..<Int(vectorStarts[position + 1]) }

    /// Where the postings of `tag` lie in ``postingBooks`` and ``postingWeights``.
    func postings(_ tag: Int) -> Range<Int> { postingStarts[tag]..<postingStarts[tag + 1] }

    /// What a visit of ``addSimilarities(of:allowances:to:)`` did: how many postings entries it
    /// read, and the most any book's sum can lack of its cosine with the visiting book.
    struct Visit {
        /// Postings entries read.
        var visits = 0
        /// Over the tags whose postings the visit did not read to the end: the visiting book's
        /// weight times the weight of the last posting read (the heaviest when none was), which
        /// no posting left unread exceeds. 0 when every list was read whole: every sum is then
        /// the cosine itself.
        var unvisitedBound = 0.0
    }

    /// Sums the book at `position`'s products with every book its tags' postings lead to (up to
    /// `allowances` of each tag, by place in its vector; ``RelationBuilder/maximumTagPostingsVisited``
    /// for `nil`) into `sums` (drained), which it starts for this visit. The loop a rebuild
    /// spends most of its time in, so it reads the postings unchecked: every index is a posting
    /// range's.
    func addSimilarities(of position: Int, allowances: [Int]?, to sums: inout ScoreSums) -> Visit {
        let vector = self.vector(position)
        // Each tag's postings visited, first counted so that the sums' table is sized once.
        var visit = Visit()
        let visited = vector.map { entry in
            let tag = Int(vectorTags[entry])
            let postings = self.postings(tag)
            let allowed = allowances?[entry - vector.lowerBound] ?? RelationBuilder.maximumTagPostingsVisited
            let read = postings.lowerBound..<postings.lowerBound + min(max(allowed, 0), postings.count)
            if read.count < postings.count || postingsCut[tag] {
                let lightestRead = read.isEmpty ? read.lowerBound : read.upperBound - 1
                visit.unvisitedBound += vectorWeights[entry] * postingWeights[lightestRead]
            }
            visit.visits += read.count
            return read
        }
        sums.start(forAtMost: visit.visits)
        postingBooks.withUnsafeBufferPointer { books in
            postingWeights.withUnsafeBufferPointer { weights in
                for (entry, entries) in zip(vector, visited) {
                    sums.addProducts(
                        of: vectorWeights[entry], books: books, weights: weights, entries: entries,
                        skipping: Int32(position))
                }
            }
        }
        return visit
    }

    /// Calls `body` with each of `others` (catalog positions) and its cosine with the book at
    /// `position`: their weights' products over the tags both carry, in the other book's order.
    /// What a rebuild weighs up to ``RelationBuilder/maximumTagCandidatesRescored`` candidates a
    /// book by, so the book's own tags are sorted once and each of the other's found by binary
    /// search: a product of two vectors costs the other's length times the logarithm of the
    /// book's (at most 100 × 7 steps, ``FieldLimits/tags``), not their lengths multiplied.
    func cosines(of position: Int, with others: some Sequence<Int32>, _ body: (_ other: Int, _ cosine: Double) -> Void)
    {
        let own = vector(position).map { (tag: vectorTags[$0], weight: vectorWeights[$0]) }.sorted { $0.tag < $1.tag }
        own.withUnsafeBufferPointer { own in
            vectorTags.withUnsafeBufferPointer { tags in
                vectorWeights.withUnsafeBufferPointer { weights in
                    cosines(of: own, with: others, tags: tags, weights: weights, body)
                }
            }
        }
    }

    /// ``cosines(of:with:_:)`` over the unchecked buffers: `own` sorted by tag.
    private func cosines(
        of own: UnsafeBufferPointer<(tag: Int32, weight: Double)>, with others: some Sequence<Int32>,
        tags: UnsafeBufferPointer<Int32>, weights: UnsafeBufferPointer<Double>,
        _ body: (_ other: Int, _ cosine: Double) -> Void
    ) {
        for other in others {
            var sum = 0.0
            for entry in vector(Int(other)) {
                let tag = tags[entry]
                var (low, high) = (0, own.count)
                while low < high {
                    let middle = (low + high) / 2
                    if own[middle].tag < tag { low = middle + 1 } else { high = middle }
                }
                if low < own.count && own[low].tag == tag { sum += own[low].weight * weights[entry] }
            }
            body(Int(other), sum)
        }
    }

    /// How many postings entries the book at `position` visits of each of its tags (by place in
    /// its vector) so that it visits at most `total` in all: `nil` when visiting each tag up to
    /// ``RelationBuilder/maximumTagPostingsVisited`` stays within it (the usual case), else the
    /// budget spent on the tags by weight, heaviest first (then by place). The visit itself
    /// keeps the vector's order, so a book under the budget sums its scores as it always has.
    func visitAllowances(_ position: Int, total: Int) -> [Int]? {
        let vector = self.vector(position)
        var wantedTotal = 0
        for entry in vector {
            wantedTotal += min(postings(Int(vectorTags[entry])).count, RelationBuilder.maximumTagPostingsVisited)
        }
        guard wantedTotal > total else { return nil }
        let wanted = vector.map {
            min(postings(Int(vectorTags[$0])).count, RelationBuilder.maximumTagPostingsVisited)
        }
        let weights = Array(vectorWeights[vector])
        var allowances = [Int](repeating: 0, count: vector.count)
        var left = max(total, 0)
        let heaviestFirst = weights.indices.sorted {
            weights[$0] != weights[$1] ? weights[$0] > weights[$1] : $0 < $1
        }
        for place in heaviestFirst where left > 0 {
            allowances[place] = min(wanted[place], left)
            left -= allowances[place]
        }
        return allowances
    }

    /// The names of up to three tags both books carry, the largest contributions first (the
    /// first in `first`'s order among equal ones). The vectors hold at most
    /// ``FieldLimits/tags`` entries, so a scan of both beats building a dictionary for every
    /// relation kept.
    func sharedTags(_ first: Int, _ second: Int) -> [String] {
        var shared: [(tag: Int32, contribution: Double)] = []
        let others = vector(second)
        for entry in vector(first) {
            let tag = vectorTags[entry]
            guard let other = others.first(where: { vectorTags[$0] == tag }) else { continue }
            shared.append((tag, vectorWeights[entry] * vectorWeights[other]))
        }
        return shared.sorted { $0.contribution > $1.contribution }.prefix(3).map { names[Int($0.tag)] }
    }
}

extension TagIndex {
    /// Books' tags numbered as they arrive, book after book, in one flat list.
    struct Builder {
        /// Tag number → name as people read it.
        private(set) var names: [String] = []
        /// Every book's distinct tag numbers, in its order, book after book.
        private(set) var tags: [Int32] = []
        /// Per book: where its tags start in ``tags``; one more entry, the end.
        private(set) var starts: [Int32] = [0]
        private var numbers = KeyNumbers()

        /// Appends the next book's `tags` (most used first).
        mutating func add(_ bookTags: [String]) {
            let start = Int(starts[starts.count - 1])
            for tag in bookTags {
                guard let number = numbers.number(of: tag) else { continue }
                if number == names.count { names.append(tag.replacingOccurrences(of: "-", with: " ")) }
                let numbered = Int32(number)
                if !tags[start...].contains(numbered) { tags.append(numbered) }
            }
            starts.append(Int32(tags.count))
        }
    }
}
