import BookCatalog
import BookStorage
import Synchronization

/// A store that forwards everything to a SQLite (or PostgreSQL) store, records every query
/// ``rankedPage(_:offset:limit:)`` runs, counts generation reads, and fails its `failingApplyAt`-th `apply` (1-based) when given one.
final class ObservedStore: BookStore {
    struct Interrupted: Error {}
    let base: any BookStore & BulkImportAware
    let failingApplyAt: Int?
    private let applies = Mutex(0)
    private let queries = Mutex<[BookQuery]>([])
    private let generationReads = Mutex(0)
    private let entryReads = Mutex(0)
    private let applied = Mutex<[ImportBatch]>([])
    private let termReads = Mutex(0)
    /// Its own, so its queries reach this store rather than `base`; without an index in memory
    /// (unless given an `indexFile` to keep one in), so every candidate search is one.
    private let typoTolerance: TypoTolerance

    init<C: Clock>(
        base: any BookStore & BulkImportAware, failingApplyAt: Int? = nil, clock: C = ContinuousClock(),
        indexFile: SearchIndexFile? = nil
    ) where C.Duration == Duration {
        self.base = base
        self.failingApplyAt = failingApplyAt
        typoTolerance = TypoTolerance(clock: clock, indexesBooks: indexFile != nil, indexFile: indexFile)
    }

    /// Every batch given to ``apply(_:)``, oldest first.
    var batches: [ImportBatch] { applied.withLock { $0 } }

    /// How many times ``searchEntries()`` was read.
    var searchEntriesReadCount: Int { entryReads.withLock { $0 } }
    /// How many times ``searchTerms()`` was read.
    var searchTermsReadCount: Int { termReads.withLock { $0 } }

    /// The queries run so far, oldest first; `take` empties the record.
    func takeQueries() -> [BookQuery] {
        queries.withLock { queries in
            defer { queries.removeAll() }
            return queries
        }
    }

    /// How many times ``generation()`` was read.
    var generationReadCount: Int { generationReads.withLock { $0 } }

    func apply(_ batch: ImportBatch) async throws -> UpsertResult {
        let count = applies.withLock { value in
            value += 1
            return value
        }
        if count == failingApplyAt { throw Interrupted() }
        applied.withLock { $0.append(batch) }
        return try await base.apply(batch)
    }
    func rankedPage(_ text: String, offset: Int, limit: Int) async throws -> BookSearchPage {
        try await typoTolerance.rankedPage(text, offset: offset, limit: limit, in: self)
    }
    func searchCount(_ query: BookQuery) async throws -> Int { try await base.searchCount(query) }
    func search(_ query: BookQuery, limit: Int) async throws -> [Book] {
        queries.withLock { $0.append(query) }
        return try await base.search(query, limit: limit)
    }
    func checkpoint(named name: String) async throws -> ImportCheckpoint? { try await base.checkpoint(named: name) }
    func retire(keys: [BookKey]) async throws -> [Int64] { try await base.retire(keys: keys) }
    func book(id: Int64) async throws -> Book? { try await base.book(id: id) }
    func book(key: BookKey) async throws -> Book? { try await base.book(key: key) }
    func books(ids: [Int64]) async throws -> [Book] { try await base.books(ids: ids) }
    func searchEntries() async throws -> [SearchEntry] {
        entryReads.withLock { $0 += 1 }
        return try await base.searchEntries()
    }
    func prepareSearch() async throws { try await typoTolerance.prepare(for: self) }
    func count() async throws -> Int { try await base.count() }
    func allBooks() async throws -> [Book] { try await base.allBooks() }
    func generation() async throws -> Int64 {
        generationReads.withLock { $0 += 1 }
        return try await base.generation()
    }
    func searchTerms() async throws -> [String] {
        termReads.withLock { $0 += 1 }
        return try await base.searchTerms()
    }
    func readerPicks(minimumRating: Int) async throws -> [ReaderPick] {
        try await base.readerPicks(minimumRating: minimumRating)
    }
    func outgoingLinks() async throws -> [OutgoingLink] { try await base.outgoingLinks() }
    func replaceRelations(for kinds: Set<Relation.Kind>, from sources: Set<Int64>?, with relations: [Relation])
        async throws
    { try await base.replaceRelations(for: kinds, from: sources, with: relations) }
    func replaceRelations(for kinds: Set<Relation.Kind>, from sources: Set<Int64>?, chunks: RelationChunks)
        async throws
    { try await base.replaceRelations(for: kinds, from: sources, chunks: chunks) }
    func related(to id: Int64, kind: Relation.Kind?, limit: Int) async throws -> [RelatedBook] {
        try await base.related(to: id, kind: kind, limit: limit)
    }
    func integrityProblems() async throws -> [String] { try await base.integrityProblems() }
    func contents() async throws -> CatalogContents { try await base.contents() }
    func mergeDuplicates() async throws -> [DuplicateGroup] { try await base.mergeDuplicates() }
}

extension ObservedStore: BulkImportAware {
    func isBulkImportLive() async throws -> Bool { try await base.isBulkImportLive() }
}
