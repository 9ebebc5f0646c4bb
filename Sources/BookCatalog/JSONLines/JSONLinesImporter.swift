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
    /// The store the books go to.
    public let store: any BookStore
    /// How many books each transaction writes.
    public let batchSize: Int
    /// The clock that times the import.
    public let clock: any Clock<Duration>

    /// Makes an importer; `batchSize` is at least 1.
    ///
    /// ```swift
    /// let importer = JSONLinesImporter(store: store, batchSize: 500)
    /// ```
    public init(store: any BookStore, batchSize: Int = 1000, clock: any Clock<Duration> = ContinuousClock()) {
        self.store = store
        self.batchSize = max(batchSize, 1)
        self.clock = clock
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
        return try await importBooks(from: data)
    }

    /// Imports JSON Lines held in memory, such as an embedded asset.
    ///
    /// ```swift
    /// let summary = try await importer.importBooks(from: Data(#"{"source":"m","sourceID":"1","title":"Dune"}"#.utf8))
    /// ```
    public func importBooks(from data: Data) async throws -> ImportSummary {
        try await ImportSummary.timed(on: clock) {
            var batcher = ImportBatcher(store: store, batchSize: batchSize)
            let decoder = JSONDecoder()
            for (offset, line) in Self.lines(of: data).enumerated() where !Self.isBlank(line) {
                try await batcher.add(JSONLinesRecord.decode(line, line: offset + 1, decoder: decoder))
            }
            return try await batcher.finish()
        }
    }

    /// The lines of `data`, split on LF with a trailing CR and a leading UTF-8 byte order mark
    /// removed; a final newline does not start another line.
    static func lines(of data: Data) -> [Data] {
        var body = data[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        var lines = body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { line in
            Data(line.last == UInt8(ascii: "\r") ? line.dropLast() : line)
        }
    }

    private static func isBlank(_ line: Data) -> Bool {
        line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }
}
