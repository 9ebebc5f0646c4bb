import BookCatalog
import Foundation

/// Search latency on the generated catalog (``BooksBenchmark/largeCatalog`` books, the books
/// benchmark's): Scout's stores and tantivy, each loading the same catalog, asked the same
/// prefix, typo and author+word queries made from its first 20,000 books (generated titles have
/// no accents). Relevance there means nothing; latency only.
struct RelevanceAtScale {
    let count: Int
    let queries: Int
    let rows: [(name: String, load: Duration, latencies: [Duration])]
    /// What the candidate index of this catalog holds in memory, in bytes.
    let indexBytes: Int?

    static let sampleSize = 20_000

    static func measure(stores: [BenchStore], in directory: URL) async throws -> RelevanceAtScale {
        let count = BooksBenchmark.largeCatalog
        var sample: [Book] = []
        await GeneratedCatalog.generate(count: min(sampleSize, count), seed: 3) { sample += $0 }
        var generator = RelevanceQueryGenerator(books: sample, seed: RelevanceBenchmark.seed)
        let queries = generator.queries(perKind: RelevanceBenchmark.perKind, kinds: [.prefix, .typo, .authorWord])
            .map(\.text)
        let clock = ContinuousClock()
        var rows: [(name: String, load: Duration, latencies: [Duration])] = []
        var indexBytes: Int?
        for kind in stores {
            let store = try await kind.open(in: directory, name: "relevance_generated")
            let load = try await clock.measure {
                try await GeneratedCatalog.generate(count: count, seed: 3) { _ = try await store.upsert($0) }
            }
            let run = try await ScoutRunner(name: "Scout \(kind.name)", store: store).run(queries)
            rows.append(("Scout \(kind.name)", load, run.latencies))
            if indexBytes == nil { indexBytes = try CandidateIndex(try await store.searchEntries()).byteCount }
        }
        let tantivy = try TantivyRunner.make(directory: directory, name: "generated")
        try await GeneratedCatalog.generate(count: count, seed: 3) { try tantivy.write($0) }
        let run = try await tantivy.run(queries)
        rows.append((TantivyRunner.name, run.indexing ?? .zero, run.latencies))
        return RelevanceAtScale(count: count, queries: queries.count, rows: rows, indexBytes: indexBytes)
    }

    func print() {
        var table = Report(
            title: "Search latency in process on the generated catalog of \(count) books, \(queries) queries",
            columns: ["runner", "load / index", "p50", "p99", "p99 / tantivy p99"])
        for row in rows {
            table.add([
                row.name, row.load.milliseconds, percentile(row.latencies, 0.5).microseconds,
                percentile(row.latencies, 0.99).microseconds,
                ratio(row.latencies).map { $0.formatted(decimals: 2) } ?? "-",
            ])
        }
        table.print()
        Swift.print(
            "Queries: prefix, typo and author+word made as at 10k from the catalog's first \(Self.sampleSize) books. "
                + "Scout loads through upsert in batches of 5000 (as the books benchmark does); tantivy's time is "
                + "its indexing of the same books from JSON lines, in memory.")
        if let indexBytes {
            Swift.print(
                "Scout's candidate index in memory: \(indexBytes / 1_048_576) MiB, "
                    + "\(indexBytes / max(count, 1)) bytes a book.")
        }
    }

    var goals: [String] {
        rows.filter { $0.name != TantivyRunner.name }.map { row in
            let value = ratio(row.latencies) ?? .infinity
            return "\(row.name) search p99 / tantivy p99 at \(count): \(value.formatted(decimals: 2)) "
                + "(goal ≤ 1.00: \(RelevanceReport.mark(value <= 1)))"
        }
    }

    private func ratio(_ latencies: [Duration]) -> Double? {
        guard let tantivy = rows.first(where: { $0.name == TantivyRunner.name }) else { return nil }
        return RelevanceReport.ratio(percentile(latencies, 0.99), percentile(tantivy.latencies, 0.99))
    }
}
