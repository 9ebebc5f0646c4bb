import BookCatalog
import BookStorage
import Foundation
import JapaneseReadings
import ScoutTestSupport

/// Japanese, Chinese and Korean readers typing as their input methods type (``CJKCatalog``: kana
/// while composing, romaji, pinyin, traditional for simplified, Hangul mid-syllable), on every
/// store: success@3 per form. Then what readings cost Latin queries: goodbooks-10k's relevance
/// queries searched with and without the reading forms, interleaved in one run.
struct CJKBenchmark {
    /// The intended book among the first three this often.
    static let successGoal = 0.95
    /// Search p99 on goodbooks-10k with readings over without, at most.
    static let latencyGoal = 1.1
    /// Times the goodbooks queries run each way, alternating.
    static let rounds = 3

    func run() async throws {
        let analyzer = try MeCabAnalyzer()
        print("CJK search: MeCab over \(analyzer.dictionary.kind.rawValue) (\(analyzer.dictionary.folder))")
        let queries = try CJKCatalog.queries()
        var goals: [String] = []
        try await withTemporaryDirectory(prefix: "scout-bench-cjk") { directory in
            let books = try await Self.books(readBy: analyzer, in: directory)
            for kind in try BenchStore.available() {
                let store = try await kind.open(in: directory, name: "cjk")
                _ = try await store.upsert(books)
                try await store.prepareSearch()
                var found: [String: (Int, Int)] = [:]
                for query in queries {
                    let first = try await store.rankedSearch(query.text, limit: 3).map(\.book.sourceID)
                    let hit = query.books.isDisjoint(with: first) ? 0 : 1
                    if hit == 0 { print("  \(kind.name) missed “\(query.text)” (\(query.form)) → \(first)") }
                    let (hits, count) = found[query.form, default: (0, 0)]
                    found[query.form] = (hits + hit, count + 1)
                }
                var table = Report(
                    title: "CJK typed queries on \(kind.name): success@3 per form",
                    columns: ["form", "queries", "success@3"])
                for (form, (hits, count)) in found.sorted(by: { $0.key < $1.key }) {
                    table.add([form, "\(count)", (Double(hits) / Double(count)).formatted(decimals: 3)])
                }
                table.print()
                let overall = Double(found.values.reduce(0) { $0 + $1.0 }) / Double(queries.count)
                goals.append(
                    "CJK \(kind.name) success@3 over \(queries.count) typed queries of \(books.count) books: "
                        + "\(overall.formatted(decimals: 3)) (goal ≥ \(Self.successGoal): \(RelevanceReport.mark(overall >= Self.successGoal)))"
                )
            }
            goals.append(try await Self.latencyCost(in: directory))
        }
        print("")
        for goal in goals { print(goal) }
    }

    /// The CJK catalog as a store given `analyzer` writes it.
    private static func books(readBy analyzer: MeCabAnalyzer, in directory: URL) async throws -> [Book] {
        let store = try await SQLiteBookStore(
            path: directory.appending(path: "cjk-read.sqlite").path, readingAnalyzer: analyzer)
        _ = try await JSONLinesImporter(store: store).importBooks(from: CJKCatalog.catalogFile)
        return try await store.allBooks()
    }

    /// goodbooks-10k's relevance queries on SQLite with and without reading forms, alternating
    /// query by query over ``rounds`` rounds: the p99 of each and their ratio.
    private static func latencyCost(in directory: URL) async throws -> String {
        let files = GoodbooksFiles(
            books: try SharedFixtures.url("data/goodbooks-10k/books.csv"),
            tags: try SharedFixtures.url("data/goodbooks-10k/tags.csv"),
            bookTags: try SharedFixtures.url("data/goodbooks-10k/samples/book_tags.csv"))
        let store = try await BenchStore.sqlite.open(in: directory, name: "goodbooks-readings")
        _ = try await GoodbooksImporter(store: store).importFiles(files)
        var generator = RelevanceQueryGenerator(books: try await store.allBooks(), seed: RelevanceBenchmark.seed)
        let queries = generator.queries(perKind: RelevanceBenchmark.perKind).map(\.text)
        let with = TypoTolerance()
        let without = TypoTolerance(searchesReadings: false)
        try await with.prepare(for: store)
        try await without.prepare(for: store)
        var withTimes: [Duration] = []
        var withoutTimes: [Duration] = []
        let clock = ContinuousClock()
        for _ in 0..<rounds {
            for query in queries {
                withTimes.append(
                    try await clock.measure { _ = try await with.rankedSearch(query, limit: 10, in: store) })
                withoutTimes.append(
                    try await clock.measure { _ = try await without.rankedSearch(query, limit: 10, in: store) })
            }
        }
        let (a, b) = (percentile(withTimes, 0.99), percentile(withoutTimes, 0.99))
        let ratio = a / b
        return "Latin search p99 at goodbooks-10k with readings / without: \(ratio.formatted(decimals: 2)) "
            + "(\(a.milliseconds) / \(b.milliseconds) over "
            + "\(queries.count * rounds) searches each; goal ≤ \(Self.latencyGoal): \(RelevanceReport.mark(ratio <= Self.latencyGoal)))"
    }
}
