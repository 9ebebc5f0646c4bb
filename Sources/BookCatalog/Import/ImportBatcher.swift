/// Writes an import's rows in batches of one transaction each, saving the checkpoint with every
/// batch, and keeps the summary — what every importer shares, whatever its file format. Each
/// batch is capped to ``FieldLimits`` on its way to the store, the cuts counted in the summary.
///
/// The input comes in *records* (a CSV row, a JSON line, a book's group of tag rows); a record's
/// rows always land in the same batch, so the checkpoint (records committed) never falls inside
/// one.
struct ImportBatcher {
    private let store: any BookStore
    private let batchSize: Int
    private let checkpointName: String?
    private var batch = ImportBatch()
    private var rowsInBatch = 0
    private var recordsInBatch = 0
    /// The batch's books' match keys from the reading task; `nil` once a record came without.
    private var matchKeys: [BookMatchKeys]? = []
    /// Records committed, counting those of the run this one resumes.
    private(set) var committedRecords: Int
    private(set) var summary: ImportSummary

    /// Starts a batcher; `committedRecords` is where a resumed import starts.
    init(store: any BookStore, batchSize: Int, checkpointName: String?, phase: String, committedRecords: Int = 0) {
        self.store = store
        self.batchSize = max(batchSize, 1)
        self.checkpointName = checkpointName
        self.committedRecords = committedRecords
        summary = ImportSummary(phase: phase, resumedAt: committedRecords > 0 ? committedRecords : nil)
    }

    /// Takes the rows of one record, which ends `bytesRead` bytes into an input of `totalBytes`
    /// (both 0 when unknown), with its books' match keys when they were computed ahead
    /// (``RecordReadAhead/Record/matchKeys``); returns whether a batch was committed.
    @discardableResult
    mutating func add(
        record rows: [ImportRow], matchKeys keys: [BookMatchKeys]? = nil, bytesRead: Int = 0, totalBytes: Int = 0
    ) async throws -> Bool {
        if let keys { matchKeys? += keys } else { matchKeys = nil }
        for row in rows {
            switch row {
            case .book(let book): batch.books.append(book)
            case .tags(let tags): batch.tags.append(tags)
            case .reading(let reading): batch.readings.append(reading)
            case .link(let link): batch.links.append(link)
            case .alias(let alias): batch.aliases.append(alias)
            case .relation(let relation): batch.relations.append(relation)
            case .skipped(let skipped): summary.skipped.append(skipped)
            }
            rowsInBatch += 1
        }
        recordsInBatch += 1
        guard rowsInBatch >= batchSize else { return false }
        try await commit(
            finished: false,
            recordsToFollow: Self.recordsToFollow(
                records: committedRecords + recordsInBatch, bytesRead: bytesRead, totalBytes: totalBytes))
        return true
    }

    /// The records left in the input at the rate of those read so far: `records` took
    /// `bytesRead` bytes of `totalBytes`. 0 when the sizes are unknown; capped, since a file
    /// of huge lines followed by tiny ones could otherwise claim anything.
    static func recordsToFollow(records: Int, bytesRead: Int, totalBytes: Int) -> Int {
        guard bytesRead > 0, totalBytes > bytesRead, records > 0 else { return 0 }
        let estimate = Double(totalBytes - bytesRead) * Double(records) / Double(bytesRead)
        return Int(min(estimate.rounded(.up), Double(maximumRecordsToFollow)))
    }

    /// The most records an estimate claims: more than any catalog Scout is sized for.
    static let maximumRecordsToFollow = 1 << 40

    /// Commits what is left, removes the checkpoint, and returns the summary.
    mutating func finish() async throws -> ImportSummary {
        try await commit(finished: true, recordsToFollow: 0)
        return summary
    }

    private mutating func commit(finished: Bool, recordsToFollow: Int) async throws {
        try Task.checkCancellation()
        let position = committedRecords + recordsInBatch
        batch.recordsToFollow = recordsToFollow
        batch.checkpoint = checkpointName.map { ImportCheckpoint(name: $0, position: finished ? nil : position) }
        summary.truncatedFields += batch.capFields()
        // After the cap, which changes the books: the keys were computed from books capped alike.
        if let matchKeys, matchKeys.count == batch.books.count { batch.matchKeys = matchKeys }
        let result = try await store.apply(batch)
        summary.imported += result.inserted
        summary.updated += result.updated
        summary.unchanged += result.unchanged
        summary.unmatched += result.unmatched
        summary.signals +=
            batch.tags.count + batch.readings.count + batch.links.count + batch.aliases.count
            + batch.relations.count - result.unmatched
        summary.restoredRelations += batch.relations.count
        summary.changedBooks.formUnion(result.touched)
        committedRecords = position
        batch = ImportBatch()
        matchKeys = []
        rowsInBatch = 0
        recordsInBatch = 0
    }
}
