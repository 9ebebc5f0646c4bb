/// A source of import records: each call gives the rows of the next record (a CSV row, a JSON
/// line, a book's group of tag rows), or `nil` at the end.
protocol ImportRecords {
    /// The rows of the next record, or `nil` at the end.
    mutating func next() throws -> [ImportRow]?
    /// Bytes of the input consumed so far.
    var bytesRead: Int { get }
    /// The size of the input in bytes.
    var totalBytes: Int { get }
}

/// Runs one phase of an import: resumes after its checkpoint, commits batches through an
/// ``ImportBatcher``, reports progress after each batch, and times the whole.
struct ImportRun {
    let store: any BookStore
    let batchSize: Int
    let clock: any Clock<Duration>
    let progress: ImportProgressHandler?

    /// Imports `records` as `phase`; `checkpointName` `nil` imports without a checkpoint (for
    /// input that is not a file, such as the embedded starter catalog).
    func run(phase: String, checkpointName: String?, records: some ImportRecords) async throws -> ImportSummary {
        try await run(phase: phase, checkpointName: checkpointName, records: records, clock: clock)
    }

    private func run<C: Clock<Duration>>(
        phase: String, checkpointName: String?, records: some ImportRecords, clock: C
    ) async throws -> ImportSummary {
        let start = clock.now
        var resumeAt = 0
        if let checkpointName { resumeAt = try await store.checkpoint(named: checkpointName)?.position ?? 0 }
        let reader = RecordReadAhead(records)
        let passed = try reader.skip(resumeAt)
        var batcher = ImportBatcher(
            store: store, batchSize: batchSize, checkpointName: checkpointName, phase: phase,
            committedRecords: passed)
        var bytesRead = 0
        func report(finished: Bool) {
            progress?(
                ImportProgress(
                    phase: phase, bytesRead: bytesRead, totalBytes: reader.totalBytes,
                    records: batcher.committedRecords, elapsed: start.duration(to: clock.now), isFinished: finished))
        }
        var chunk = try reader.chunk(rows: batchSize)
        while !chunk.isEmpty {
            // The next chunk is parsed while this one is written; an error either way cancels
            // and awaits the other before it leaves the loop.
            async let next = reader.chunk(rows: batchSize)
            for record in chunk {
                bytesRead = record.bytesRead
                let committed = try await batcher.add(
                    record: record.rows, matchKeys: record.matchKeys, bytesRead: record.bytesRead,
                    totalBytes: reader.totalBytes)
                if committed { report(finished: false) }
            }
            chunk = try await next
        }
        var summary = try await batcher.finish()
        bytesRead = reader.bytesRead
        summary.elapsed = start.duration(to: clock.now)
        report(finished: true)
        return summary
    }
}

/// The records of a CSV file after its header, each mapped to rows by `map`.
struct CSVRecords: ImportRecords {
    var reader: CSVReader
    let map: (CSVRecord) -> [ImportRow]

    mutating func next() throws -> [ImportRow]? {
        try reader.next().map(map)
    }

    var bytesRead: Int { reader.bytesRead }
    var totalBytes: Int { reader.byteCount }
}
