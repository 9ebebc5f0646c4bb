import BookCatalog
import Postgres

/// A full relation rebuild (issue #37) into a fresh table swapped in at its end, instead of a
/// `DELETE` and a `COPY` into `relations`: a `COPY` into `relations` kept its three indexes
/// entry by entry and ran its two foreign keys' checks row by row (a query into `books` and a
/// row lock each), where a table without them takes the rows as they come, then builds each
/// index with one sort and checks each foreign key with one join.
///
/// All of it happens in the replacing transaction: readers go on reading the old table until
/// the commit and then see the new one, never a mix; a rollback leaves the old table as it was.
/// The `DROP` at the end holds `relations` and `books` alone (`books` to remove the old
/// table's foreign key triggers) from there to the commit, a few renames later; it takes them
/// as ``SchemaLockPatience`` says, so a long reader (an export) makes it wait, not `scout
/// serve`'s readers.
extension PostgresBookStore {
    /// Version 12 drops `relations_by_kind` (from, kind, score): every reader asks by
    /// `from_id`, which the primary key (from, to, kind) already leads with, so it only added
    /// an index entry to each written row (and one more index for the swap to build).
    static let relationIndexMigration = PostgresMigration(
        version: 12, sql: "DROP INDEX IF EXISTS relations_by_kind;")

    /// The table a full replacement fills before it becomes `relations`.
    static let nextRelations = "relations_next"

    /// Starts a full replacement of `kinds` in `tx`: a fresh `relations_next` with the columns
    /// of `relations` and no index or foreign key yet, holding the stored relations of other
    /// kinds. A replacement of every kind keeps none, as on SQLite — not even rows of a kind
    /// this version does not know, which no reader shows — and so does not scan the whole old
    /// table for nothing (2 s of a rebuild at a million books).
    static func beginRelationSwap(replacing kinds: Set<Relation.Kind>, in tx: borrowing PostgresTransaction) throws {
        // Left only by a failed transaction, which took it along; never a committed one.
        try tx.execute("DROP TABLE IF EXISTS \(nextRelations)")
        try tx.execute("CREATE TABLE \(nextRelations) (LIKE relations INCLUDING DEFAULTS INCLUDING CONSTRAINTS)")
        guard !kinds.isSuperset(of: Relation.Kind.allCases) else { return }
        try tx.execute(
            "INSERT INTO \(nextRelations) SELECT * FROM relations WHERE kind <> ALL ($1::text[])",
            [.textArray(kinds.map(\.rawValue).sorted())])
    }

    /// Gives `relations_next` the primary key: at the end of the swap, or as soon as a chunk
    /// could repeat a key already written (it is then upserted, which needs the key).
    static func keyNextRelations(in tx: borrowing PostgresTransaction) throws {
        try tx.execute(
            "ALTER TABLE \(nextRelations) ADD CONSTRAINT \(nextRelations)_pkey PRIMARY KEY (from_id, to_id, kind)")
    }

    /// Ends a full replacement in `tx`: builds the indexes and foreign keys of `relations` on
    /// `relations_next` (the key too unless `isKeyed`), drops `relations` and gives the new
    /// table its name and its objects theirs, as the migrations made them. A relation to or
    /// from a book that is not stored fails here, as it failed the `COPY` before.
    static func finishRelationSwap(
        isKeyed: Bool, patience: SchemaLockPatience, in tx: borrowing PostgresTransaction
    ) throws {
        if !isKeyed { try keyNextRelations(in: tx) }
        try tx.execute("CREATE INDEX \(nextRelations)_to ON \(nextRelations) (to_id)")
        // Foreign key names belong to their table, so these may match the old table's already.
        try tx.execute(
            """
            ALTER TABLE \(nextRelations)
                ADD CONSTRAINT relations_from_id_fkey FOREIGN KEY (from_id) REFERENCES books (id) ON DELETE CASCADE,
                ADD CONSTRAINT relations_to_id_fkey FOREIGN KEY (to_id) REFERENCES books (id) ON DELETE CASCADE
            """)
        try lockAlone(["relations", "books"], to: "replace the relations", patience: patience, in: tx)
        try tx.execute("DROP TABLE relations")
        try tx.execute("ALTER TABLE \(nextRelations) RENAME TO relations")
        try tx.execute("ALTER TABLE relations RENAME CONSTRAINT \(nextRelations)_pkey TO relations_pkey")
        try tx.execute("ALTER INDEX \(nextRelations)_to RENAME TO relations_to")
    }
}
