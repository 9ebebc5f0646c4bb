import BookCatalog
import SQLite

/// What a relation rebuild spends writing (issue #37), cut by its indexes: a rebuild writes
/// millions of rows in primary-key order (the builder's chunks ascend by source, each sorted by
/// ``SQLiteBookStore/replaceRelations(for:from:chunks:)``), so the table's own B-tree grows at its
/// end, but every secondary index took each row at a random place.
extension SQLiteBookStore {
    /// Version 15 drops `relations_by_kind` (from, kind, score): every reader that used it
    /// (related books, `/map`, duplicates' moves) asks by `from_id`, which the primary key
    /// (from, to, kind) already leads with, and the table holds whole rows in that key's order,
    /// so the index only doubled what a rebuild writes.
    static let relationIndexMigration = Migration(version: 15, sql: "DROP INDEX IF EXISTS relations_by_kind;")

    /// `relations_to` (to_id), which keeps a book's deletion from scanning every relation to
    /// cascade: dropped by a full streamed replacement before its rows go in and built again
    /// once after them, in the same transaction (one sort instead of a random insert a row;
    /// readers see the old table and index until the commit, and a rollback brings both back).
    static let relationsToIndex = "CREATE INDEX relations_to ON relations (to_id)"

    /// Deletes the stored relations of `kinds` (from `sources` only, unless `nil`) in `tx`: when
    /// `kinds` holds every kind, the whole table at once (also rows of a kind this version does
    /// not know, which no reader shows).
    static func deleteRelations(of kinds: Set<Relation.Kind>, from sources: Set<Int64>?, in tx: borrowing Transaction)
        throws
    {
        let names = kinds.map(\.rawValue).sorted()
        let kindList = names.map { _ in "?" }.joined(separator: ", ")
        if let sources {
            let deleteFrom = "DELETE FROM relations WHERE from_id = ? AND kind IN (\(kindList))"
            for source in sources.sorted() {
                try tx.execute(deleteFrom, [.integer(source)] + names.map(SQLiteValue.text))
            }
        } else if kinds.isSuperset(of: Relation.Kind.allCases) {
            try tx.execute("DELETE FROM relations")
        } else {
            try tx.execute("DELETE FROM relations WHERE kind IN (\(kindList))", names.map(SQLiteValue.text))
        }
    }
}
