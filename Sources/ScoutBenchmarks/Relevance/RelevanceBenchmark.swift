import BookCatalog
import Foundation
import ScoutTestSupport

/// Relevance of book search as people type, generated from goodbooks-10k with a fixed seed —
/// title prefixes, one-typo titles, author plus a title word, accent-free titles, initials,
/// possessives without apostrophes, words run together, typos that make catalog words,
/// original titles, series names — for Scout's stores beside a plain SQLite FTS5 table and
/// tantivy, with the same queries in the same run; then the same on the generated catalog of
/// ``BooksBenchmark/largeCatalog`` books (``RelevanceAtScale``).
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
            report.print()
            // `SCOUT_BENCH_RELEVANCE_SCALE=off` stops at goodbooks-10k, for trying a change quickly.
            let scale =
                ProcessInfo.processInfo.environment["SCOUT_BENCH_RELEVANCE_SCALE"] == "off"
                ? nil : try await RelevanceAtScale.measure(stores: stores, in: directory)
            print("")
            scale?.print()
            print("")
            for goal in report.goals + (scale?.goals ?? []) { print(goal) }
        }
    }

    /// How the queries are made answerable and how the runners read them, for the notes.
    static func rules(sharedTitles: Int) -> String {
        "Answerable by rule: books whose title another book shares (\(sharedTitles)) are skipped, except for queries "
            + "of names (author+word, initials, original title, series); a title is cut only where no book with as "
            + "many ratings or more has a title, alternate title or series name that begins the same way (the whole "
            + "title always counts); queries of whole words (author+word, initials, series) mean the book with the "
            + "most ratings of those holding every word (the last as a prefix) in any field, and no other book holds "
            + "them side by side within the first four words of one title, series or author name; typo queries the "
            + "one with the most of those holding every word within a typo each (words of 4 letters or more); a "
            + "typo→word query is kept only when no book holds every word as typed, and an original-title query "
            + "only when no book as read has an author whose name begins with it. FTS5: every word, the last a "
            + "prefix, ORDER BY bm25. tantivy: title, authors, alternate titles and series names folded to ASCII, every word a must "
            + "(its term, scored by BM25, or fuzzy within 1 edit from 5 letters; the last word a prefix)."
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
            catalog: "goodbooks-10k", queries: queries, runs: runs, books: books,
            notes: Self.rules(sharedTitles: generator.sharedTitles)
                + " Accent-free: the catalog has \(generator.accentedTitles) titles with accents that can be typed "
                + "without them, one query each.")
    }
}
