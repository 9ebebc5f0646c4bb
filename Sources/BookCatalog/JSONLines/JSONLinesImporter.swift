import Foundation

/// Imports Scout's JSON Lines format (one ``Book`` object per line, as ``JSONLinesExporter``
/// writes it) into a ``BookStore``, in batches of one transaction each.
///
/// Lines that are not a JSON object, lack `source`, `sourceID` or `title`, or have a field of
/// the wrong type are skipped and reported with their 1-based line numbers; blank lines are
/// ignored. The rest are upserted on (``Book/source``, ``Book/sourceID``), so importing the
/// same file twice leaves the same rows. A batch is committed whole or not at all.
///
/// ```swift
/// let importer = JSONLinesImporter(store: store)
/// let summary = try await importer.importBooks(from: URL(fileURLWithPath: "books.jsonl"))
/// print(summary.imported, summary.skipped.map(\.line))
/// ```
public struct JSONLinesImporter: Sendable {
    /// Where the books go, in batches of how many, timed on which clock, reported to whom.
    let runner: ImportRun

    /// Rows a transaction unless told otherwise, for JSON Lines, goodbooks-10k and `scout books import`:
    /// large enough that a commit (and the search index segment it writes) is paid for by
    /// thousands of books, small enough that a batch held twice (read ahead, being written) is
    /// a few megabytes.
    ///
    /// ```swift
    /// JSONLinesImporter.defaultBatchSize  // 1000
    /// ```
    public static let defaultBatchSize = 1000

    /// Makes an importer; `batchSize` is at least 1.
    ///
    /// ```swift
    /// let importer = JSONLinesImporter(store: store, batchSize: 500)
    /// ```
    public init(
        store: any BookStore, batchSize: Int = defaultBatchSize, clock: any Clock<Duration> = ContinuousClock(),
        progress: ImportProgressHandler? = nil
    ) {
        runner = ImportRun(store: store, batchSize: batchSize, clock: clock, progress: progress)
    }

    /// Imports the JSON Lines file at `url`. Throws ``BookCatalogError/unreadableFile(path:reason:)``
    /// and the store's error when a batch fails (earlier batches stay committed).
    ///
    /// ```swift
    /// let summary = try await importer.importBooks(from: url)
    /// ```
    public func importBooks(from url: URL) async throws -> ImportSummary {
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            throw BookCatalogError.unreadableFile(path: url.path, reason: error.localizedDescription)
        }
        return try await run(data, checkpointed: true)
    }

    /// Imports JSON Lines held in memory, such as an embedded asset; without a checkpoint, as
    /// there is no file to resume.
    ///
    /// ```swift
    /// let summary = try await importer.importBooks(from: Data(#"{"source":"m","sourceID":"1","title":"Dune"}"#.utf8))
    /// ```
    public func importBooks(from data: Data) async throws -> ImportSummary {
        try await run(data, checkpointed: false)
    }

    private func run(_ data: Data, checkpointed: Bool) async throws -> ImportSummary {
        let records = JSONLinesRecords(data: data)
        return try await runner.run(
            phase: "JSON Lines", checkpointName: checkpointed ? "jsonl \(ContentFingerprint.of(data))" : nil,
            records: records)
    }
}
