import Foundation

/// Imports a Goodreads library export (the CSV members download from their account) into a
/// ``BookStore``: the books, and the member's ratings and to-read shelf as readings of
/// `reader`, which feed the "also enjoyed" relation. Same batching, checkpoints, resumption and
/// skipped-row reporting as ``GoodbooksImporter``.
///
/// ```swift
/// let importer = GoodreadsExportImporter(store: store)
/// let summary = try await importer.importExport(from: URL(fileURLWithPath: "goodreads_library_export.csv"))
/// ```
public struct GoodreadsExportImporter: Sendable {
    /// Whose readings these are: stored as `goodreads:<reader>`.
    public let reader: String
    /// Where the books go, in batches of how many, timed on which clock, reported to whom.
    let runner: ImportRun

    /// Makes an importer: `GoodreadsExportImporter(store: store, reader: "ada")`.
    public init(
        store: any BookStore, reader: String = "me", batchSize: Int = 500,
        clock: any Clock<Duration> = ContinuousClock(), progress: ImportProgressHandler? = nil
    ) {
        self.reader = reader
        runner = ImportRun(store: store, batchSize: batchSize, clock: clock, progress: progress)
    }

    /// Imports the export at `url`. Throws ``BookCatalogError`` for an unreadable file or one
    /// that is not a Goodreads export, and the store's error when a batch fails.
    ///
    /// ```swift
    /// let summary = try await importer.importExport(from: url)
    /// ```
    public func importExport(from url: URL) async throws -> ImportSummary {
        var reader = try CSVReader(contentsOf: url)
        let name = "goodreads export \(self.reader) \(reader.fingerprint)"
        guard let header = try reader.next() else {
            throw BookCatalogError.missingColumns(GoodreadsExportRow.requiredColumns)
        }
        let mapper = try GoodreadsExportRow(header: header.fields, reader: "goodreads:\(self.reader)")
        let known = try await catalogued(in: reader, mapper: mapper)
        let records = CSVRecords(reader: reader) { record in
            let existing = mapper.goodreadsID(of: record).flatMap { known[$0] }
            return mapper.rows(from: record, existing: existing)
        }
        return try await runner.run(phase: url.lastPathComponent, checkpointName: name, records: records)
    }

    /// The export's Goodreads ids that goodbooks-10k already put in the catalog, with their keys.
    private func catalogued(in reader: CSVReader, mapper: GoodreadsExportRow) async throws -> [String: BookKey] {
        var reader = reader
        var known: [String: BookKey] = [:]
        while let record = try reader.next() {
            guard let id = mapper.goodreadsID(of: record) else { continue }
            let key = BookKey(source: GoodbooksRow.source, sourceID: id)
            if try await runner.store.book(key: key) != nil { known[id] = key }
        }
        return known
    }
}
