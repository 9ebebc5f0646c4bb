import Foundation
import Postgres

/// Whether the temporary folder can hold an import-scale run, checked before it writes a byte:
/// at ten million books the run fills some 50–70 GB, and a disk filling up hours in gives a
/// failure that says nothing of the cause. Each store's catalog is deleted once measured, so the
/// run needs room for its files and the largest store.
enum ScaleDiskSpace {
    /// Bytes a book of the realistic generated catalog takes in the run's files (the JSON lines
    /// and tantivy's lines), measured at 100,000 books.
    static let filesBytesPerBook = 470
    /// Bytes a book's relations take as the CSV the relation loaders read
    /// (``RelationLoaderReference``), which lies beside Scout's catalog from its export until
    /// the loader has written it: 900,820,279 bytes for the 12,669,698 relations of a million books.
    static let relationRowsBytesPerBook = 900
    /// Bytes a book takes in the SQLite catalog with its relations, write-ahead log and search
    /// index file, measured at 100,000 books; ``usage(_:books:)`` prints the files' and
    /// SQLite's figure of every run, to keep these true.
    static let sqliteBytesPerBook = 4_800
    /// Bytes a book takes in Scout's PostgreSQL catalog (table, indexes, relations):
    /// `pg_database_size` measured 3,303 at 200,000 books (the run prints it,
    /// ``catalogUsage(_:store:books:)``). Scout's catalog is dropped before the bulk loader's
    /// is made, so the cluster holds one at a time.
    static let postgresBytesPerBook = 3_400
    /// What PostgreSQL's cluster holds beside the catalog, which does not grow with it: the
    /// write-ahead log (up to `max_wal_size`, 1 GB by default, and more while a checkpoint
    /// runs late) and the cluster's own files. The cluster `scripts/with-postgres.sh` makes
    /// lies in the same temporary folder.
    static let postgresClusterBytes = 3_000_000_000
    /// Room asked beyond the estimate: sizes vary with the build and what the run writes last.
    static let margin = 1.25

    /// Throws, saying how much is needed and what to do, unless the file system of `directory`
    /// has room for `count` books in `stores`.
    static func check(count: Int, stores: [BenchStore], in directory: URL) throws {
        let largest = stores.map { $0.name == "PostgreSQL" ? postgresBytesPerBook : sqliteBytesPerBook }.max() ?? 0
        let perBook = filesBytesPerBook + relationRowsBytesPerBook + largest
        let cluster = stores.contains { $0.name == "PostgreSQL" } ? postgresClusterBytes : 0
        let needed = Int(Double(count) * Double(perBook) * margin) + cluster
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
            + "(JSON lines, tantivy's lines and the SQLite catalog; PostgreSQL's cluster is elsewhere)."
    }

    /// Deletes `kind`'s catalog `name` once measured: SQLite's files under `directory` (the
    /// catalog, its write-ahead log, shared memory and search index file); PostgreSQL's
    /// database, closing the connections the store left open to it.
    static func removeCatalog(of kind: BenchStore, named name: String, in directory: URL) async throws {
        guard let admin = try await adminDatabase(for: kind) else {
            for file in catalogFiles(named: name, in: directory) { try? FileManager.default.removeItem(at: file) }
            return
        }
        _ = try await admin.execute(
            "DROP DATABASE IF EXISTS \(databaseName(kind.location(in: directory, name: name))) WITH (FORCE)")
    }

    /// The bytes `kind`'s catalog `name` takes on disk: SQLite's files, PostgreSQL's database
    /// (`pg_database_size`, its write-ahead log aside), to keep the estimates above true.
    static func catalogBytes(of kind: BenchStore, named name: String, in directory: URL) async throws -> Int {
        guard let admin = try await adminDatabase(for: kind) else {
            return catalogFiles(named: name, in: directory).reduce(0) { total, file in
                total + ((try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0)
            }
        }
        let database = databaseName(kind.location(in: directory, name: name))
        let sizes = try await admin.query("SELECT pg_database_size($1)", [.text(database)]) { try $0.int64(0) }
        return Int(sizes.first ?? 0)
    }

    /// The catalog's size as the run prints it, per book.
    static func catalogUsage(_ bytes: Int, store: String, books: Int) -> String {
        "Scout's \(store) catalog with its relations took \(gigabytes(bytes)), \(bytes / max(books, 1)) bytes a book"
            + (store == "PostgreSQL" ? " (pg_database_size; the write-ahead log aside)." : ".")
    }

    /// A connection to the server of a PostgreSQL store, as the superuser
    /// `SCOUT_BENCH_POSTGRES_URL` names; nil for SQLite.
    private static func adminDatabase(for kind: BenchStore) async throws -> PostgresDatabase? {
        guard kind.name == "PostgreSQL", let server = ProcessInfo.processInfo.environment["SCOUT_BENCH_POSTGRES_URL"]
        else { return nil }
        return try await PostgresDatabase(url: try PostgresURL(server))
    }

    /// The database a PostgreSQL catalog's URL names.
    static func databaseName(_ url: String) -> String {
        String(url.split(separator: "/").last?.split(separator: "?").first ?? "")
    }

    private static func catalogFiles(named name: String, in directory: URL) -> [URL] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasPrefix(name + ".") }.map { directory.appending(path: $0) }
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
