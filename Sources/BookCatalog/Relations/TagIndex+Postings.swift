extension TagIndex {
    /// The postings of every tag: a list of at most ``RelationBuilder/maximumTagPostingsVisited``
    /// books whole, by positions ascending (a counting sort of the vectors); of a longer one only
    /// that many, the heaviest first (``HeaviestPostings``), since no visit reads further. Sorting
    /// every long list whole cost a single-threaded pass over the catalog's tags, and at ten
    /// million books held a billion bytes of postings no visit read (issue #37).
    static func postings(vectorTags: [Int32], vectorWeights: [Double], vectorStarts: [Int32], tags: Int)
        -> (books: [Int32], weights: [Double], starts: [Int], cut: [Bool])
    {
        let bound = RelationBuilder.maximumTagPostingsVisited
        var counts = [Int](repeating: 0, count: tags)
        for tag in vectorTags { counts[Int(tag)] += 1 }
        var starts = [Int](repeating: 0, count: tags + 1)
        for tag in 0..<tags { starts[tag + 1] = starts[tag] + min(counts[tag], bound) }
        var next = Array(starts.dropLast())
        var books = [Int32](repeating: 0, count: starts[tags])
        var weights = [Double](repeating: 0, count: starts[tags])
        // A heap a long list, numbered by tag: held at the bound, so no bigger than its postings.
        var heapOfTag = [Int](repeating: -1, count: tags)
        var heaps: [HeaviestPostings] = []
        for tag in 0..<tags where counts[tag] > bound {
            heapOfTag[tag] = heaps.count
            heaps.append(HeaviestPostings(keeping: bound))
        }
        for position in 0..<max(vectorStarts.count - 1, 0) {
            for entry in Int(vectorStarts[position])..<Int(vectorStarts[position + 1]) {
                let tag = Int(vectorTags[entry])
                if heapOfTag[tag] >= 0 {
                    heaps[heapOfTag[tag]].offer(Int32(position), weight: vectorWeights[entry])
                } else {
                    books[next[tag]] = Int32(position)
                    weights[next[tag]] = vectorWeights[entry]
                    next[tag] += 1
                }
            }
        }
        for tag in 0..<tags where heapOfTag[tag] >= 0 {
            for (offset, kept) in zip(starts[tag]..., heaps[heapOfTag[tag]].heaviestFirst()) {
                (books[offset], weights[offset]) = (kept.book, kept.weight)
            }
        }
        return (books, weights, starts, counts.map { $0 > bound })
    }
}

/// The `keeping` heaviest postings of one tag's list, offered one by one: a heap with the
/// lightest kept on top, so that a posting offered replaces it only when it weighs more. The
/// order is a visit's: weight descending, then position ascending (a posting of equal weight
/// offered later, a higher position, weighs less), so the kept ones are exactly the first
/// `keeping` of the whole list sorted. Similar tags also keep a cut visit's highest sums in one,
/// a sum as the weight, to weigh those books by their whole cosine.
///
/// ```swift
/// var heap = HeaviestPostings(keeping: 2)
/// for (book, weight) in [(0, 0.1), (1, 0.5), (2, 0.3)] as [(Int32, Double)] { heap.offer(book, weight: weight) }
/// heap.heaviestFirst().map(\.book)  // [1, 2]
/// ```
struct HeaviestPostings {
    private let keeping: Int
    private var heap: [(book: Int32, weight: Double)] = []

    init(keeping: Int) {
        self.keeping = max(keeping, 0)
        heap.reserveCapacity(self.keeping)
    }

    /// Keeps `book` with `weight` if it is among the heaviest offered so far.
    mutating func offer(_ book: Int32, weight: Double) {
        let posting = (book: book, weight: weight)
        if heap.count < keeping {
            heap.append(posting)
            siftUp(heap.count - 1)
        } else if let lightest = heap.first, Self.lighter(lightest, than: posting) {
            heap[0] = posting
            siftDown(0)
        }
    }

    /// The books kept, in no particular order.
    var books: some Sequence<Int32> { heap.lazy.map(\.book) }

    /// Empties the heap, keeping its storage for the next list.
    mutating func removeAll() { heap.removeAll(keepingCapacity: true) }

    /// The postings kept, heaviest first.
    func heaviestFirst() -> [(book: Int32, weight: Double)] {
        heap.sorted { Self.lighter($1, than: $0) }
    }

    /// Whether `a` comes after `b` in a visit: less weight, or as much and a higher position.
    private static func lighter(_ a: (book: Int32, weight: Double), than b: (book: Int32, weight: Double)) -> Bool {
        a.weight != b.weight ? a.weight < b.weight : a.book > b.book
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.lighter(heap[child], than: heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let (left, right) = (2 * parent + 1, 2 * parent + 2)
            var lightest = parent
            if left < heap.count, Self.lighter(heap[left], than: heap[lightest]) { lightest = left }
            if right < heap.count, Self.lighter(heap[right], than: heap[lightest]) { lightest = right }
            guard lightest != parent else { return }
            heap.swapAt(parent, lightest)
            parent = lightest
        }
    }
}
