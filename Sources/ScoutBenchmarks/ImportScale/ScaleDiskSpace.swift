import Foundation

/// Whether the temporary folder can hold an import-scale run, checked before it writes a byte:
/// at ten million books the run fills tens of GB, and a disk filling up hours in gives a
/// failure that says nothing of the cause.
enum ScaleDiskSpace {
    /// Bytes a book of the realistic generated catalog takes in the run's folder (the JSON
    /// lines, tantivy's lines, the SQLite catalog with its relations), measured at 100,000
    /// books; ``usage(of:books:)`` prints the figure of every run, to keep this one true.
    static let folderBytesPerBook = 2_000
    /// Bytes a book takes in PostgreSQL's database (table, indexes, relations, write-ahead log),
    /// measured at 100,000 books, in the cluster `scripts/with-postgres.sh` makes in the same
    /// temporary folder.
    static let postgresBytesPerBook = 2_000
    /// Room asked beyond the estimate: sizes vary with the build and what the run writes last.
    static let margin = 1.25

    /// Throws, saying how much is needed and what to do, unless the file system of `directory`
    /// has room for `count` books in `stores`.
    static func check(count: Int, stores: [BenchStore], in directory: URL) throws {
        let perBook = folderBytesPerBook + (stores.contains { $0.name == "PostgreSQL" } ? postgresBytesPerBook : 0)
        let needed = Int(Double(count) * Double(perBook) * margin)
        guard let free = freeBytes(at: directory), free < needed else { return }
        throw BenchmarkFailure(
            "import-scale needs about \(gigabytes(needed)) free for \(count) books (~\(perBook) bytes a book: "
                + "JSON lines, tantivy's lines, the catalog and relations of \(stores.map(\.name).joined(separator: " and "))), "
                + "but \(directory.deletingLastPathComponent().path) has \(gigabytes(free)) free. Free some space, set "
                + "TMPDIR to a larger disk, or ask for fewer books (SCOUT_BENCH_IMPORT_BOOKS).")
    }

    /// What the run's folder holds once imported, a book: the figure ``folderBytesPerBook`` is.
    static func usage(of directory: URL, books: Int) -> String {
        let bytes = folderBytes(directory)
        return "The run's folder holds \(gigabytes(bytes)) after the imports: \(bytes / max(books, 1)) bytes a book "
            + "(JSON lines, tantivy's lines, the SQLite catalog; PostgreSQL's cluster is elsewhere).\n"
    }

    static func freeBytes(at directory: URL) -> Int? {
        let attributes = try? FileManager.default.attributesOfFileSystem(forPath: directory.path)
        return (attributes?[.systemFreeSize] as? NSNumber)?.intValue
    }

    /// The sizes of the regular files under `directory` (a run's few files, not a tree to bound).
    private static func folderBytes(_ directory: URL) -> Int {
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.fileSizeKey])
        var total = 0
        while let url = files?.nextObject() as? URL {
            total += (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
        }
        return total
    }

    private static func gigabytes(_ bytes: Int) -> String { String(format: "%.1f GB", Double(bytes) / 1e9) }
}
