import BookCatalog
import Foundation
import ScoutTestSupport

/// Relevance of book search as people type, generated from goodbooks-10k with a fixed seed —
/// title prefixes, one-typo titles, author plus a title word, accent-free titles — for Scout's
/// stores beside a plain SQLite FTS5 table and tantivy, with the same queries in the same run;
/// then search latency of the same kinds of query on the generated catalog of
/// ``BooksBenchmark/largeCatalog`` books (relevance there means nothing; latency only).
///
/// Run from the package root (`scripts/bench.sh relevance`): tantivy runs through
/// `scripts/relevance-tantivy.py` on the Python `make venv` installs.
struct RelevanceBenchmark {
    static let seed: UInt64 = 13
    /// Queries per kind; accent-free has fewer when the catalog has fewer accented titles.
    static let perKind = 350

    func run() async throws {
        let files = GoodbooksFiles(
            books: try SharedFixtures.url("data/goodbooks-10k/books.csv"),
            tags: try SharedFixtures.url("data/goodbooks-10k/tags.csv"),
            bookTags: try SharedFixtures.url("data/goodbooks-10k/samples/book_tags.csv"))
        _ = try TantivyRunner.interpreter()
        try await withTemporaryDirectory(prefix: "scout-bench-relevance") { directory in
            let stores = try BenchStore.available()
            let report = try await relevance(files: files, stores: stores, in: directory)
            let scale = try await RelevanceAtScale.measure(stores: stores, in: directory)
            report.print()
            scale.print()
            print("")
            for goal in report.goals + scale.goals { print(goal) }
        }
    }

    /// Every runner on the goodbooks-10k queries.
    private func relevance(files: GoodbooksFiles, stores: [BenchStore], in directory: URL) async throws
        -> RelevanceReport
    {
        var runners: [any RelevanceRunner] = []
        var books: [Book] = []
        for kind in stores {
            let store = try await kind.open(in: directory, name: "relevance")
            _ = try await GoodbooksImporter(store: store).importFiles(files)
            if books.isEmpty { books = try await store.allBooks() }
            runners.append(ScoutRunner(name: "Scout \(kind.name)", store: store))
        }
        var generator = RelevanceQueryGenerator(books: books, seed: Self.seed)
        let queries = generator.queries(perKind: Self.perKind)
        runners.append(try await FTS5Runner.make(path: directory.appending(path: "fts5.sqlite").path, books: books))
        let tantivy = try TantivyRunner.make(directory: directory, name: "goodbooks")
        try tantivy.write(books)
        runners.append(tantivy)

        var runs: [(name: String, run: RelevanceRun)] = []
        for runner in runners {
            runs.append((runner.name, try await runner.run(queries.map(\.text))))
        }
        return RelevanceReport(
            queries: queries, runs: runs, books: books, accentedTitles: generator.accentedTitles,
            duplicatedTitles: books.indices.count(where: generator.titles.isDuplicated))
    }
}
