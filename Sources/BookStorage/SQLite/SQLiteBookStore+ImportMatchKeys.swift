import SQLite
import Synchronization

/// A large import into an empty catalog builds `books_match_key` once, with the full-text
/// index, instead of row by row, and its batches find stored books by match key in memory.
///
/// Measured at 200,000 generated books (a replay of the import's writes, 1,000 books a
/// transaction, through the `sqlite3` shell, one index dropped at a time): of the 3.6 s of CPU
/// the writes cost with every index, `books_match_key` was 1.8 s and most of the WAL's writes —
/// its keys are folded titles, so every batch dirties pages all over it — where the ISBN
/// indexes, `book_keys_book` and `book_keys` itself cost 0.4 s or less each. The import's own
/// matching reads it, so it can only wait while the matching is answered another way, exactly.
///
/// The batch that sets the deferred mark on a catalog without books drops the index, and the
/// store keeps a table from a hash of each match key its batches wrote to the book ids that
/// hold it (``ImportMatchKeys``). A batch finds the ids whose hash it looks up, then reads
/// those books and keeps the ones whose stored `match_key` is one of the batch's: the same
/// books `match_key IN (…)` finds through the index, since the table holds every book written
/// since the catalog was empty (a stale entry — a rewritten book, a rolled-back batch — is read
/// and dropped). The table is trusted only while nothing else wrote: the batch checks that
/// this connection's total changes are what its last batch left and that no other connection
/// committed (`PRAGMA data_version`); else the table goes and the index is built at once, in
/// the batch's transaction, before it matches. The index comes back, as migration 7 made it,
/// with the full-text index (the last batch, or whatever completes a killed import's mark). A
/// killed import's next batch has no table, so it builds the index before it matches.
extension SQLiteBookStore {
    /// The index this file is about, as migration 7 made it (SQLite keeps the text from the
    /// name on, so the definition reads the same).
    static let matchKeyIndex = "CREATE INDEX IF NOT EXISTS books_match_key ON books (match_key)"

    /// The ids of the stored books whose `match_key` is one of `values`, through `table`.
    static func ids(withMatchKeys values: Set<String>, in table: MatchKeyTable, tx: borrowing Transaction) throws
        -> [Int64]
    {
        let candidates = Array(Set(values.flatMap { table.ids(for: $0) }))
        guard !candidates.isEmpty else { return [] }
        var ids: [Int64] = []
        for start in stride(from: 0, to: candidates.count, by: valuesPerLookup) {
            let chunk = candidates[start..<min(start + valuesPerLookup, candidates.count)]
            let list = "[" + chunk.map(String.init).joined(separator: ",") + "]"
            let rows = try tx.query(
                "SELECT id, match_key FROM books WHERE id IN (SELECT value FROM json_each(?))", [.text(list)]
            ) { row in (try row.int64(0), try row.optionalString(1)) }
            ids += rows.compactMap { id, key in key.map { values.contains($0) } == true ? id : nil }
        }
        return ids
    }
}

/// From a hash of each match key an import wrote to the ids of the books that hold it: 32 bits
/// each, about 11 bytes a book in the dictionary (some 110 MB for ten million books). A hash
/// shared by two keys only costs reading a book that is then dropped.
struct MatchKeyTable: Sendable {
    private var first: [UInt32: UInt32] = [:]
    private var more: [UInt32: [UInt32]] = [:]

    /// The ids written with `key`'s hash: a superset of the books holding `key`.
    func ids(for key: String) -> [Int64] {
        let hash = Self.hash(key)
        guard let id = first[hash] else { return [] }
        return [Int64(id)] + (more[hash] ?? []).map(Int64.init)
    }

    /// Records that the book `id` now holds `key`; false for an id past 32 bits, which the
    /// table cannot hold (the caller builds the index instead).
    mutating func add(_ key: String, id: Int64) -> Bool {
        guard let id = UInt32(exactly: id) else { return false }
        let hash = Self.hash(key)
        if let held = first[hash] {
            // Not searched for `id`: a key many books share (hostile input) would make that
            // quadratic; a repeat costs one more read of the book, deduplicated by the lookup.
            if held != id, more[hash]?.last != id { more[hash, default: []].append(id) }
        } else {
            first[hash] = id
        }
        return true
    }

    private static func hash(_ key: String) -> UInt32 { UInt32(truncatingIfNeeded: key.hashValue) }
}

/// The store's ``MatchKeyTable`` between the batches of an import, with what the connection
/// looked like when its last batch ended.
final class ImportMatchKeys: Sendable {
    private struct Kept {
        var table: MatchKeyTable
        var totalChanges: Int64
        var dataVersion: Int64
    }

    private let kept = Mutex<Kept?>(nil)

    init() {}

    /// The table this batch may use (taken: a batch that fails never gives it back), after
    /// building the index when there is none to use. `isStale`: the deferred mark is set.
    func table(deferring isStale: Bool, in tx: borrowing Transaction) throws -> MatchKeyTable? {
        let kept = try take(in: tx)
        let hasIndex =
            try tx.query("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = 'books_match_key'") {
                try $0.int(0)
            }.first == 1
        if hasIndex { return nil }
        if isStale, let kept { return kept }
        // No books, no match keys: an empty table is exact, and with the deferred mark set the
        // rebuild that ends the import builds the index.
        let isEmpty = try tx.query("SELECT NOT EXISTS (SELECT 1 FROM books)") { try $0.int(0) }.first == 1
        if isStale, isEmpty { return MatchKeyTable() }
        try tx.execute(SQLiteBookStore.matchKeyIndex)
        return nil
    }

    /// Gives `table` back for the next batch, with the connection as this transaction leaves it.
    func keep(_ table: MatchKeyTable, in tx: borrowing Transaction) throws {
        let state = Kept(table: table, totalChanges: tx.totalChanges, dataVersion: try tx.dataVersion())
        kept.withLock { $0 = state }
    }

    /// The kept table, if nothing wrote since it was kept: none else.
    private func take(in tx: borrowing Transaction) throws -> MatchKeyTable? {
        let taken = kept.withLock { value in
            defer { value = nil }
            return value
        }
        guard let kept = taken else { return nil }
        guard kept.totalChanges == tx.totalChanges, kept.dataVersion == (try tx.dataVersion()) else { return nil }
        return kept.table
    }
}
