import Foundation

/// How far an import is, reported after every committed batch.
///
/// ```swift
/// let importer = GoodbooksImporter(store: store) { progress in
///     print(progress.phase, progress.fraction ?? 0, progress.records)
/// }
/// ```
public struct ImportProgress: Sendable, Hashable {
    /// What is being imported, such as `"books.csv"` or `"ratings.csv"`.
    public var phase: String
    /// Bytes of the input consumed so far.
    public var bytesRead: Int
    /// The size of the input in bytes.
    public var totalBytes: Int
    /// Records (rows or lines) committed or skipped so far, including those of an earlier,
    /// interrupted run that this one resumed.
    public var records: Int
    /// Time since this run started.
    public var elapsed: Duration
    /// Whether this is the phase's last report.
    public var isFinished: Bool

    /// Makes a report: `ImportProgress(phase: "books.csv", bytesRead: 10, totalBytes: 100, records: 3, elapsed: .seconds(1))`.
    public init(
        phase: String, bytesRead: Int, totalBytes: Int, records: Int, elapsed: Duration, isFinished: Bool = false
    ) {
        self.phase = phase
        self.bytesRead = bytesRead
        self.totalBytes = totalBytes
        self.records = records
        self.elapsed = elapsed
        self.isFinished = isFinished
    }

    /// The share of the input consumed, 0…1; `nil` for an empty input.
    public var fraction: Double? {
        totalBytes > 0 ? min(Double(bytesRead) / Double(totalBytes), 1) : nil
    }
}

/// Receives an import's progress reports; called on the importing task, so keep it quick.
public typealias ImportProgressHandler = @Sendable (ImportProgress) -> Void
