/// Writes the books of an import in batches of one transaction each and keeps its summary —
/// what every importer shares, whatever its file format.
struct ImportBatcher {
    private let store: any BookStore
    private let batchSize: Int
    private var batch: [Book] = []
    private(set) var summary = ImportSummary(imported: 0, updated: 0, unchanged: 0, skipped: [], elapsed: .zero)

    init(store: any BookStore, batchSize: Int) {
        self.store = store
        self.batchSize = max(batchSize, 1)
        batch.reserveCapacity(self.batchSize)
    }

    /// Takes one row; writes a batch when it is full.
    mutating func add(_ row: ImportRow) async throws {
        switch row {
        case .book(let book): batch.append(book)
        case .skipped(let skipped): summary.skipped.append(skipped)
        }
        if batch.count >= batchSize { try await flush() }
    }

    /// Writes what is left and returns the summary.
    mutating func finish() async throws -> ImportSummary {
        try await flush()
        return summary
    }

    private mutating func flush() async throws {
        guard !batch.isEmpty else { return }
        try Task.checkCancellation()
        let result = try await store.upsert(batch)
        summary.imported += result.inserted
        summary.updated += result.updated
        summary.unchanged += result.unchanged
        batch.removeAll(keepingCapacity: true)
    }
}

extension ImportSummary {
    /// Runs an import and stamps its summary with how long it took on `clock`.
    static func timed(
        on clock: any Clock<Duration>, _ body: () async throws -> ImportSummary
    ) async throws -> ImportSummary {
        var summary: ImportSummary?
        let elapsed = try await clock.measure { summary = try await body() }
        var result = summary ?? ImportSummary(imported: 0, updated: 0, unchanged: 0, skipped: [], elapsed: .zero)
        result.elapsed = elapsed
        return result
    }
}
