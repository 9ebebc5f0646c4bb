/// One book's similar-tags scores summed by catalog position while its tags' postings are
/// visited: an open-addressing table sized to the visit (a power of two at least twice its
/// postings), reused book after book.
///
/// A dense array of the catalog's count did the same with one add a posting, but at a million
/// books it is 8 MB a task and at ten million 80 MB, so every posting's add missed the caches:
/// the load of the sum was a third of a rebuild's busiest loop (perf, issue #37). The table of a
/// book of 20,000 postings is 1 MB and most are far smaller. Each position's products are added
/// in the order they come, as the array added them, so every sum is the same to the bit.
///
/// ```swift
/// var sums = ScoreSums()
/// sums.start(forAtMost: 2)
/// let (books, weights): ([Int32], [Double]) = ([7, 7], [0.5, 0.25])
/// books.withUnsafeBufferPointer { books in
///     weights.withUnsafeBufferPointer { weights in
///         sums.addProducts(of: 1, books: books, weights: weights, entries: 0..<2, skipping: -1)
///     }
/// }
/// sums.drain { position, sum in print(position, sum) }  // 7 0.75
/// ```
struct ScoreSums {
    private struct Slot {
        /// The catalog position summed here, or -1 for an empty slot.
        var position: Int32 = -1
        var sum = 0.0
    }

    private var slots: [Slot] = []
    /// The slots used, in the order their positions were first added.
    private var used: [Int32] = []
    /// The visit's table: the first `mask + 1` slots, found by the hash's top bits.
    private var mask = 0
    private var shift: UInt64 = 64

    /// Readies the drained table for a visit adding about `postings` products: a table of the
    /// right size from the start (it grows if more come, but each growth moves every sum).
    mutating func start(forAtMost postings: Int) {
        precondition(used.isEmpty, "a visit starts on a drained table")
        let capacity = max(16, Self.powerOfTwo(atLeast: 2 * max(postings, 1)))
        if slots.count < capacity { slots = Array(repeating: Slot(), count: capacity) }
        mask = capacity - 1
        shift = UInt64(64 - capacity.trailingZeroBitCount)
    }

    /// Adds `weight` times `weights[entry]` to the sum of `books[entry]`, for each entry in
    /// `entries` but those of the book `skipping`: one tag's postings, the loop a rebuild spends
    /// most of its time in, so it reads the postings unchecked (the range is a posting list's).
    mutating func addProducts(
        of weight: Double, books: UnsafeBufferPointer<Int32>, weights: UnsafeBufferPointer<Double>,
        entries: Range<Int>, skipping: Int32
    ) {
        makeRoom(for: entries.count)
        let (mask, shift) = (mask, shift)
        slots.withUnsafeMutableBufferPointer { slots in
            for entry in entries {
                let other = books[entry]
                if other == skipping { continue }
                Self.add(weight * weights[entry], to: other, in: slots, mask: mask, shift: shift, used: &used)
            }
        }
    }

    /// Calls `body` with each position summed and its sum, in the order the positions were first
    /// added, emptying the table as it goes.
    mutating func drain(_ body: (_ position: Int, _ sum: Double) -> Void) {
        slots.withUnsafeMutableBufferPointer { slots in
            for slot in used {
                let found = slots[Int(slot)]
                slots[Int(slot)] = Slot()
                body(Int(found.position), found.sum)
            }
        }
        used.removeAll(keepingCapacity: true)
    }

    /// Grows the table, keeping its sums and their order, when `more` new positions could fill
    /// it past half: probing stays short, and a table never fills (a full one would probe
    /// forever).
    private mutating func makeRoom(for more: Int) {
        guard (used.count + more) * 2 > mask + 1 else { return }
        let kept = used.map { slots[Int($0)] }
        for slot in used { slots[Int(slot)] = Slot() }
        used.removeAll(keepingCapacity: true)
        start(forAtMost: kept.count + more)
        let (mask, shift) = (mask, shift)
        slots.withUnsafeMutableBufferPointer { slots in
            for slot in kept {
                Self.add(slot.sum, to: slot.position, in: slots, mask: mask, shift: shift, used: &used)
            }
        }
    }

    /// The least power of two at least `count` (a positive count well below `Int.max / 2`).
    private static func powerOfTwo(atLeast count: Int) -> Int {
        1 << (Int.bitWidth - (count - 1).leadingZeroBitCount)
    }

    /// Linear probing from the slot that Fibonacci hashing gives `position`.
    private static func add(
        _ value: Double, to position: Int32, in slots: UnsafeMutableBufferPointer<Slot>, mask: Int, shift: UInt64,
        used: inout [Int32]
    ) {
        var slot = Int(truncatingIfNeeded: (UInt64(UInt32(bitPattern: position)) &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while true {
            let found = slots[slot].position
            if found == position {
                slots[slot].sum += value
                return
            }
            if found < 0 {
                slots[slot] = Slot(position: position, sum: value)
                used.append(Int32(slot))
                return
            }
            slot = (slot + 1) & mask
        }
    }
}
