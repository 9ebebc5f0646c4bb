import BookCatalog
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
/// -9`, a power cut) leaves the mark committed with the last batch, and the next full-text read
/// of any process rebuilds before it answers (``withFreshSearchIndex(_:)``).
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
    public static let deferredIndexingMinimum = 10_000

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
                isStale = true
            }
        }
        if isStale {
            // A bulk import moves many pages; SQLite's default cache (2 MB) rereads them.
            try tx.execute("PRAGMA cache_size = -\(bulkCacheKibibytes)")
        }
        return isStale && batch.recordsToFollow == 0
    }

    /// The page cache of a connection writing in bulk, in KiB.
    static let bulkCacheKibibytes = 131_072

    /// Builds `books_fts` again from every book and clears the stale mark, in `tx`. A new
    /// generation, so the caches of the index's words (the typo dictionary) are read again.
    static func rebuildSearchIndex(in tx: borrowing Transaction) throws {
        // Dropped and created rather than emptied: deleting an FTS5 table's rows reads each one.
        try tx.execute("DROP TABLE books_fts_vocabulary")
        try tx.execute("DROP TABLE books_fts")
        try tx.execute(searchIndexTable())
        // In key order, so FTS5 appends to its lists instead of merging them.
        try tx.execute(
            "INSERT INTO books_fts (rowid, title, authors) SELECT \(currentIndexLayout.values(of: "books")) "
                + "FROM books ORDER BY 1")
        try tx.execute("CREATE VIRTUAL TABLE books_fts_vocabulary USING fts5vocab(books_fts, 'row')")
        try tx.execute("UPDATE catalog_state SET search_index_stale = 0, generation = generation + 1")
        try tx.execute("PRAGMA cache_size = -2000")  // SQLite's default again
    }

    /// Runs `read` (statements over `books_fts`) in one snapshot where the index is current:
    /// when the mark is set — an import is writing in bulk, in this process or another, or was
    /// killed — the index is rebuilt first, under the write lock (waiting for the writer's
    /// batch in flight), and `read` runs again. A search never answers from a stale index.
    func withFreshSearchIndex<T: Sendable>(_ read: @escaping @Sendable (borrowing Transaction) throws -> T)
        async throws -> T
    {
        // A bulk import in another process can make the index stale again right after each
        // rebuild; a few rounds, then the reader says so rather than wait forever.
        for _ in 0..<Self.rebuildRounds {
            let answer = try await database.read { tx -> T? in
                try Self.isSearchIndexStale(in: tx) ? nil : try read(tx)
            }
            if let answer { return answer }
            try await database.transaction { tx in
                if try Self.isSearchIndexStale(in: tx) { try Self.rebuildSearchIndex(in: tx) }
            }
            typoTolerance.catalogChanged()
        }
        throw BookStoreError(
            kind: .busy, database: .sqlite,
            description:
                "Its full-text index went stale again after each of \(Self.rebuildRounds) rebuilds: another "
                + "process is importing books in bulk, and the index is rebuilt when that import ends. Search "
                + "again once it has finished.")
    }

    /// How many times one search rebuilds a stale index before it gives up.
    static let rebuildRounds = 3
}
