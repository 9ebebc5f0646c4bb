import ScoutTestSupport
import Testing

@testable import BookCatalog

/// The similar-tags scores summed in a table sized to each book's visit (`ScoreSums`) instead of
/// an array of the catalog's count: the same sums to the bit, in the order first added.
@Suite("Score sums by position") struct ScoreSumsTests {
    @Test("Sums equal a dense array's, to the bit and in first-added order, visit after visit")
    func sumsEqualADenseArraysToTheBit() {
        var numbers = SplitMix64(seed: 37)
        var sums = ScoreSums()
        let positions = 50_000
        var dense = [Double](repeating: 0, count: positions)
        // Visits of many sizes on one table: small ones reuse a prefix of a larger table, and a
        // visit sized too small (the last of each three) must grow and keep what it summed.
        for visit in 0..<60 {
            let adds = Int(numbers.next() % 3_000) + 1
            var order: [Int] = []
            sums.start(forAtMost: visit % 3 == 2 ? 1 : adds)
            for _ in 0..<adds {
                // Few positions, so most are added to many times.
                let position = Int(numbers.next() % UInt64(max(adds / 4, 1))) * 7 % positions
                let value = Double(numbers.next() % 1_000_000 + 1) / 999_983
                if dense[position] == 0 { order.append(position) }
                dense[position] += value
                // One posting of weight 1 times `value`: exactly `value`.
                [Int32(position)].withUnsafeBufferPointer { books in
                    [value].withUnsafeBufferPointer { weights in
                        sums.addProducts(of: 1, books: books, weights: weights, entries: 0..<1, skipping: -1)
                    }
                }
            }
            var drained: [(position: Int, sum: Double)] = []
            sums.drain { drained.append(($0, $1)) }
            #expect(drained.map(\.position) == order, "visit \(visit)")
            #expect(drained.map(\.sum.bitPattern) == order.map { dense[$0].bitPattern }, "visit \(visit)")
            for position in order { dense[position] = 0 }
        }
    }

    @Test("A posting list's products skip the book itself and count once per posting")
    func productsSkipTheBookItself() {
        let books: [Int32] = [3, 9, 3, 5, 9]
        let weights = [0.5, 0.25, 0.125, 1, 2]
        var sums = ScoreSums()
        sums.start(forAtMost: books.count)
        books.withUnsafeBufferPointer { books in
            weights.withUnsafeBufferPointer { weights in
                sums.addProducts(of: 2, books: books, weights: weights, entries: 0..<5, skipping: 5)
            }
        }
        var drained: [Int: Double] = [:]
        var order: [Int] = []
        sums.drain {
            order.append($0)
            drained[$0] = $1
        }
        #expect(order == [3, 9])
        let expected: [Int: Double] = [3: 2 * 0.5 + 2 * 0.125, 9: 2 * 0.25 + 2 * 2]
        #expect(drained == expected)
        sums.start(forAtMost: 1)
        var after = 0
        sums.drain { _, _ in after += 1 }
        #expect(after == 0)
    }
}
