import BookCatalog
import Foundation
import ScoutTestSupport

/// `scout-bench import-scale`: a generated catalog of `SCOUT_BENCH_IMPORT_BOOKS` books (default
/// 1,000,000; `make bench-scale` asks for 10,000,000) written as JSON Lines, imported as
/// `scout books import jsonl` imports it into every store (SQLite, and PostgreSQL when
/// `SCOUT_BENCH_POSTGRES_URL` names a server) until a search finds its last book, then its
/// relations built as that command builds them — each timed, with its peak resident memory —
/// and its ranked search timed (``ScaleSearch``); the same books indexed and searched by tantivy in
/// the same run, the yardstick of issue #37's goals. Checks first that the temporary folder has
/// the room (``ScaleDiskSpace``).
struct ImportScaleBenchmark {
    static let defaultCount = 1_000_000

    /// How many books: `SCOUT_BENCH_IMPORT_BOOKS`, at least 1.
    static func count() throws -> Int {
        guard let text = ProcessInfo.processInfo.environment["SCOUT_BENCH_IMPORT_BOOKS"] else { return defaultCount }
        guard let count = Int(text), count >= 1 else {
            throw BenchmarkFailure(
                "SCOUT_BENCH_IMPORT_BOOKS=\(text) is not a number of books; use 1 or more, e.g. 200000")
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
            var folderPeak = 0
            for kind in stores {
                let store = try await kind.open(in: directory, name: "import_scale")
                results.append(
                    try await ScaleImport.measure(kind.name, store: store, files: files, search: search, clock: clock))
                // Each store's catalog goes once measured: the run needs room for the largest, not for all.
                folderPeak = max(folderPeak, ScaleDiskSpace.folderBytes(directory))
                ScaleDiskSpace.removeCatalog(named: "import_scale", in: directory)
            }
            print(ScaleDiskSpace.usage(folderPeak, books: count))
            let tantivyRun = try await files.tantivy.run(search.queries)
            let tantivy = tantivyRun.indexing ?? .zero
            var goals = Self.report(count: count, results: results, tantivy: tantivy, tantivyPeak: tantivyRun.peakBytes)
            goals += ScaleSearch.report(
                count: count, sampled: files.sample.count, queries: search.queries.count,
                stores: results.map { ("Scout \($0.store)", $0.searchLatencies) }, tantivy: tantivyRun.latencies)
            for goal in goals { print(goal) }
        }
    }

    /// Prints the import table; returns its goal lines, to print after every table.
    private static func report(count: Int, results: [ScaleImport], tantivy: Duration, tantivyPeak: Int?)
        -> [String]
    {
        var table = Report(
            title:
                "Import at scale: \(count) generated books (series of 2–12, 3–8 subjects each), "
                + "JSON Lines until searchable, then relations",
            columns: [
                "runner", "import until searchable", "CPU", "peak memory", "relations", "built in", "CPU",
                "peak memory",
            ])
        for result in results {
            table.add([
                "Scout \(result.store)", result.searchable.seconds, result.importCPU.seconds,
                PeakMemory.label(result.importPeak), String(result.relations), result.relating.seconds,
                result.relatingCPU.seconds, PeakMemory.label(result.relationsPeak),
            ])
        }
        table.add([TantivyRunner.name, tantivy.seconds, "", PeakMemory.label(tantivyPeak), "—", "—", "—", "—"])
        table.print()
        print(
            "Scout imports with JSONLinesImporter's batches and rebuilds the relations of the changed books, as "
                + "`scout books import jsonl` does; tantivy's time is its indexing of the same titles, authors, "
                + "alternate titles and series from JSON lines, in memory, on one writer thread. CPU is Scout's user and "
                + "system time: on a busy machine wall time measures the machine as much as the import.\n")
        return results.flatMap { result in
            [
                goal("\(result.store) import until searchable", result.searchable, limit: tantivy * 2, "2× tantivy"),
                goal("\(result.store) relations", result.relating, limit: tantivy, "tantivy's indexing"),
            ]
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
