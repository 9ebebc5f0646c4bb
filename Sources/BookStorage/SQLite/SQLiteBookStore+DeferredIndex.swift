import BookCatalog
import Foundation
import SQLite

/// Large imports leave the full-text index to one rebuild at their end (issue #37): keeping
/// `books_fts` up to date book by book is most of what an import into SQLite costs, and FTS5
/// builds the same index from all books at once several times faster.
///
/// `catalog_state.search_index_stale` is the durable mark. The first deferred batch sets it in
/// its own transaction, and the triggers that keep `books_fts` in step do nothing while it is
/// set — for every writer, in every process — so the index stays exactly "stale since the
/// mark". The import's last batch (``BookCatalog/ImportBatch/recordsToFollow`` 0) rebuilds the
/// index and clears the mark in its transaction. Whatever kills the import in between (`kill
/// -9`, a power cut) leaves the mark committed with the last batch.
///
/// While it defers, the importing process holds the catalog's ``ImportLock``, which the kernel
/// drops when the process dies. A reader (``withFreshSearchIndex(_:)``) that sees the mark tests
/// it without blocking: held, the import is alive, and the reader answers from `books_fts` as it
/// was when the mark was set (the idle triggers keep it exactly so), each hit checked against its
/// stored book, so books the import added are missing until it ends and no book is found by words
/// it no longer has; free, the import died, and the reader rebuilds the index before it answers.
extension SQLiteBookStore {
    /// Version 14: the stale mark, and the triggers again, now idle while it is set.
    static let deferredIndexMigration = Migration(
        version: 14,
        sql: """
            ALTER TABLE catalog_state ADD COLUMN search_index_stale INTEGER NOT NULL DEFAULT 0;
            DROP TRIGGER books_fts_insert;
            DROP TRIGGER books_fts_update;
            DROP TRIGGER books_fts_delete;
            \(currentIndexLayout.triggers(when: "(SELECT search_index_stale FROM catalog_state) = 0"))
            """)

    /// The fewest records an import must still hold for a batch to defer the index's upkeep:
    /// below it, the upkeep of the books left costs less than a rebuild of even a small catalog,
    /// and the catalog stays searchable batch by batch.
    /// `SCOUT_DEFERRED_INDEX_MINIMUM` (1…10,000) lowers it, so tests of real processes defer
    /// with a few hundred books.
    public static let deferredIndexingMinimum: Int = {
        let value = ProcessInfo.processInfo.environment["SCOUT_DEFERRED_INDEX_MINIMUM"]
        // Outside input: a short number, clamped; anything else keeps the default.
        guard let value, value.utf8.count <= 6, let minimum = Int(value) else { return 10_000 }
        return min(max(minimum, 1), 10_000)
    }()

    /// How many stored books one record still to come may stand for: a rebuild reads every
    /// book, so an import defers only when what it still brings is at least a quarter of what
    /// the catalog holds. Measured on 100,000 generated books (`scout-bench import-scale`): the
    /// import's CPU time fell from 26.7 s to 12.5 s, the rebuild included, so a rebuild costs
    /// well under a quarter of the upkeep of as many books one by one; the margin keeps a small
    /// import into a large catalog searchable batch by batch.
    public static let deferredIndexingRatio: Int64 = 4

    /// Whether the full-text index misses writes made since a deferred batch: the mark that
    /// ``withFreshSearchIndex(_:)`` rebuilds on.
    ///
    /// ```swift
    /// if try await store.isSearchIndexStale() { print("an import is writing in bulk, or was killed") }
    /// ```
    public func isSearchIndexStale() async throws -> Bool {
        try await storeWork { try await database.read { tx in try Self.isSearchIndexStale(in: tx) } }
    }

    static func isSearchIndexStale(in tx: borrowing Transaction) throws -> Bool {
        try tx.query("SELECT search_index_stale FROM catalog_state") { try $0.int64(0) }.first == 1
    }

    /// Decides, inside `batch`'s transaction and before its writes, whether it skips the
    /// index's per-book upkeep (setting the mark), and returns whether it must rebuild the index
    /// after its writes: when the index is stale and no records follow.
    static func beginIndexing(of batch: ImportBatch, in tx: borrowing Transaction) throws -> Bool {
        var isStale = try isSearchIndexStale(in: tx)
        // Only books feed the index: a phase of tags or readings has nothing to defer.
        if !isStale, !batch.books.isEmpty, batch.recordsToFollow >= deferredIndexingMinimum {
            let stored = try tx.query("SELECT coalesce(max(id), 0) FROM books") { try $0.int64(0) }.first ?? 0
            if Int64(batch.recordsToFollow) * deferredIndexingRatio >= stored {
                try tx.execute("UPDATE catalog_state SET search_index_stale = 1")
                // No statement of Scout reads it (it serves readers of the file that know one
                // series), so it is built once, with the index, instead of row by row.
                try tx.execute("DROP INDEX IF EXISTS books_series")
                // Into an empty catalog the batches match by match key in memory instead, and
                // the rebuild builds the index once (SQLiteBookStore+ImportMatchKeys.swift).
                if stored == 0 { try tx.execute("DROP INDEX IF EXISTS books_match_key") }
                isStale = true
            }
        }
        if isStale {
            // The lock says this import is alive, so readers wait for its rebuild rather than
            // redo it; taken before the mark commits. Without it (a directory this process may
            // not write in) readers rebuild as for a dead import: slow, never wrong.
            if batch.recordsToFollow > 0 { try importLock(in: tx)?.acquire() }
            // A bulk import moves many pages; SQLite's default cache (2 MB) rereads them.
            try tx.execute("PRAGMA cache_size = -\(bulkCacheKibibytes)")
            // Each batch dirties pages all over the key indexes; checkpointing every 1,000 WAL
            // pages (SQLite's default) copies most of them into the file again after every
            // batch or two, each time with an fsync. A longer WAL between checkpoints copies a
            // page rewritten by many batches once. Commits stay as durable as before.
            try tx.execute("PRAGMA wal_autocheckpoint = \(bulkCheckpointPages)")
        }
        return isStale && batch.recordsToFollow == 0
    }

    /// The page cache of a connection writing in bulk, in KiB.
    static let bulkCacheKibibytes = 131_072

    /// WAL pages between automatic checkpoints while writing in bulk (64 MiB of 4 KiB pages),
    /// and SQLite's default, which the rebuild sets again.
    static let bulkCheckpointPages = 16_384
    static let defaultCheckpointPages = 1_000

    /// Builds `books_fts` again from every book and clears the stale mark, in `tx`. A new
    /// generation, so the caches of the index's words (the typo dictionary) are read again.
    static func rebuildSearchIndex(in tx: borrowing Transaction) throws {
        // Dropped and created rather than emptied: deleting an FTS5 table's rows reads each one.
        try tx.execute("DROP TABLE books_fts_vocabulary")
        try tx.execute("DROP TABLE books_fts")
        try tx.execute(searchIndexTable())
        // FTS5 gathers terms in memory and writes a segment each time they pass its hash size
        // (1 MiB by default), then merges the segments: with six prefix indexes a large catalog
        // makes hundreds. A larger hash for the build writes fewer, larger ones (measured on
        // 300,000 generated titles: the insert's CPU time fell by a quarter); the default again
        // after it, so the per-book upkeep of later writes holds no more memory than before.
        try setSearchIndexHashSize(bulkHashBytes, in: tx)
        // In key order, so FTS5 appends to its lists instead of merging them; the words folded
        // on another core meanwhile (SQLiteBookStore+IndexFill.swift).
        try fillSearchIndex(in: tx)
        try setSearchIndexHashSize(defaultHashBytes, in: tx)
        try tx.execute("CREATE VIRTUAL TABLE books_fts_vocabulary USING fts5vocab(books_fts, 'row')")
        // Dropped by the batch that set the mark; a mark set before it was deferred too left it.
        try tx.execute(seriesIndex)
        try tx.execute(matchKeyIndex)  // dropped by an import into an empty catalog
        try tx.execute("UPDATE catalog_state SET search_index_stale = 0, generation = generation + 1")
        try tx.execute("PRAGMA cache_size = -2000")  // SQLite's default again
        try tx.execute("PRAGMA wal_autocheckpoint = \(defaultCheckpointPages)")
        // Before the commit: a reader that sees the mark and the lock free meanwhile waits for
        // the write lock and finds the index current; if the commit fails the mark stays and a
        // reader rebuilds, as after a killed import.
        try importLock(in: tx)?.release()
    }

    /// `books_series` as migration 1 made it (SQLite keeps the text from the index's name on, so
    /// its definition reads the same): a deferred import drops it with the mark, and the rebuild
    /// makes it again, once (DeferredSearchIndexTests compares the two definitions).
    static let seriesIndex =
        "CREATE INDEX IF NOT EXISTS books_series ON books (series_name, series_number) WHERE series_name IS NOT NULL"

    /// FTS5's hash size while it builds `books_fts` from every book, and its default.
    static let bulkHashBytes = 64 << 20
    static let defaultHashBytes = 1 << 20

    private static func setSearchIndexHashSize(_ bytes: Int, in tx: borrowing Transaction) throws {
        try tx.execute("INSERT INTO books_fts (books_fts, rank) VALUES ('hashsize', ?)", [.integer(Int64(bytes))])
    }

    /// The import lock of the catalog `tx` reads (its main database file); nil in memory.
    static func importLock(in tx: borrowing Transaction) throws -> ImportLock? {
        let file = try tx.query("SELECT file FROM pragma_database_list WHERE name = 'main'") { try $0.string(0) }
        return file.first.flatMap(ImportLock.init(databaseFile:))
    }

    /// Lets go of this process's import lock on the catalog, for an import that stopped before
    /// its last batch (it failed) while the process lives on: the mark stays, and the next
    /// search of any process rebuilds the index, as after a killed import. Nothing when this
    /// process holds no lock.
    ///
    /// ```swift
    /// do { try await importer.run() } catch { try await store.releaseImportLock(); throw error }
    /// ```
    public func releaseImportLock() async throws {
        try await storeWork { try await database.read { tx in try Self.importLock(in: tx)?.release() } }
    }

    /// What `books_fts` holds when a read runs over it.
    enum SearchIndexState: Sendable {
        /// Every stored book, as stored.
        case current
        /// The books as they were when a live import set the stale mark: the import's writes
        /// are missing from it, so a hit must be checked against its stored book.
        case frozen
    }

    /// Runs `read` (statements over `books_fts`) in one snapshot, telling it what the index
    /// holds: current, or — the mark set and its import alive (its ``ImportLock`` held) —
    /// frozen as the import found it. When the mark is set and no process holds the lock, the
    /// import died: the index is rebuilt first, under the write lock, and `read` runs again.
    func withFreshSearchIndex<T: Sendable>(
        _ read: @escaping @Sendable (borrowing Transaction, SearchIndexState) throws -> T
    ) async throws -> T {
        // An import whose lock file could not be made leaves the mark with the lock free while
        // it lives, and makes the index stale again after each rebuild: a few rounds, then the
        // reader says so rather than loop.
        for _ in 0..<Self.rebuildRounds {
            let answer = try await database.read { tx -> T? in
                guard try Self.isSearchIndexStale(in: tx) else { return try read(tx, .current) }
                guard try Self.importLock(in: tx)?.isHeld() == true else { return nil }
                return try read(tx, .frozen)
            }
            if let answer { return answer }
            try await database.transaction { tx in
                if try Self.isSearchIndexStale(in: tx), try Self.importLock(in: tx)?.isHeld() != true {
                    try Self.rebuildSearchIndex(in: tx)
                }
            }
            typoTolerance.catalogChanged()
        }
        throw BookStoreError(
            kind: .busy, database: .sqlite,
            description:
                "Its full-text index went stale again after each of \(Self.rebuildRounds) rebuilds: another "
                + "process is importing books in bulk without its import lock (the file beside the catalog "
                + "ending in .import-lock could not be created). Search again once that import has finished.")
    }

    /// How many times one search rebuilds a stale index before it gives up.
    static let rebuildRounds = 3
}
