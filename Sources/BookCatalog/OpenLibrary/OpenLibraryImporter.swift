import Foundation

/// Imports Open Library's published dumps (`ol_dump_authors_latest.txt.gz`,
/// `ol_dump_works_latest.txt.gz`, `ol_dump_editions_latest.txt.gz`, or the one all-types dump)
/// into a ``BookStore``: each work becomes a book keyed by its work key (`openlibrary`,
/// `/works/OL45883W`), with its authors' names, its subjects as tags, its first publication
/// year, its cover, and what its editions add (an ISBN-13 and ISBN-10, a language, series).
///
/// The files come in any order, plain or gzipped (told by their bytes), and are read in three
/// streaming passes, because a work names its authors by key and its editions name it: first
/// every author's name and every redirect and deletion (``OpenLibraryIndex``), then every
/// edition, folded into a small ``EditionSummary`` per work, then the works, written in batches
/// through ``ImportRun`` — one transaction each, upserted on the work key, matched to the books
/// other sources gave (``BookMatcher``), with the checkpoint of the last pass saved in the same
/// transaction. Memory grows with the author and work keys, never with the dump's size: no pass
/// holds more than a line (at most `maxLineBytes`; a longer one is reported and skipped as it
/// streams past) and the summaries. The first two passes write nothing, so a resumed import
/// reads them again and then skips the works already committed.
///
/// Bad lines are skipped and reported with their file and line. Redirected and deleted works do
/// not become books, and a book an earlier dump made of one is deleted (``BookStore/retire(keys:)``;
/// kept, without the key, when another source also names it); an edition of a redirected work
/// counts for the work it now is.
///
/// ```swift
/// let importer = OpenLibraryImporter(store: store)
/// let summary = try await importer.importDump([authors, works, editions])
/// print(summary.imported, summary.skipped.count)
/// ```
public struct OpenLibraryImporter: Sendable {
    /// Where the books go, in batches of how many, timed on which clock, reported to whom.
    let runner: ImportRun
    /// The longest line read; a longer one is reported and skipped.
    let maxLineBytes: Int

    /// The longest dump line read by default: Open Library's longest records (editions with long
    /// tables of contents) stay well below it.
    public static let defaultMaxLineBytes = 4 << 20
    /// The most files one import reads.
    public static let maxFiles = 64

    /// Makes an importer; `batchSize` and `maxLineBytes` are at least 1.
    ///
    /// ```swift
    /// let importer = OpenLibraryImporter(store: store, batchSize: 2000) { print($0.phase, $0.records) }
    /// ```
    public init(
        store: any BookStore, batchSize: Int = 1000, clock: any Clock<Duration> = ContinuousClock(),
        progress: ImportProgressHandler? = nil, maxLineBytes: Int = OpenLibraryImporter.defaultMaxLineBytes
    ) {
        runner = ImportRun(store: store, batchSize: batchSize, clock: clock, progress: progress)
        self.maxLineBytes = max(maxLineBytes, 1)
    }

    /// Imports the dump `files`, in any order. Throws ``BookCatalogError`` for a file that cannot
    /// be read or is corrupt (a gzip file cut short), and the store's error when a batch fails
    /// (earlier batches stay committed; running it again resumes after them).
    ///
    /// ```swift
    /// let summary = try await importer.importDump([URL(fileURLWithPath: "ol_dump_works_latest.txt.gz")])
    /// ```
    public func importDump(_ files: [URL]) async throws -> ImportSummary {
        guard (1...Self.maxFiles).contains(files.count) else {
            throw BookCatalogError.unreadableFile(
                path: files.first?.path ?? "", reason: "an import reads 1 to \(Self.maxFiles) dump files")
        }
        let fingerprints = try files.map(DumpFingerprint.of)
        let names = files.map(\.lastPathComponent)
        let skips = DumpSkips()
        let elapsed = Self.stopwatch(runner.clock)
        func scan(_ phase: String, _ chosen: [Int]) -> DumpScan {
            DumpScan(
                files: chosen.map { files[$0] }, maxLineBytes: maxLineBytes, phase: phase, progress: runner.progress,
                elapsed: elapsed)
        }
        let index = try OpenLibraryIndex.read(
            scan("Open Library authors", Array(files.indices)), names: names, skips: skips)
        let holding = { (type: OpenLibraryRecordType) in files.indices.filter { index.types[$0].contains(type) } }
        let withEditions = holding(.edition)
        let editions = try index.editions(
            scan("Open Library editions", withEditions), names: withEditions.map { names[$0] }, skips: skips)
        // Before the works: a resumed import retires again (nothing changes) and goes on from
        // its checkpoint, rather than finding its checkpoint gone with the retiring undone.
        let removed = try await retire(index.retiredWorks)
        let withWorks = holding(.work)
        let records = try OpenLibraryWorkRecords(
            files: withWorks.map { files[$0] }, names: withWorks.map { names[$0] }, maxLineBytes: maxLineBytes,
            index: index, editions: editions, skips: skips)
        var summary = try await runner.run(
            phase: "Open Library works", checkpointName: "openlibrary " + fingerprints.joined(separator: " "),
            records: records)
        summary.skipped = skips.all(in: names)
        summary.removed = removed
        summary.elapsed = elapsed()
        return summary
    }

    /// Deletes the books of `works` (by number) that no other source names, a thousand keys a
    /// transaction; returns how many it deleted.
    private func retire(_ works: Set<Int>) async throws -> Int {
        var removed = 0
        let keys = works.sorted().map {
            BookKey(source: OpenLibraryWork.source, sourceID: OpenLibraryKey(kind: .work, number: $0).description)
        }
        for start in stride(from: 0, to: keys.count, by: 1000) {
            try Task.checkCancellation()
            removed += try await runner.store.retire(keys: Array(keys[start..<min(start + 1000, keys.count)])).count
        }
        return removed
    }

    /// Time since now, on `clock`.
    private static func stopwatch(_ clock: some Clock<Duration>) -> () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }
}
