import Foundation

/// Imports goodbooks-10k `books.csv` into a ``BookStore``, in batches of one transaction each.
///
/// Rows that cannot be mapped (empty title, bad numbers, wrong field count) are skipped and
/// reported with their line numbers; the rest are upserted, so importing the same file twice
/// leaves the same rows. A batch is committed whole or not at all.
///
/// ```swift
/// let importer = GoodbooksImporter(store: store)
/// let summary = try await importer.importBooks(from: URL(fileURLWithPath: "books.csv"))
/// print(summary.imported, summary.skipped.map(\.line))
/// ```
public struct GoodbooksImporter: Sendable {
    /// The store the books go to.
    public let store: any BookStore
    /// How many books each transaction writes.
    public let batchSize: Int
    /// The clock that times the import.
    public let clock: any Clock<Duration>

    /// Makes an importer; `batchSize` is at least 1.
    ///
    /// ```swift
    /// let importer = GoodbooksImporter(store: store, batchSize: 500)
    /// ```
    public init(store: any BookStore, batchSize: Int = 1000, clock: any Clock<Duration> = ContinuousClock()) {
        self.store = store
        self.batchSize = max(batchSize, 1)
        self.clock = clock
    }

    /// Imports the CSV file at `url`. Throws ``BookCatalogError`` for an unreadable or malformed
    /// file and the store's error when a batch fails (earlier batches stay committed).
    ///
    /// ```swift
    /// let summary = try await importer.importBooks(from: url)
    /// ```
    public func importBooks(from url: URL) async throws -> ImportSummary {
        try await importBooks(from: try CSVReader(contentsOf: url))
    }

    /// Imports the CSV that `reader` reads; the first record is the header.
    ///
    /// ```swift
    /// let summary = try await importer.importBooks(from: CSVReader(text: csv))
    /// ```
    public func importBooks(from reader: CSVReader) async throws -> ImportSummary {
        try await ImportSummary.timed(on: clock) {
            var reader = reader
            guard let header = try reader.next() else {
                throw BookCatalogError.missingColumns(GoodbooksRow.requiredColumns)
            }
            let mapper = try GoodbooksRow(header: header.fields)
            var batcher = ImportBatcher(store: store, batchSize: batchSize)
            while let record = try reader.next() { try await batcher.add(mapper.book(from: record)) }
            return try await batcher.finish()
        }
    }
}
