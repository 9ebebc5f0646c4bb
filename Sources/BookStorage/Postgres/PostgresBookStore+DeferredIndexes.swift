import BookCatalog
import Postgres

/// A large import into an empty catalog builds the search indexes once at its end (issue #37):
/// kept row by row, the GIN index on `search` and `books_by_rank` (which carries every `search`
/// entry too) are most of what the server spends on each batch's `COPY`, where one sorted
/// build over every book at the end costs a fraction of that. `books_series` (read only by series
/// lookups) waits with them, and so does the foreign key from `book_keys` to `books`: its check
/// of each new key, a locking look-up of its book, cost more of the server's time than storing
/// the key and both its indexes (6.6 s of 9.6 s for 200,000 keys, measured under load).
///
/// `deferred_indexes` is the durable mark: the first deferring batch copies the definitions of
/// ``deferredIndexNames`` from `pg_indexes`, and of ``deferredKeyName`` from `pg_constraint`,
/// into it and drops them, in its transaction. The import's last batch
/// (``BookCatalog/ImportBatch/recordsToFollow`` 0), or any later `apply` with none to follow
/// (after a killed import), creates them again from those definitions and empties the table, in
/// its transaction: a `kill -9` in the middle of the build rolls it back whole, and the mark
/// stays for the next write, or for ``finishAbandonedImport()`` (which `scout serve` runs as it
/// starts) once no importer holds the import lock. Readers meanwhile get the same answers
/// through scans of `books`, slower; only an empty catalog defers, so nobody's searches were
/// fast before. Without the foreign key nothing cascades from a deleted book to its keys, but
/// the store never leaves one behind (retiring deletes the keys first, merging moves them); the
/// build deletes any a hand left, as the cascade would have, before it adds the key again.
extension PostgresBookStore {
    /// Version 11: the mark, empty.
    static let deferredIndexesMigration = PostgresMigration(
        version: 11,
        sql: """
            CREATE TABLE deferred_indexes (name text COLLATE "C" PRIMARY KEY, definition text NOT NULL);
            """)

    /// The indexes of `books` a large import into an empty catalog builds at its end: those only
    /// searches and series look-ups read. The ones the import's own matching reads (keys, ISBNs,
    /// match keys) stay.
    static let deferredIndexNames = ["books_by_rank", "books_search", "books_series"]

    /// The foreign key from `book_keys` to `books` such an import adds again at its end.
    static let deferredKeyName = "book_keys_book_id_fkey"

    /// The memory each deferred index's build may sort in, for its transaction only: at a million
    /// books the GIN build takes a third of the time with 256 MB that it takes with the default 64.
    static let deferredIndexBuildMemory = "256MB"

    /// Drops the search indexes inside `batch`'s transaction, before its writes, when it starts a
    /// large import (as ``beginTermCounting(of:in:)`` decides, at least ``deferredTermsMinimum``
    /// records to follow) into a catalog with no books; returns whether they are deferred now.
    /// While more records follow, the deferring session holds the import lock (see
    /// PostgresBookStore+ImportHold.swift), which tells readers the import is alive.
    static func beginIndexDeferral(
        of batch: ImportBatch, patience: SchemaLockPatience, in tx: borrowing PostgresTransaction
    ) throws -> Bool {
        let isDeferred = try deferIndexes(for: batch, patience: patience, in: tx)
        if isDeferred && batch.recordsToFollow > 0 { try holdImportLock(in: tx) }
        return isDeferred
    }

    /// Drops the search indexes as ``beginIndexDeferral(of:patience:in:)`` says, taking `books` and
    /// `book_keys` as `patience` says; whether they are deferred now.
    private static func deferIndexes(
        for batch: ImportBatch, patience: SchemaLockPatience, in tx: borrowing PostgresTransaction
    ) throws -> Bool {
        if try areIndexesDeferred(in: tx) { return true }
        guard !batch.books.isEmpty, batch.recordsToFollow >= deferredTermsMinimum else { return false }
        let isEmpty = try tx.query("SELECT NOT EXISTS (SELECT FROM books)") { try $0.bool(0) }.first ?? false
        guard isEmpty else { return false }
        let names: PostgresValue = .textArray(deferredIndexNames)
        let saved = try tx.execute(
            """
            INSERT INTO deferred_indexes (name, definition)
            SELECT indexname, indexdef FROM pg_indexes
            WHERE schemaname = current_schema() AND tablename = 'books' AND indexname = ANY ($1::text[])
            """, [names])
        // A catalog missing one of them (dropped by hand) keeps what it has: nothing to rebuild from.
        guard saved == deferredIndexNames.count else {
            try tx.execute("DELETE FROM deferred_indexes")
            return false
        }
        // A catalog whose key was dropped by hand keeps checking nothing: nothing to add again.
        let keySaved = try tx.execute(
            """
            INSERT INTO deferred_indexes (name, definition)
            SELECT conname, 'ALTER TABLE book_keys ADD CONSTRAINT ' || conname || ' ' || pg_get_constraintdef(oid)
            FROM pg_constraint WHERE conrelid = 'book_keys'::regclass AND contype = 'f' AND conname = $1
            """, [.text(deferredKeyName)])
        // Dropping them takes both tables alone (the key's triggers live on `books` too).
        try lockAlone(
            ["books", "book_keys"], to: "set the search indexes aside for the import", patience: patience, in: tx)
        // The names are the store's own constants, never caller text; DROP takes no parameters.
        for name in deferredIndexNames { try tx.execute("DROP INDEX \(name)") }
        if keySaved == 1 { try tx.execute("ALTER TABLE book_keys DROP CONSTRAINT \(deferredKeyName)") }
        return true
    }

    /// Whether the mark is set, as an SQL condition.
    static let isMarkedSQL = "EXISTS (SELECT FROM deferred_indexes)"

    /// Whether the mark is set, as `tx` sees it.
    static func areIndexesDeferred(in tx: borrowing PostgresTransaction) throws -> Bool {
        try tx.query("SELECT \(isMarkedSQL)") { try $0.bool(0) }.first ?? false
    }

    /// Creates the deferred indexes again from their saved definitions, then the foreign key
    /// (after deleting keys of books deleted meanwhile, as its cascade would have), clears the
    /// mark and analyzes `books` (the expression in `books_by_rank` gets its statistics only so),
    /// in `tx`, which holds the writer lock; gives back the import lock if `tx`'s session held it.
    /// Runs only a definition of one of ``deferredIndexNames`` that creates an index, or of
    /// ``deferredKeyName`` that adds that foreign key, whatever else the table was made to hold.
    static func rebuildDeferredIndexes(in tx: borrowing PostgresTransaction) throws {
        let saved = try tx.query("SELECT name, definition FROM deferred_indexes ORDER BY name") { row in
            (name: try row.string(0), definition: try row.string(1))
        }
        try tx.execute("SET LOCAL maintenance_work_mem = '\(deferredIndexBuildMemory)'")
        // The key last: the indexes' builds are the ones a kill most likely interrupts, and the
        // key's check reads only the primary key of books, which never goes.
        for entry in saved.filter({ $0.name != deferredKeyName }) + saved.filter({ $0.name == deferredKeyName }) {
            guard isDeferredDefinition(entry.definition, named: entry.name) else {
                throw BookStoreError(
                    kind: .other, database: .postgres,
                    description:
                        "deferred_indexes holds \"\(entry.name.prefix(64))\", not one of the indexes or keys an "
                        + "import defers; nothing was written. Delete that row, then run the import again.")
            }
            if entry.name == deferredKeyName {
                try tx.execute(
                    "DELETE FROM book_keys WHERE NOT EXISTS (SELECT FROM books WHERE books.id = book_keys.book_id)")
            }
            try tx.execute(entry.definition)
        }
        try tx.execute("DELETE FROM deferred_indexes")
        try tx.execute("ANALYZE books")
        try releaseImportLock(in: tx)
    }

    /// Whether `definition` is what the deferral saves for `name`: a `CREATE INDEX` of one of
    /// ``deferredIndexNames``, or the `ALTER TABLE` adding ``deferredKeyName`` to `book_keys`.
    static func isDeferredDefinition(_ definition: String, named name: String) -> Bool {
        if name == deferredKeyName {
            return definition.hasPrefix(
                "ALTER TABLE book_keys ADD CONSTRAINT \(name) FOREIGN KEY (book_id) REFERENCES books(id)")
        }
        return deferredIndexNames.contains(name) && definition.hasPrefix("CREATE INDEX \(name) ON ")
    }
}
