import BookCatalog
import Testing

@testable import BookStorage

/// The stored books' ids a full relation rebuild checks its rows against: a bitmap where the
/// ids are dense, the ids sorted where they are not, and the same answers either way.
@Suite("Stored book ids") struct StoredBookIDsTests {
    @Test(
        "Each id stored is found and no other, dense or sparse",
        arguments: [
            [5, 6, 8, 100, 101, 163, 164],  // dense: a bitmap
            [1, 1_000_000, 2_000_000],  // a range 40,000 times the ids: sorted
            [Int64.min, -1, 0, Int64.max],  // a range past Int64: sorted
            [Int64.max - 3, Int64.max],  // a bitmap at the top of the range
            [Int64.min, Int64.min + 2],  // and at the bottom
            [42],
            [],
        ] as [[Int64]])
    func eachStoredIDIsFoundAndNoOther(ids: [Int64]) {
        let stored = StoredBookIDs(ascending: ids)
        for id in ids { #expect(stored.contains(id), "\(id)") }
        let neighbours: [Int64] =
            ids.flatMap { id -> [Int64] in [id &- 1, id &+ 1, id &+ 64, id &- 64] } + [
                Int64.min, Int64.max, 0, 7, 65,
            ]
        for id in neighbours where !ids.contains(id) { #expect(!stored.contains(id), "\(id)") }
    }

    @Test("A relation from or to a book not stored fails with the book's number")
    func aRelationToABookNotStoredFails() throws {
        let stored = StoredBookIDs(ascending: [1, 2, 3])
        try stored.check([Relation(kind: .sameAuthor, from: 1, to: 3, score: 1, reason: "same author: A")])
        for (from, to) in [(1, 4), (9, 2)] as [(Int64, Int64)] {
            let error = #expect(throws: BookStoreError.self) {
                try stored.check([Relation(kind: .sameAuthor, from: from, to: to, score: 1, reason: "same author: A")])
            }
            #expect(error?.kind == .constraintViolation)
            #expect(error?.description.contains("book \(max(from, to))") == true)
        }
    }
}
