import Foundation

/// Whether the temporary folder can hold an import-scale run, checked before it writes a byte:
/// at ten million books the run fills a hundred GB, and a disk filling up hours in gives a
/// failure that says nothing of the cause. Each store's catalog is deleted once measured, so the
/// run needs room for its files and the largest store.
enum ScaleDiskSpace {
    /// Bytes a book of the realistic generated catalog takes in the run's files (the JSON lines
    /// and tantivy's lines), measured at 100,000 books.
    static let filesBytesPerBook = 470
    /// Bytes a book takes in the SQLite catalog with its relations, write-ahead log and search
    /// index file, measured at 100,000 books; ``usage(_:books:)`` prints the files' and
    /// SQLite's figure of every run, to keep these true.
    static let sqliteBytesPerBook = 4_800
    /// Bytes a book takes in PostgreSQL's cluster (table, indexes, relations), in the cluster
    /// `scripts/with-postgres.sh` makes in the same temporary folder: at 100,000 books it peaked
    /// at 1.6 GB, up to 1 GB of it the write-ahead log, which does not grow with the catalog.
    static let postgresBytesPerBook = 6_000
    /// Room asked beyond the estimate: sizes vary with the build and what the run writes last.
    static let margin = 1.25

    /// Throws, saying how much is needed and what to do, unless the file system of `directory`
    /// has room for `count` books in `stores`.
    static func check(count: Int, stores: [BenchStore], in directory: URL) throws {
        let largest = stores.map { $0.name == "PostgreSQL" ? postgresBytesPerBook : sqliteBytesPerBook }.max() ?? 0
        let perBook = filesBytesPerBook + largest
        let needed = Int(Double(count) * Double(perBook) * margin)
        guard let free = freeBytes(at: directory), free < needed else { return }
        throw BenchmarkFailure(
            "import-scale needs about \(gigabytes(needed)) free for \(count) books (~\(perBook) bytes a book: "
                + "JSON lines, tantivy's lines, then the catalog and relations of "
                + "\(stores.map(\.name).joined(separator: ", then ")), each deleted once measured), "
                + "but \(directory.deletingLastPathComponent().path) has \(gigabytes(free)) free. Free some space, set "
                + "TMPDIR to a larger disk, or ask for fewer books (SCOUT_BENCH_IMPORT_BOOKS).")
    }

    /// The most the run's folder held, `bytes`, a book: the files' and SQLite's figure.
    static func usage(_ bytes: Int, books: Int) -> String {
        "The run's folder held at most \(gigabytes(bytes)), \(bytes / max(books, 1)) bytes a book "
            + "(JSON lines, tantivy's lines and the SQLite catalog; PostgreSQL's cluster is elsewhere).\n"
    }

    /// Deletes the SQLite catalog `name` (and its write-ahead log, shared memory and search
    /// index file) from `directory`; a PostgreSQL catalog has none there.
    static func removeCatalog(named name: String, in directory: URL) {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for file in files where file.hasPrefix(name + ".") {
            try? FileManager.default.removeItem(at: directory.appending(path: file))
        }
    }

    static func freeBytes(at directory: URL) -> Int? {
        let attributes = try? FileManager.default.attributesOfFileSystem(forPath: directory.path)
        return (attributes?[.systemFreeSize] as? NSNumber)?.intValue
    }

    /// The sizes of the regular files under `directory` (a run's few files, not a tree to bound).
    static func folderBytes(_ directory: URL) -> Int {
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.fileSizeKey])
        var total = 0
        while let url = files?.nextObject() as? URL {
            total += (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
        }
        return total
    }

    private static func gigabytes(_ bytes: Int) -> String { String(format: "%.1f GB", Double(bytes) / 1e9) }
}
