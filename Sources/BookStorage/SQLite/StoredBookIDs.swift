import BookCatalog
import SQLite

/// The ids of the books stored, read once inside a full relation rebuild's transaction, so the
/// rebuild checks both books of each of its millions of rows in memory. SQLite's own foreign-key
/// check looks each row's books up in `books`: the targets lie all over the table, and at a
/// million books those look-ups cost twice as much as writing the rows (issue #37).
///
/// A bitmap over the ids' range when it costs no more than the ids themselves (8 bytes an id:
/// ids are dense wherever SQLite numbered the books), else the ids sorted, searched by halves.
///
/// ```swift
/// let stored = try StoredBookIDs.read(in: tx)
/// try stored.check(relations)  // throws BookStoreError for a book that is not stored
/// ```
struct StoredBookIDs {
    /// The lowest id, bit 0 of `bits`.
    private let first: Int64
    /// Bit `id - first` set for each stored id; empty when the ids are kept sorted instead.
    private let bits: [UInt64]
    /// The ids ascending, when a bitmap of their range would cost more.
    private let sorted: [Int64]

    /// The set of `ascending` (ids in ascending order, each once).
    init(ascending ids: [Int64]) {
        first = ids.first ?? 0
        let (span, overflow) = (ids.last ?? 0).subtractingReportingOverflow(first)
        guard !ids.isEmpty, !overflow, span / 64 < ids.count else {
            (bits, sorted) = ([], ids)
            return
        }
        var bits = [UInt64](repeating: 0, count: Int(span / 64) + 1)
        for id in ids {
            let offset = Int(id - first)
            bits[offset / 64] |= 1 << UInt64(offset % 64)
        }
        (self.bits, sorted) = (bits, [])
    }

    /// The ids of every book stored, as `tx` sees them.
    static func read(in tx: borrowing Transaction) throws -> StoredBookIDs {
        var ids: [Int64] = []
        try tx.forEachRow("SELECT id FROM books ORDER BY id") { row in ids.append(try row.int64(0)) }
        return StoredBookIDs(ascending: ids)
    }

    /// Whether a book with `id` is stored.
    func contains(_ id: Int64) -> Bool {
        guard bits.isEmpty else {
            guard id >= first else { return false }
            let (offset, overflow) = id.subtractingReportingOverflow(first)
            guard !overflow, offset / 64 < bits.count else { return false }
            return bits[Int(offset / 64)] & (1 << UInt64(offset % 64)) != 0
        }
        return sorted.index(ofAscending: id) != nil
    }

    /// Throws the ``BookStoreError`` a foreign-key violation gives when one of `relations`
    /// names a book that is not stored: the rebuild's transaction then rolls back, keeping the
    /// old relations.
    func check(_ relations: [Relation]) throws {
        for relation in relations {
            if !contains(relation.from) { throw Self.missing(relation.from) }
            if !contains(relation.to) { throw Self.missing(relation.to) }
        }
    }

    /// The error for a relation naming the book `id`, which is not stored.
    private static func missing(_ id: Int64) -> BookStoreError {
        BookStoreError(
            kind: .constraintViolation, database: .sqlite,
            description: """
                The relations were not stored: one names book \(id), which is not in the catalog \
                (deleted while they were computed?). The old relations are kept; rebuild them again \
                (scout books relate).
                """)
    }
}
