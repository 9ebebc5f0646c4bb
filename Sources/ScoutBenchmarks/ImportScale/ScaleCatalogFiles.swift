import BookCatalog
import Foundation

/// The generated catalog of an import-scale run written twice in a temporary folder: as Scout's
/// JSON Lines (what `scout books import jsonl` reads) and as tantivy's catalog lines, one batch of
/// books at a time so even ten million books never sit in memory at once: only an even sample
/// of them is kept, to make the search queries from.
struct ScaleCatalogFiles {
    /// Books of the sample at most: enough for ~2,000 queries, small at any catalog size.
    static let sampleSize = 20_000

    let directory: URL
    let jsonLines: URL
    let tantivy: TantivyRunner
    /// A title of the catalog and its source id, to check that a store finds it once imported.
    let probe: (title: String, sourceID: String)
    /// Every (count / ``sampleSize``)th book, up to ``sampleSize`` of them.
    let sample: [Book]
    /// Rows a transaction: `SCOUT_BENCH_IMPORT_BATCH`, else what `scout books import` uses.
    var batchSize = JSONLinesImporter.defaultBatchSize

    /// Writes `count` generated books (``GeneratedCatalog``, realistic shape, seed 37) under
    /// `directory`, tantivy's as `tantivyName`'s catalog.
    static func write(count: Int, in directory: URL, tantivyName: String = "import-scale") async throws
        -> ScaleCatalogFiles
    {
        let jsonLines = directory.appending(path: "catalog.jsonl")
        let tantivy = try TantivyRunner.make(directory: directory, name: tantivyName)
        var probe: (title: String, sourceID: String)?
        var sample: [Book] = []
        let every = max(count / Self.sampleSize, 1)
        var written = 0
        try await GeneratedCatalog.writeJSONLines(count: count, seed: 37, shape: .realistic, to: jsonLines) { books in
            for book in books {
                if written % every == 0, sample.count < Self.sampleSize { sample.append(book) }
                written += 1
            }
            try tantivy.write(books)
            // The last book written: found only once the whole file is in.
            if let last = books.last { probe = (last.title, last.sourceID) }
        }
        guard let probe else {
            throw BenchmarkFailure("the import-scale catalog came out empty; ask for 1 book or more")
        }
        var files = ScaleCatalogFiles(
            directory: directory, jsonLines: jsonLines, tantivy: tantivy, probe: probe, sample: sample)
        if let text = ProcessInfo.processInfo.environment["SCOUT_BENCH_IMPORT_BATCH"] {
            guard let size = Int(text), (1...100_000).contains(size) else {
                throw BenchmarkFailure("SCOUT_BENCH_IMPORT_BATCH=\(text) is not a batch size; use 1 to 100000")
            }
            files.batchSize = size
        }
        return files
    }
}
