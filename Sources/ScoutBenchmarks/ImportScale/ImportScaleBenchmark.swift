import BookCatalog
import Foundation
import ScoutTestSupport

/// `scout-bench import-scale`: a generated catalog of `SCOUT_BENCH_IMPORT_BOOKS` books (default
/// 1,000,000; `make bench-scale` asks for 10,000,000) written as JSON Lines, imported as
/// `scout books import jsonl` imports it into every store (SQLite, and PostgreSQL when
/// `SCOUT_BENCH_POSTGRES_URL` names a server) until a search finds its last book, then its
/// relations built as that command builds them — each timed, with its peak resident memory —
/// then its search index built (timed apart), and its ranked search timed (``ScaleSearch``); the
/// same books indexed and searched by tantivy in the same run, the yardstick of issue #37's
/// goals; and each store's own bulk loader on the same lines (``BulkLoaderReference``), then
/// writing the same relations (``RelationLoaderReference``), the yardsticks of the goals
/// proposed beside the issue's. Checks first that the temporary folder has the room
/// (``ScaleDiskSpace``).
struct ImportScaleBenchmark {
    static let defaultCount = 1_000_000

    /// How many books: `SCOUT_BENCH_IMPORT_BOOKS`, at least 1.
    static func count() throws -> Int { try bookCount(from: "SCOUT_BENCH_IMPORT_BOOKS", default: defaultCount) }

    /// The number of books the environment variable `variable` asks for (at least 1), else
    /// `defaultCount`; fails with what to write when it is not such a number.
    static func bookCount(from variable: String, default defaultCount: Int) throws -> Int {
        guard let text = ProcessInfo.processInfo.environment[variable] else { return defaultCount }
        guard let count = Int(text), count >= 1 else {
            throw BenchmarkFailure("\(variable)=\(text) is not a number of books; use 1 or more, e.g. 200000")
        }
        return count
    }

    func run() async throws {
        let count = try Self.count()
        let stores = try BenchStore.available()
        try await withTemporaryDirectory(prefix: "scout-bench-import-scale") { directory in
            try ScaleDiskSpace.check(count: count, stores: stores, in: directory)
            let clock = ContinuousClock()
            var files: ScaleCatalogFiles?
            let writing = try await clock.measure {
                files = try await ScaleCatalogFiles.write(count: count, in: directory)
            }
            guard let files else { return }
            print("Wrote \(count) generated books as JSON Lines in \(writing.seconds).")
            let search = ScaleSearch(sample: files.sample)
            var results: [ScaleImport] = []
            var references: [LoaderReferences] = []
            var folderPeak = 0
            var catalogSizes: [String] = []
            let relationRows = directory.appending(path: "relations.csv")
            for kind in stores {
                let store = try await kind.open(in: directory, name: "import_scale")
                let result = try await ScaleImport.measure(
                    kind.name, store: store, files: files, search: search, clock: clock)
                results.append(result)
                try RelationLoaderReference.export(of: kind, name: "import_scale", in: directory, to: relationRows)
                // Each store's catalog goes once measured, before its bulk loader's: the run needs
                // room for the largest, not for all (a PostgreSQL catalog included: at ten million
                // books the disk holds one at a time).
                folderPeak = max(folderPeak, ScaleDiskSpace.folderBytes(directory))
                let catalog = try await ScaleDiskSpace.catalogBytes(of: kind, named: "import_scale", in: directory)
                catalogSizes.append(ScaleDiskSpace.catalogUsage(catalog, store: kind.name, books: count))
                try await ScaleDiskSpace.removeCatalog(of: kind, named: "import_scale", in: directory)
                let books = try await Self.reference(for: kind, files: files, count: count, in: directory, clock: clock)
                let relations = try RelationLoaderReference.measure(
                    kind: kind, name: Self.referenceCatalog, file: relationRows, count: result.relations,
                    in: directory, clock: clock)
                references.append((books, relations))
                try FileManager.default.removeItem(at: relationRows)
                try await ScaleDiskSpace.removeCatalog(of: kind, named: Self.referenceCatalog, in: directory)
            }
            print(ScaleDiskSpace.usage(folderPeak, books: count))
            for line in catalogSizes { print(line) }
            print("")
            let tantivyRun = try await files.tantivy.run(search.queries)
            let tantivy = tantivyRun.indexing ?? .zero
            var goals = Self.report(
                count: count, results: results, references: references, tantivy: tantivy,
                tantivyPeak: tantivyRun.peakBytes)
            goals += ScaleSearch.report(
                count: count, sampled: files.sample.count, queries: search.queries.count,
                stores: results.map { ("Scout \($0.store)", $0.searchLatencies) }, tantivy: tantivyRun.latencies)
            for goal in goals { print(goal) }
        }
    }

    /// A store's bulk loader on the books, then on the relations Scout built.
    typealias LoaderReferences = (books: BulkLoaderReference, relations: BulkLoaderReference)

    /// The catalog the bulk loaders fill, beside Scout's.
    static let referenceCatalog = "import_scale_loader"

    /// `kind`'s own bulk loader on the same lines: the `sqlite3` shell, or `psql` on the server
    /// `SCOUT_BENCH_POSTGRES_URL` names.
    private static func reference(
        for kind: BenchStore, files: ScaleCatalogFiles, count: Int, in directory: URL, clock: ContinuousClock
    ) async throws -> BulkLoaderReference {
        guard kind.name == "PostgreSQL" else {
            return try await SQLiteShellLoad.measure(
                path: kind.location(in: directory, name: referenceCatalog), files: files, count: count, clock: clock)
        }
        return try await PostgresCopyLoad.measure(
            kind: kind, name: referenceCatalog, files: files, count: count, in: directory,
            clock: clock)
    }

    /// Prints the import table; returns its goal lines, to print after every table.
    private static func report(
        count: Int, results: [ScaleImport], references: [LoaderReferences], tantivy: Duration, tantivyPeak: Int?
    ) -> [String] {
        var table = Report(
            title:
                "Import at scale: \(count) generated books (series of 2–12, 3–8 subjects each), "
                + "JSON Lines until searchable, then relations",
            columns: [
                "runner", "import until searchable", "CPU", "peak memory", "relations", "built in", "CPU",
                "peak memory", "search index",
            ])
        for result in results {
            table.add([
                "Scout \(result.store)", result.searchable.seconds, result.importCPU.seconds,
                PeakMemory.label(result.importPeak), String(result.relations), result.relating.seconds,
                result.relatingCPU.seconds, PeakMemory.label(result.relationsPeak), result.indexFile.seconds,
            ])
        }
        for (books, relations) in references {
            let stored = results.first { $0.store == relations.store }.map { String($0.relations) } ?? "?"
            table.add([
                "\(books.name) (\(books.store))", books.loaded.seconds, books.loaderCPU?.seconds ?? "?", "—",
                stored, relations.loaded.seconds, relations.loaderCPU?.seconds ?? "?", "—", "—",
            ])
        }
        table.add([TantivyRunner.name, tantivy.seconds, "", PeakMemory.label(tantivyPeak), "—", "—", "—", "—", "—"])
        table.print()
        print(
            "Scout imports with JSONLinesImporter's batches and rebuilds the relations of the changed books, as "
                + "`scout books import jsonl` does; tantivy's time is its indexing of the same titles, authors, "
                + "alternate titles and series from JSON lines, in memory, on one writer thread. CPU is Scout's user and "
                + "system time: on a busy machine wall time measures the machine as much as the import. "
                + "The ranked search that finds the last book starts the search index's build (and its file) "
                + "in the background; search index is the wait for it to finish (`prepareSearch`), measured "
                + "before the relations so that neither column counts it. The bulk loaders (a reference, not "
                + "Scout's work: no matching, no checkpoint, no relation computed) read the same JSON lines into "
                + "Scout's schema until a full-text search finds the last book: the sqlite3 shell's .import with "
                + "books_fts built once by FTS5's own tokenizer; psql's \\copy with the search entries, indexes "
                + "and search terms Scout keeps; then they write the relations Scout built, with the key and "
                + "indexes Scout keeps; their CPU is the loader process's (psql's alone: the server is no child "
                + "of this one).\n")
        return results.flatMap { result in
            [
                goal("\(result.store) import until searchable", result.searchable, limit: tantivy * 2, "2× tantivy"),
                goal("\(result.store) relations", result.relating, limit: tantivy, "tantivy's indexing"),
            ]
                + references.filter { $0.books.store == result.store }.flatMap { books, relations in
                    [
                        books.proposedGoal(
                            "import until searchable", scout: result.searchable,
                            factor: BulkLoaderReference.proposedFactor),
                        relations.proposedGoal(
                            "relations", scout: result.relating, factor: RelationLoaderReference.proposedFactor,
                            task: " writing the same relations"),
                    ]
                }
        }
    }

    private static func goal(_ what: String, _ measured: Duration, limit: Duration, _ named: String) -> String {
        "\(what): \(measured.seconds) (goal ≤ \(named), \(limit.seconds): \(measured <= limit ? "met" : "NOT met"))"
    }
}

extension Duration {
    /// Seconds with one decimal, as the scale tables show them: `"33.6 s"`.
    var seconds: String {
        let value = Double(components.seconds) + Double(components.attoseconds) / 1e18
        return String(format: "%.1f s", value)
    }
}
