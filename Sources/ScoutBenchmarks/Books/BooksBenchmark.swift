import BookCatalog
import Foundation
import ScoutTestSupport

/// Book catalog benchmarks, every store side by side: goodbooks-10k import + relate, search and
/// related in process, `/map` over HTTP, and search in a generated catalog of 1,000,000 books.
/// PostgreSQL joins when `SCOUT_BENCH_POSTGRES_URL` names a server (`make bench` starts one).
struct BooksBenchmark {
    static let largeCatalog = ProcessInfo.processInfo.environment["SCOUT_BENCH_BOOKS"].flatMap(Int.init) ?? 1_000_000

    func run() async throws {
        let files = GoodbooksFiles(
            books: try SharedFixtures.url("data/goodbooks-10k/books.csv"),
            tags: try SharedFixtures.url("data/goodbooks-10k/tags.csv"),
            bookTags: try SharedFixtures.url("data/goodbooks-10k/samples/book_tags.csv"),
            ratings: try SharedFixtures.url("data/goodbooks-10k/samples/ratings.csv"),
            toRead: try SharedFixtures.url("data/goodbooks-10k/samples/to_read.csv"))
        try await withTemporaryDirectory(prefix: "scout-bench-books") { directory in
            var small = Report(
                title: "Books: goodbooks-10k import + relate, search and related in process",
                columns: ["store", "import+relate", "relations", "search p50", "p99", "related p50", "p99"])
            var http = Report(
                title: "Books over HTTP at 10k: GET /map (titles) and /api/v1/books/search (as typed)",
                columns: ["store", "/map p50", "p99", "search p50", "p99", "requests"])
            var large = Report(
                title: "Books: generated catalog of \(Self.largeCatalog) books",
                columns: ["store", "load", "search p50", "p99"])
            var goals: [String] = []
            for kind in try BenchStore.available() {
                let store = try await kind.open(in: directory, name: "goodbooks")
                let clock = ContinuousClock()
                var relations = 0
                let loading = try await clock.measure {
                    let summaries = try await GoodbooksImporter(store: store).importFiles(files)
                    relations = try await store.rebuildRelations(
                        affecting: summaries.reduce([]) { $0.union($1.changedBooks) })
                }
                let books = try await store.allBooks()
                let typed = QuerySet.typed(from: books, count: 2000, seed: 7)
                let search = try await Self.searchLatencies(store, queries: typed)
                let related = try await Self.relatedLatencies(store, books: books)
                small.add([
                    kind.name, loading.milliseconds, String(relations), percentile(search, 0.5).milliseconds,
                    percentile(search, 0.99).milliseconds, percentile(related, 0.5).milliseconds,
                    percentile(related, 0.99).milliseconds,
                ])
                goals.append(Self.goal("\(kind.name) 10k import + relate", loading, at: .seconds(3)))
                goals.append(
                    Self.goal("\(kind.name) search p99 at 10k", percentile(search, 0.99), at: .milliseconds(1)))

                let overHTTP = try await BooksOverHTTP.measure(
                    database: kind.location(in: directory, name: "goodbooks"),
                    titles: stride(from: 0, to: books.count, by: max(books.count / 2000, 1)).map { books[$0].title },
                    typed: typed)
                http.add([
                    kind.name, percentile(overHTTP.map, 0.5).milliseconds, percentile(overHTTP.map, 0.99).milliseconds,
                    percentile(overHTTP.search, 0.5).milliseconds, percentile(overHTTP.search, 0.99).milliseconds,
                    String(overHTTP.map.count + overHTTP.search.count),
                ])
                goals.append(
                    Self.goal(
                        "\(kind.name) /map p99 over HTTP at 10k", percentile(overHTTP.map, 0.99), at: .milliseconds(5)))

                let big = try await kind.open(in: directory, name: "generated")
                let load = try await clock.measure {
                    try await GeneratedCatalog.generate(count: Self.largeCatalog, seed: 3) {
                        _ = try await big.upsert($0)
                    }
                }
                var sample: [Book] = []
                await GeneratedCatalog.generate(count: 20_000, seed: 3) { sample += $0 }
                let bigSearch = try await Self.searchLatencies(
                    big, queries: QuerySet.typed(from: sample, count: 2000, seed: 9))
                large.add([
                    kind.name, load.milliseconds, percentile(bigSearch, 0.5).milliseconds,
                    percentile(bigSearch, 0.99).milliseconds,
                ])
                goals.append(
                    Self.goal(
                        "\(kind.name) search p99 at \(Self.largeCatalog)", percentile(bigSearch, 0.99),
                        at: .milliseconds(10)))
            }
            small.print()
            print(
                "Search: 2000 queries as typed (prefixes of titles and authors, 1 in 10 with a typo), 10 results each.")
            http.print()
            large.print()
            print("")
            for goal in goals { print(goal) }
        }
    }

    /// How long each search takes, after one warm-up pass over the same queries.
    static func searchLatencies(_ store: any BookStore, queries: [String]) async throws -> [Duration] {
        for query in queries.prefix(200) { _ = try await store.search(query, limit: 10) }
        let clock = ContinuousClock()
        var latencies: [Duration] = []
        for query in queries {
            latencies.append(try await clock.measure { _ = try await store.search(query, limit: 10) })
        }
        if ProcessInfo.processInfo.environment["SCOUT_BENCH_SLOWEST"] != nil {
            for (query, latency) in zip(queries, latencies).sorted(by: { $0.1 > $1.1 }).prefix(15) {
                print("slow: \(latency.milliseconds) \(query.debugDescription)")
            }
        }
        return latencies
    }

    /// How long `related(to:)` takes for 2000 books spread over the catalog.
    static func relatedLatencies(_ store: any BookStore, books: [Book]) async throws -> [Duration] {
        let clock = ContinuousClock()
        let step = max(books.count / 2000, 1)
        var latencies: [Duration] = []
        for book in stride(from: 0, to: books.count, by: step).map({ books[$0] }) {
            latencies.append(try await clock.measure { _ = try await store.related(to: book.id, kind: nil, limit: 50) })
        }
        return latencies
    }

    static func goal(_ what: String, _ measured: Duration, at limit: Duration) -> String {
        "\(what): \(measured.milliseconds) (goal ≤ \(limit.milliseconds): \(measured <= limit ? "met" : "NOT met"))"
    }
}
