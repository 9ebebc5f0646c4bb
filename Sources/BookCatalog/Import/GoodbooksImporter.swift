import Foundation

/// Imports goodbooks-10k into a ``BookStore``: `books.csv`, and when given, the tags
/// (`tags.csv` + `book_tags.csv`), ratings (`ratings.csv`) and to-read shelves (`to_read.csv`)
/// that the "similar tags" and "also enjoyed" relations are built from.
///
/// Each file is one phase of batches, one transaction each, with a checkpoint saved in the same
/// transaction: an interrupted import leaves no half batch and, run again on the same file,
/// resumes after the last committed batch. Rows that cannot be mapped are skipped and reported
/// with their line numbers; everything is upserted, so importing twice changes nothing.
///
/// ```swift
/// let importer = GoodbooksImporter(store: store)
/// let summaries = try await importer.importFiles(GoodbooksFiles(books: booksURL, ratings: ratingsURL))
/// ```
public struct GoodbooksImporter: Sendable {
    /// Where the books go, in batches of how many, timed on which clock, reported to whom.
    let runner: ImportRun

    /// Makes an importer; `batchSize` is at least 1.
    ///
    /// ```swift
    /// let importer = GoodbooksImporter(store: store, batchSize: 500) { print($0.records) }
    /// ```
    public init(
        store: any BookStore, batchSize: Int = JSONLinesImporter.defaultBatchSize,
        clock: any Clock<Duration> = ContinuousClock(),
        progress: ImportProgressHandler? = nil
    ) {
        runner = ImportRun(store: store, batchSize: batchSize, clock: clock, progress: progress)
    }

    /// Imports `books.csv` at `url`. Throws ``BookCatalogError`` for an unreadable or malformed
    /// file and the store's error when a batch fails (earlier batches stay committed).
    ///
    /// ```swift
    /// let summary = try await importer.importBooks(from: url)
    /// ```
    public func importBooks(from url: URL) async throws -> ImportSummary {
        try await importBooks(from: try CSVReader(contentsOf: url))
    }

    /// Imports the `books.csv` that `reader` reads; the first record is the header.
    ///
    /// ```swift
    /// let summary = try await importer.importBooks(from: CSVReader(text: csv))
    /// ```
    public func importBooks(from reader: CSVReader) async throws -> ImportSummary {
        var reader = reader
        let name = "goodbooks books.csv \(reader.fingerprint)"
        guard let header = try reader.next() else {
            throw BookCatalogError.missingColumns(GoodbooksRow.requiredColumns)
        }
        let mapper = try GoodbooksRow(header: header.fields)
        let records = CSVRecords(reader: reader) { [mapper.book(from: $0)] }
        return try await runner.run(phase: "books.csv", checkpointName: name, records: records)
    }

    /// Imports every file of `files`, books first; returns one summary per file, in order.
    ///
    /// ```swift
    /// let summaries = try await importer.importFiles(GoodbooksFiles(books: books, tags: tags, bookTags: bookTags))
    /// ```
    public func importFiles(_ files: GoodbooksFiles) async throws -> [ImportSummary] {
        let books = try CSVReader(contentsOf: files.books)
        var summaries = [try await importBooks(from: books)]
        if let tags = files.tags, let bookTags = files.bookTags {
            let names = try GoodbooksSignals.tagNames(from: try CSVReader(contentsOf: tags))
            let reader = try CSVReader(contentsOf: bookTags)
            let records = try GoodbooksSignals.bookTagRecords(from: reader, names: names)
            summaries.append(
                try await runner.run(
                    phase: "book_tags.csv", checkpointName: "goodbooks book_tags.csv \(reader.fingerprint)",
                    records: records))
        }
        guard files.ratings != nil || files.toRead != nil else { return summaries }
        let ids = try GoodbooksSignals.goodreadsIDs(from: books)
        for (file, phase) in [(files.ratings, "ratings.csv"), (files.toRead, "to_read.csv")] {
            guard let file else { continue }
            let reader = try CSVReader(contentsOf: file)
            let records = try GoodbooksSignals.readingRecords(
                from: reader, goodreadsIDs: ids, shelf: phase == "to_read.csv")
            summaries.append(
                try await runner.run(
                    phase: phase, checkpointName: "goodbooks \(phase) \(reader.fingerprint)", records: records))
        }
        return summaries
    }
}

/// The files of a goodbooks-10k import; all but `books` are optional, and `tags` and
/// `bookTags` go together.
///
/// ```swift
/// GoodbooksFiles(books: dir.appending(path: "books.csv"), ratings: dir.appending(path: "ratings.csv"))
/// ```
public struct GoodbooksFiles: Sendable, Hashable {
    /// `books.csv`.
    public var books: URL
    /// `tags.csv`: tag ids to names.
    public var tags: URL?
    /// `book_tags.csv`: (goodreads_book_id, tag_id, count).
    public var bookTags: URL?
    /// `ratings.csv`: (user_id, book_id, rating).
    public var ratings: URL?
    /// `to_read.csv`: (user_id, book_id).
    public var toRead: URL?

    /// Names the files: `GoodbooksFiles(books: url)`.
    public init(books: URL, tags: URL? = nil, bookTags: URL? = nil, ratings: URL? = nil, toRead: URL? = nil) {
        self.books = books
        self.tags = tags
        self.bookTags = bookTags
        self.ratings = ratings
        self.toRead = toRead
    }
}
