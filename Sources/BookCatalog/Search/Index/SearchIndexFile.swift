import Foundation

/// Where a catalog's ``CandidateIndex`` is kept between runs, so a server maps it at start
/// instead of reading every book back out of the store: for a SQLite catalog the file beside it,
/// named after it with `.search-index` added (`books.sqlite.search-index`); for a PostgreSQL
/// catalog a file in a folder of the host's (`$XDG_CACHE_HOME/scout/search-index`), named after
/// the identity the catalog keeps in its database (``init(directory:catalogIdentity:)``), which
/// the file records and is checked against, so a file is never used for another database.
///
/// The file is written whole, then renamed over the old one, after an import and whenever search
/// had to build the index from the store; it is mapped read-only and shared, so every process
/// on a host that serves the catalog holds its pages once. A file of another generation than
/// the catalog's, or one damaged or of another version, is never used: the reason is reported,
/// the index is built from the store as without a file, and the file written again. (Except an
/// older one while a bulk import is live, held with every hit checked: ``loadHeld(after:for:)``.)
/// Deleting it is always safe.
///
/// ```swift
/// let file = SearchIndexFile(path: "/var/lib/scout/books.sqlite.search-index")
/// let index = try? file.load(generation: try await store.generation()).get()
/// ```
public struct SearchIndexFile: Sendable {
    /// The file's path.
    public let path: String
    /// The identity of the catalog the file is for, recorded in it and checked on load: 0 for a
    /// SQLite catalog (its file lies beside it), the identity its database keeps for a
    /// PostgreSQL one. A file of another identity was made for another catalog.
    public let catalogIdentity: Int64
    /// Where problems with the file are told (standard error by default): a damaged or
    /// unwritable file costs a rebuild at each start, which an operator should hear of.
    let report: @Sendable (String) -> Void

    /// The largest file mapped (16 GiB): past it, the catalog is too large for the index anyway.
    static let maximumSize = 1 << 34

    public init(
        path: String, catalogIdentity: Int64 = 0,
        report: @escaping @Sendable (String) -> Void = SearchIndexFile.reportToStandardError
    ) {
        self.path = path
        self.catalogIdentity = catalogIdentity
        self.report = report
    }

    /// The file of the catalog of identity `catalogIdentity` in `directory`, named after the
    /// identity: a PostgreSQL catalog's, whose database has no folder here.
    ///
    /// ```swift
    /// SearchIndexFile(directory: "/var/cache/scout/search-index", catalogIdentity: 255).path
    /// // "/var/cache/scout/search-index/catalog-00000000000000ff.search-index"
    /// ```
    public init(
        directory: String, catalogIdentity: Int64,
        report: @escaping @Sendable (String) -> Void = SearchIndexFile.reportToStandardError
    ) {
        let name = String(UInt64(bitPattern: catalogIdentity), radix: 16)
        let padded = String(repeating: "0", count: 16 - name.count) + name
        self.init(
            path: directory + "/catalog-\(padded).search-index", catalogIdentity: catalogIdentity, report: report)
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
                guard header.catalogIdentity == catalogIdentity else {
                    return .failure(.foreign(file: header.catalogIdentity, catalog: catalogIdentity))
                }
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
            try index.storage.save(to: path)
        } catch {
            report("scout: \(error); it is built again at the next start.")
            return index
        }
        switch load(generation: index.generation) {
        case .success(let mapped): return mapped
        case .failure(let problem):
            report("scout: \(problem) (\(path)); search keeps the index in memory.")
            return index
        }
    }

    /// The index in the file when it is of `generation` and holds as many books as the catalog:
    /// `bookCount` tells how many that is (asked only of a file of the generation). A file of
    /// another count was made for another catalog (one restored from a backup, or made again at
    /// the same path) that reached the same generation.
    public func loadCurrent(generation: Int64, bookCount: () async throws -> Int) async rethrows -> Result<
        CandidateIndex, IndexFileProblem
    > {
        switch load(generation: generation) {
        case .success(let index): return try await Self.confirm(index, bookCount: bookCount)
        case .failure(let problem): return .failure(problem)
        }
    }

    /// `index`, loaded at the catalog's generation, when it holds as many books as the catalog
    /// (``loadCurrent(generation:bookCount:)``'s second half, for a caller that uses the index
    /// while the count, a whole-table scan, runs).
    public static func confirm(_ index: CandidateIndex, bookCount: () async throws -> Int) async rethrows -> Result<
        CandidateIndex, IndexFileProblem
    > {
        let books = try await bookCount()
        return index.count == books ? .success(index) : .failure(.otherCatalog(file: index.count, catalog: books))
    }

    /// Builds the index with `build` and stores it, the file having been refused for `problem`
    /// (reported, unless there is no file yet).
    public func rebuild(after problem: IndexFileProblem, _ build: () async throws -> CandidateIndex) async rethrows
        -> CandidateIndex
    {
        if problem != .missing { report("scout: \(problem) (\(path)); rebuilding it from the catalog.") }
        return store(try await build())
    }

    /// ``loadCurrent(generation:bookCount:)``, else ``rebuild(after:_:)``.
    public func loadOrBuild(
        generation: Int64, bookCount: () async throws -> Int, _ build: () async throws -> CandidateIndex
    ) async rethrows -> CandidateIndex {
        switch try await loadCurrent(generation: generation, bookCount: bookCount) {
        case .success(let index): return index
        case .failure(let problem): return try await rebuild(after: problem, build)
        }
    }

    /// Writes `message` to standard error.
    public static let reportToStandardError: @Sendable (String) -> Void = { message in
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}

extension SearchIndexFile {
    /// Where each section of the file lies (byte offsets), by name, for benchmarks that tell
    /// which sections a process holds resident; nil when the file is missing or refused.
    ///
    /// ```swift
    /// SearchIndexFile(path: "books.sqlite.search-index").sectionExtents()?.first?.name   // "header"
    /// ```
    public func sectionExtents() -> [(name: String, bytes: Range<Int>)]? {
        guard case .success(let storage) = IndexBytes.map(path: path, maximumSize: Self.maximumSize),
            let header = try? CandidateIndex.Header(of: storage.bytes), let start = storage.bytes.baseAddress
        else { return nil }
        let sections = zip(CandidateIndex.Layout.Section.allCases, header.sections).map { section, extent in
            let offset = extent.bytes.baseAddress.map { $0 - start } ?? 0
            return ("\(section)", offset..<(offset + extent.bytes.count))
        }
        return [("header", 0..<CandidateIndex.Layout.headerSize)] + sections
    }
}
