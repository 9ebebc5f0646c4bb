import BookCatalog
import Foundation
import ScoutTestSupport

/// `scout-bench search-scale`: import-scale's search half alone (``ScaleSearch``: the same
/// ~1,800 queries, Scout's ranked search against tantivy's, p50 and p99), on a SQLite catalog
/// that can be kept between runs, so that work on search at ten million books is measured in
/// minutes rather than after an import and its relations (import-scale's hour and more).
///
/// Books: `SCOUT_BENCH_SEARCH_BOOKS` (1,000,000 by default), generated as import-scale generates
/// them (seed 37, realistic shape) and imported as `scout books import jsonl` imports them,
/// without relations (ranked search does not read them). With `SCOUT_BENCH_SEARCH_DIR` the
/// catalog, tantivy's lines and the query sample are kept in that folder and reused by the next
/// run of the same size (``KeptCatalog``); without it they go in a temporary folder, deleted
/// after the run. The catalog's search index file is rebuilt when the code's format changed, as
/// `scout serve` rebuilds it. With `SCOUT_BENCH_SEARCH_QUERIES` (queries separated by `|`), only
/// those are timed, each its fastest of many runs, and tantivy is left out: a query to profile
/// (`perf record`) or to watch while changing the code. Runs only when named: `make bench`
/// measures the same search in import-scale.
struct SearchScaleBenchmark {
    static let defaultCount = 1_000_000

    func run() async throws {
        // `make bench` measures search in import-scale already; this is for working on it.
        guard CommandLine.arguments.dropFirst().contains("search-scale") else {
            print("\nsearch-scale: runs only when named (scripts/bench.sh search-scale)")
            return
        }
        let environment = ProcessInfo.processInfo.environment
        let count = try ImportScaleBenchmark.bookCount(from: "SCOUT_BENCH_SEARCH_BOOKS", default: Self.defaultCount)
        let queries = environment["SCOUT_BENCH_SEARCH_QUERIES"]
        if let kept = environment["SCOUT_BENCH_SEARCH_DIR"] {
            let directory = URL(filePath: kept, directoryHint: .isDirectory)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try await measure(count: count, in: directory, queries: queries)
        } else {
            try await withTemporaryDirectory(prefix: "scout-bench-search-scale") {
                try await measure(count: count, in: $0, queries: queries)
            }
        }
    }

    /// Measures the catalog of `count` books in `directory`: all the queries, or only `queries`
    /// (`|` between them) when given.
    private func measure(count: Int, in directory: URL, queries given: String?) async throws {
        let clock = ContinuousClock()
        let catalog = try await KeptCatalog.open(count: count, in: directory, clock: clock)
        let search = ScaleSearch(sample: catalog.sample)
        let store = try await BenchStore.sqlite.open(in: directory, name: KeptCatalog.name)
        let ready = try await clock.measure { try await store.prepareSearch() }
        print(
            "search-scale: the search index of \(count) books ready in \(ready.seconds) "
                + "(mapped from its file if current)"
        )
        if let given {
            try await Self.time(given.split(separator: "|").map(String.init), store: store)
            return
        }
        let latencies = try await search.latencies(of: "Scout SQLite", store: store)
        let tantivy = try await catalog.tantivy.run(search.queries)
        let goals = ScaleSearch.report(
            count: count, sampled: catalog.sample.count, queries: search.queries.count,
            stores: [("Scout SQLite", latencies)], tantivy: tantivy.latencies)
        for goal in goals { print(goal) }
        try measureServeStart(count: count, in: directory)
    }

    /// `scout serve` started on the catalog with its index file, as serve-start measures it: a
    /// catalog of ten million books kept here is measured without serve-start's hour of loading.
    private func measureServeStart(count: Int, in directory: URL) throws {
        let location = BenchStore.sqlite.location(in: directory, name: KeptCatalog.name)
        let file = SearchIndexFile(besideDatabase: location)
        let start = try ServeStartBenchmark.measureStart(
            database: location, cache: directory.appending(path: "cache"), file: file)
        let perBook = Double(start.indexResident) / Double(count)
        print(
            "search-scale: scout serve on the kept SQLite catalog of \(count) books: first answer "
                + "\(start.firstAnswer.milliseconds) (serve-start's goal ≤ 1 s, at a million books: "
                + "\(start.firstAnswer <= .seconds(1) ? "met" : "NOT met")), server RSS "
                + "\(start.residentBytes / 1_048_576) MiB, index resident \(start.indexResident / 1024) KiB, "
                + "\(perBook.formatted(decimals: 1)) B a book (goal ≤ 64 B: \(perBook <= 64 ? "met" : "NOT met"))")
    }

    /// How many times each given query runs: enough samples for a profile of one query.
    static let givenQueryRuns = 50

    /// Each of `queries` through `store`'s ranked search ``givenQueryRuns`` times: its fastest
    /// and median time, and how many books its first page holds.
    private static func time(_ queries: [String], store: any BookStore) async throws {
        let clock = ContinuousClock()
        for query in queries {
            var times: [Duration] = []
            var found = 0
            for _ in 0..<givenQueryRuns {
                times.append(
                    try await clock.measure {
                        found = try await store.rankedSearch(query, limit: RelevanceAnswer.limit).count
                    })
            }
            times.sort()
            print(
                "search-scale: \(query.debugDescription): fastest \(times[0].microseconds), "
                    + "median \(times[times.count / 2].microseconds), \(found) books on the first page")
        }
    }
}

/// search-scale's catalog in its folder: the SQLite catalog imported from the generated JSON
/// Lines (deleted once imported), tantivy's lines of the same books, and the query sample as
/// JSON Lines; `search-scale.json` records the size once all of them are whole, so a run stopped
/// halfway is redone rather than reused.
struct KeptCatalog {
    static let name = "search_scale"
    let sample: [Book]
    let tantivy: TantivyRunner

    private struct Record: Codable { var books: Int }

    static func open(count: Int, in directory: URL, clock: ContinuousClock) async throws -> KeptCatalog {
        let recordFile = directory.appending(path: "search-scale.json")
        let sampleFile = directory.appending(path: "search-scale-sample.jsonl")
        let tantivy = TantivyRunner(
            directory: directory, catalog: directory.appending(path: "\(name)-catalog.jsonl"))
        if let data = try? Data(contentsOf: recordFile),
            let record = try? JSONDecoder().decode(Record.self, from: data),
            record.books == count
        {
            let sample = try String(contentsOf: sampleFile, encoding: .utf8).split(separator: "\n").map {
                try JSONDecoder().decode(Book.self, from: Data($0.utf8))
            }
            print("search-scale: reusing the catalog of \(count) books kept in \(directory.path)")
            return KeptCatalog(sample: sample, tantivy: tantivy)
        }
        try? FileManager.default.removeItem(at: recordFile)
        try await ScaleDiskSpace.removeCatalog(of: .sqlite, named: name, in: directory)
        try ScaleDiskSpace.check(count: count, stores: [.sqlite], in: directory)
        var files: ScaleCatalogFiles?
        let writing = try await clock.measure {
            files = try await ScaleCatalogFiles.write(count: count, in: directory, tantivyName: name)
        }
        guard let files else { throw BenchmarkFailure("search-scale wrote no catalog") }
        print("search-scale: wrote \(count) generated books as JSON Lines in \(writing.seconds)")
        let store = try await BenchStore.sqlite.open(in: directory, name: name)
        let importing = try await clock.measure {
            let summary = try await JSONLinesImporter(store: store, batchSize: files.batchSize).importBooks(
                from: files.jsonLines)
            guard summary.skipped.isEmpty else {
                throw BenchmarkFailure(
                    "search-scale's import skipped \(summary.skipped.count) generated lines, the first: "
                        + summary.skipped[0].reason)
            }
            // What `scout books import` does last: writes the index file.
            try await store.prepareSearch()
        }
        print("search-scale: imported and indexed in \(importing.seconds)")
        try? FileManager.default.removeItem(at: files.jsonLines)
        let encoder = JSONEncoder()
        var lines = Data()
        for book in files.sample {
            lines.append(try encoder.encode(book))
            lines.append(UInt8(ascii: "\n"))
        }
        try lines.write(to: sampleFile)
        try JSONEncoder().encode(Record(books: count)).write(to: recordFile)
        return KeptCatalog(sample: files.sample, tantivy: files.tantivy)
    }
}
