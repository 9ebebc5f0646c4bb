import BookCatalog
import Postgres

/// Large imports leave `search_terms` to one count at their end (issue #37): its statement
/// triggers upsert every word of a batch, about four thousand rows for a thousand books, which
/// measured half of the server's time in an import's `COPY` (13.1 s of 25.9 s for 100,000
/// generated books), where counting every book's words at once takes a fraction of that.
///
/// `catalog_state.search_terms_stale` is the durable mark, as SQLite's `search_index_stale`
/// (see `SQLiteBookStore+DeferredIndex`): the first deferred batch sets it in its own
/// transaction, and the triggers do nothing while it is set — for every writer, in every
/// process. The import's last batch (``BookCatalog/ImportBatch/recordsToFollow`` 0), or any
/// later `apply` that does not defer (after a killed import), counts the words again and
/// clears the mark in its transaction. A `kill -9` in between leaves the mark committed with the last batch and
/// its checkpoint. Only the word counts are deferred: `search` and its indexes are written with
/// every book, so searches are never stale; and ``searchTerms()`` reads the words from the
/// books themselves while the mark is set, in the same statement, so the typo dictionary never
/// misses a committed book either.
extension PostgresBookStore {
    /// Version 10: the stale mark, and the trigger function again, now idle while it is set.
    static let deferredTermsMigration = PostgresMigration(
        version: 10,
        sql: """
            ALTER TABLE catalog_state ADD COLUMN search_terms_stale boolean NOT NULL DEFAULT false;
            \(countSearchTermsFunction(idleWhen: "(SELECT search_terms_stale FROM catalog_state)"))
            """)

    /// The fewest records an import must still hold for a batch to defer the counts: below it
    /// the upkeep of the books left costs less than counting even a small catalog's words.
    static let deferredTermsMinimum = 10_000

    /// How many stored books one record still to come may stand for: a count reads every book,
    /// so an import defers only when what it still brings is at least a quarter of the catalog
    /// (as SQLite's deferred index), and a small import into a large catalog keeps its counts.
    static let deferredTermsRatio: Int64 = 4

    /// Decides, inside `batch`'s transaction and before its writes, whether its books skip the
    /// word counts (setting the mark); returns whether the mark is set, and whether the batch
    /// must count them all again after its writes: when the mark is set and no records follow.
    static func beginTermCounting(of batch: ImportBatch, in tx: borrowing PostgresTransaction) throws -> (
        isStale: Bool, recounts: Bool
    ) {
        var isStale = try isSearchTermsStale(in: tx)
        // Only books carry words: a phase of tags or readings has nothing to defer.
        if !isStale, !batch.books.isEmpty, batch.recordsToFollow >= deferredTermsMinimum {
            // The primary key's last entry: one index page, where count(*) reads the table.
            let stored = try tx.query("SELECT coalesce(max(id), 0) FROM books") { try $0.int64(0) }.first ?? 0
            if Int64(batch.recordsToFollow) * deferredTermsRatio >= stored {
                try tx.execute("UPDATE catalog_state SET search_terms_stale = true")
                isStale = true
            }
        }
        return (isStale, isStale && batch.recordsToFollow == 0)
    }

    /// Lets `tx`, a deferring batch, commit without waiting for its WAL to reach the disk
    /// (`synchronous_commit = off`, for this transaction only). A server crash may then lose
    /// the last batches committed (at most three `wal_writer_delay`s, 0.6 s by default), but
    /// whole: each batch's checkpoint is in its transaction and WAL is replayed in order, so the
    /// rows and the checkpoint that survive agree, and the import resumes from it and writes
    /// the rest again (upserts on the source's id). A `kill -9` of Scout loses nothing the
    /// server committed. The last batch commits as usual, and waiting for its WAL flushes every
    /// earlier batch's too, so an import that reports success is on disk.
    static func commitWithoutWaiting(_ tx: borrowing PostgresTransaction) throws {
        try tx.execute("SET LOCAL synchronous_commit = off")
    }

    /// Whether the mark is set, as `tx` sees it.
    static func isSearchTermsStale(in tx: borrowing PostgresTransaction) throws -> Bool {
        try tx.query("SELECT search_terms_stale FROM catalog_state") { try $0.bool(0) }.first ?? false
    }

    /// Counts every book's words into `search_terms` again and clears the mark, in `tx` (which
    /// holds the writer lock, so no book changes meanwhile). A new generation, so the typo
    /// dictionary is read again.
    static func recountSearchTerms(in tx: borrowing PostgresTransaction) throws {
        try tx.execute("DELETE FROM search_terms")
        try tx.execute("INSERT INTO search_terms (term, book_count) \(countedTerms(in: "books"))")
        try tx.execute("UPDATE catalog_state SET search_terms_stale = false, generation = generation + 1")
    }
}
