import Synchronization

/// A store that can tell whether an import is writing into its catalog in bulk right now, with
/// its search upkeep deferred to one rebuild at its end (a SQLite catalog's deferred full-text
/// index, held by a live importer's ``ImportLock``).
///
/// Every batch such an import commits is a new catalog generation, and a ``CandidateIndex`` is
/// of one generation: rebuilt at each, from the whole catalog (≈18 s at a million books), a
/// reading server would do nothing else until the import ends, each build stale before it is
/// done. So while this says an import is live, ``TypoTolerance`` keeps the last complete index
/// it has (usually the mapped ``SearchIndexFile``) and answers from it, each hit checked
/// against its book as stored now (``CandidateIndex/checkedSearch(_:limit:in:)``), as the
/// stores' own full-text search does meanwhile; it builds again once the import has ended.
///
/// ```swift
/// if let store = store as? any BulkImportAware, try await store.isBulkImportLive() { … }
/// ```
public protocol BulkImportAware: Sendable {
    /// Whether an import, alive now, defers the catalog's search upkeep; false once it has
    /// ended, and for one that died (its next reader rebuilds the index as before).
    func isBulkImportLive() async throws -> Bool

    /// Builds what an import that died left deferred, when no import is live now, so searches
    /// need not wait for the next write to be fast again; returns whether it built anything.
    /// `scout serve` runs it as it starts, in the background. By default nothing: a SQLite
    /// catalog's next search rebuilds its full-text index itself.
    func finishAbandonedImport() async throws -> Bool
}

extension BulkImportAware {
    /// Nothing to build (see ``BulkImportAware/finishAbandonedImport()``).
    public func finishAbandonedImport() async throws -> Bool { false }
}

extension CandidateIndex {
    /// How many hits of an index older than the catalog a search reads past its limit, looking
    /// for hits whose books are still as the index holds them: the same bound as the SQLite
    /// store's frozen full-text search, so an import that rewrote most books costs a search a
    /// bounded read, at the cost of missing, until the rebuild, unchanged books behind them.
    static let heldHitsBeyondLimit = 200

    /// What ``search(_:limit:)`` finds in this index, built at an earlier generation than
    /// `store`'s catalog has now, less the hits whose books changed since: each of the first
    /// `limit` + ``heldHitsBeyondLimit`` hits is read from `store` (one statement) and kept
    /// only when its book still holds the texts the index found it by. A book added since is
    /// missing, one deleted is left out, and none is found by words it no longer has.
    ///
    /// ```swift
    /// let books = try await index.checkedSearch(SearchText.exactQuery("dune")!, limit: 64, in: store)
    /// ```
    public func checkedSearch(_ query: BookQuery, limit: Int, in store: some BookStore) async throws -> [Book] {
        guard limit > 0 else { return [] }
        let hits = search(query, limit: limit + Self.heldHitsBeyondLimit)
        guard !hits.isEmpty else { return [] }
        let stored = Dictionary(
            try await store.books(ids: hits.map(\.id)).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let unchanged = hits.lazy.filter { hit in stored[hit.id].map { Self.isSearchedAlike($0, hit) } ?? false }
        return Array(unchanged.prefix(limit))
    }

    /// Whether `stored` holds the texts the index holds of it as `indexed` (``books(_:)``): the
    /// fields search finds a book by, as many alternate titles and series as the index keeps.
    /// Its ratings count may differ: that moves it in the order once rebuilt, but does not make
    /// the hit wrong.
    static func isSearchedAlike(_ stored: Book, _ indexed: Book) -> Bool {
        let kept = Int(UInt8.max)
        return stored.title == indexed.title && stored.authors == indexed.authors
            && Array(stored.alternateTitles.prefix(kept)) == indexed.alternateTitles
            && stored.series.prefix(kept).map(\.name) == indexed.series.map(\.name)
            && stored.textReadings == indexed.textReadings
    }
}

extension TypoTolerance {
    /// Whether a live bulk import wrote `generation` of `store`'s catalog, asked only when it
    /// matters: the store can tell (``BulkImportAware``), an index is kept, and the cached
    /// catalog is older (so at most once a generation check, never on a current catalog).
    func isBulkImportLive(in store: some BookStore, at generation: Int64) async throws -> Bool {
        guard indexesBooks, let aware = store as? any BulkImportAware,
            cache.withLock({ $0.hasOlderCatalog(than: generation) })
        else { return false }
        return try await aware.isBulkImportLive()
    }
}

extension SearchIndexFile {
    /// The index in the file although it is older than the catalog (`problem` is
    /// ``IndexFileProblem/stale(file:catalog:)``), when a live bulk import of `store` wrote the
    /// generations since: a server started in the middle of an import answers from it, each hit
    /// checked (``CandidateIndex/checkedSearch(_:limit:in:)``), instead of building an index
    /// from the whole catalog that the import's next batch makes stale again. Nil otherwise,
    /// and for a file that cannot be mapped. Its book count is not checked (the catalog has
    /// moved on): a file of another catalog could only cost hits, since each is read back.
    ///
    /// ```swift
    /// let held = try await file.loadHeld(after: .stale(file: 4, catalog: 9), for: store)
    /// ```
    public func loadHeld(after problem: IndexFileProblem, for store: some BookStore) async throws -> CandidateIndex? {
        guard case .stale(let file, let catalog) = problem, file < catalog, let aware = store as? any BulkImportAware,
            try await aware.isBulkImportLive()
        else { return nil }
        return try? load(generation: file).get()
    }
}
