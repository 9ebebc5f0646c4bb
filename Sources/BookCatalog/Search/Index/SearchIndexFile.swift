import Foundation

/// Where a catalog's ``CandidateIndex`` is kept between runs, so a server maps it at start
/// instead of reading every book back out of the store: for a SQLite catalog the file beside it,
/// named after it with `.search-index` added (`books.sqlite.search-index`).
///
/// The file is written whole, then renamed over the old one, after an import and whenever search
/// had to build the index from the store; it is mapped read-only and shared, so every process
/// on a host that serves the catalog holds its pages once. A file of another generation than
/// the catalog's, or one damaged or of another version, is never used: the reason is reported,
/// the index is built from the store as without a file, and the file written again. Deleting it
/// is always safe.
///
/// ```swift
/// let file = SearchIndexFile(path: "/var/lib/scout/books.sqlite.search-index")
/// let index = try? file.load(generation: try await store.generation()).get()
/// ```
public struct SearchIndexFile: Sendable {
    /// The file's path.
    public let path: String
    /// Where problems with the file are told (standard error by default): a damaged or
    /// unwritable file costs a rebuild at each start, which an operator should hear of.
    let report: @Sendable (String) -> Void

    /// The largest file mapped (16 GiB): past it, the catalog is too large for the index anyway.
    static let maximumSize = 1 << 34

    public init(path: String, report: @escaping @Sendable (String) -> Void = SearchIndexFile.reportToStandardError) {
        self.path = path
        self.report = report
    }

    /// The file beside the SQLite catalog at `databasePath`; nil for one in memory, and for a
    /// database URL (a PostgreSQL catalog has no folder of its own here).
    ///
    /// ```swift
    /// SearchIndexFile(besideDatabase: "/srv/books.sqlite")?.path   // "/srv/books.sqlite.search-index"
    /// ```
    public init?(besideDatabase databasePath: String) {
        guard !databasePath.isEmpty, databasePath != ":memory:", !databasePath.hasPrefix("file:"),
            !databasePath.contains("://")
        else { return nil }
        self.init(path: databasePath + ".search-index")
    }

    /// The index in the file, mapped, when it is of `generation`; else why not.
    public func load(generation: Int64) -> Result<CandidateIndex, IndexFileProblem> {
        IndexBytes.map(path: path, maximumSize: Self.maximumSize).flatMap { storage in
            do throws(IndexFileProblem) {
                let header = try CandidateIndex.Header(of: storage.bytes)
                guard header.generation == generation else {
                    return .failure(.stale(file: header.generation, catalog: generation))
                }
                return .success(CandidateIndex(storage: storage, header: header))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Writes `index` to the file (a temporary file beside it, renamed over it, so a reader
    /// never sees half of one), then maps it: the index to keep, whose pages the processes on
    /// this host share. On failure, reports why and returns `index` as it was.
    public func store(_ index: CandidateIndex) -> CandidateIndex {
        do {
            let bytes = index.storage.bytes
            let data = Data(
                bytesNoCopy: UnsafeMutableRawPointer(mutating: bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 8)!),
                count: bytes.count, deallocator: .none)
            try withExtendedLifetime(index) { try data.write(to: URL(fileURLWithPath: path), options: .atomic) }
        } catch {
            report(
                "scout: could not write the search index file \(path): \(error.localizedDescription); it is built again at the next start."
            )
            return index
        }
        switch load(generation: index.generation) {
        case .success(let mapped): return mapped
        case .failure(let problem):
            report("scout: \(problem) (\(path)); search keeps the index in memory.")
            return index
        }
    }

    /// Loads the index of `generation` from the file or, when that fails (reporting why unless
    /// there is no file yet), builds it with `build` and stores it. `bookCount` tells how many
    /// books the catalog holds: a file of another count was made for another catalog (one
    /// restored from a backup, or made again at the same path) that reached the same generation.
    public func loadOrBuild(
        generation: Int64, bookCount: () async throws -> Int, _ build: () async throws -> CandidateIndex
    ) async rethrows -> CandidateIndex {
        var problem: IndexFileProblem
        switch load(generation: generation) {
        case .success(let index):
            let books = try await bookCount()
            if index.count == books { return index }
            problem = .otherCatalog(file: index.count, catalog: books)
        case .failure(let failure): problem = failure
        }
        if problem != .missing { report("scout: \(problem) (\(path)); rebuilding it from the catalog.") }
        return store(try await build())
    }

    /// Writes `message` to standard error.
    public static let reportToStandardError: @Sendable (String) -> Void = { message in
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
