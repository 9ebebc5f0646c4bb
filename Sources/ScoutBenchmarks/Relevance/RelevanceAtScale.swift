import BookCatalog
import Foundation

/// Relevance and search latency on the generated catalog (``BooksBenchmark/largeCatalog``
/// books, the books benchmark's): Scout's stores and tantivy, each loading the same catalog,
/// asked queries of every kind the generated books have (no accents there), made from the whole
/// catalog by the rules goodbooks-10k's are.
struct RelevanceAtScale {
    let count: Int
    let loads: [(name: String, load: Duration)]
    let report: RelevanceReport
    /// What the candidate index of this catalog holds in memory, in bytes.
    let indexBytes: Int?

    static func measure(stores: [BenchStore], in directory: URL) async throws -> RelevanceAtScale {
        let count = BooksBenchmark.largeCatalog
        var books: [Book] = []
        books.reserveCapacity(count)
        await GeneratedCatalog.generate(count: count, seed: 3) { books += $0 }
        var generator = RelevanceQueryGenerator(books: books, seed: RelevanceBenchmark.seed)
        let queries = generator.queries(
            perKind: RelevanceBenchmark.perKind, kinds: RelevanceQuery.Kind.allCases.filter { $0 != .accentFree })
        let clock = ContinuousClock()
        var loads: [(name: String, load: Duration)] = []
        var runs: [(name: String, run: RelevanceRun)] = []
        var indexBytes: Int?
        for kind in stores {
            let store = try await kind.open(in: directory, name: "relevance_generated")
            let load = try await clock.measure {
                for start in stride(from: 0, to: books.count, by: 5000) {
                    _ = try await store.upsert(Array(books[start..<min(start + 5000, books.count)]))
                }
            }
            let name = "Scout \(kind.name)"
            runs.append((name, try await ScoutRunner(name: name, store: store).run(queries.map(\.text))))
            loads.append((name, load))
            if indexBytes == nil { indexBytes = try CandidateIndex(try await store.searchEntries()).byteCount }
        }
        let tantivy = try TantivyRunner.make(directory: directory, name: "generated")
        try tantivy.write(books)
        let run = try await tantivy.run(queries.map(\.text))
        runs.append((TantivyRunner.name, run))
        loads.append((TantivyRunner.name, run.indexing ?? .zero))
        let report = RelevanceReport(
            catalog: "the generated catalog of \(count) books", queries: queries, runs: runs, books: books,
            notes: RelevanceBenchmark.rules(sharedTitles: generator.sharedTitles))
        return RelevanceAtScale(count: count, loads: loads, report: report, indexBytes: indexBytes)
    }

    func print() {
        var table = Report(
            title: "Loading the generated catalog of \(count) books", columns: ["runner", "load / index"])
        for row in loads { table.add([row.name, row.load.milliseconds]) }
        table.print()
        Swift.print(
            "Scout loads through upsert in batches of 5000 (as the books benchmark does); tantivy's time is "
                + "its indexing of the same books from JSON lines, in memory.")
        if let indexBytes {
            Swift.print(
                "Scout's candidate index in memory: \(indexBytes / 1_048_576) MiB, "
                    + "\(indexBytes / max(count, 1)) bytes a book.")
        }
        Swift.print("")
        report.print()
    }

    var goals: [String] { report.goals }
}
