import BookCatalog
import Foundation

/// tantivy, a real search engine, through `scripts/relevance-tantivy.py`: the catalog and the
/// queries go to it as JSON lines in `directory`, it indexes title, authors, alternate titles and
/// series names in memory, runs
/// each query as a BooleanQuery of its words (a term for each, fuzzy within one edit from 5
/// letters, the last one a prefix) with its own BM25 scoring, and writes back each query's top
/// 10 and the time of its search alone.
///
/// The interpreter is `SCOUT_BENCH_PYTHON`, or `.build/venv/bin/python3`, where `make venv`
/// installs tantivy.
struct TantivyRunner: RelevanceRunner {
    static let name = "tantivy"
    var name: String { Self.name }
    let directory: URL
    let catalog: URL

    /// An empty catalog file `name` in `directory`; ``write(_:)`` fills it.
    static func make(directory: URL, name: String) throws -> TantivyRunner {
        let catalog = directory.appending(path: "\(name)-catalog.jsonl")
        _ = FileManager.default.createFile(atPath: catalog.path, contents: nil)
        return TantivyRunner(directory: directory, catalog: catalog)
    }

    /// Appends `books` to the catalog file.
    func write(_ books: [Book]) throws {
        let handle = try FileHandle(forWritingTo: catalog)
        defer { try? handle.close() }
        try handle.seekToEnd()
        var lines = ""
        for book in books {
            let fields = [
                ("id", book.sourceID), ("title", book.title), ("authors", book.authors.joined(separator: ", ")),
                ("alternates", book.alternateTitles.joined(separator: " / ")),
                ("series", book.series.map(\.name).joined(separator: " / ")),
            ]
            lines += "{" + fields.map { "\(Self.json($0)):\(Self.json($1))" }.joined(separator: ",") + "}\n"
        }
        try handle.write(contentsOf: Data(lines.utf8))
    }

    func run(_ queries: [String]) async throws -> RelevanceRun {
        let stem = catalog.deletingPathExtension().lastPathComponent
        let queriesFile = directory.appending(path: "\(stem)-queries.jsonl")
        let resultsFile = directory.appending(path: "\(stem)-results.jsonl")
        let summaryFile = directory.appending(path: "\(stem)-summary.json")
        try Data(queries.map { "{\"text\":\(Self.json($0))}\n" }.joined().utf8).write(to: queriesFile)
        try Command.run(
            try Self.interpreter(),
            [
                "scripts/relevance-tantivy.py", catalog.path, queriesFile.path, resultsFile.path, summaryFile.path,
                String(RelevanceAnswer.warmUpCount), String(RelevanceAnswer.timedPasses),
            ])
        let summary = try JSONDecoder().decode(Summary.self, from: Data(contentsOf: summaryFile))
        let results = try String(contentsOf: resultsFile, encoding: .utf8).split(separator: "\n").map {
            try JSONDecoder().decode(Result.self, from: Data($0.utf8))
        }
        guard results.count == queries.count else {
            throw BenchmarkFailure("tantivy answered \(results.count) of \(queries.count) queries")
        }
        return RelevanceRun(
            answers: results.map { RelevanceAnswer(sourceIDs: $0.ids, latency: .nanoseconds($0.ns)) },
            indexing: .nanoseconds(Int64(summary.indexMilliseconds * 1e6)),
            peakBytes: summary.peakKilobytes.map { $0 * 1024 })
    }

    /// The Python with tantivy installed; fails with what to run when it is missing.
    static func interpreter() throws -> String {
        let path = ProcessInfo.processInfo.environment["SCOUT_BENCH_PYTHON"] ?? ".build/venv/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw BenchmarkFailure(
                "\(path) is missing: run `make venv` (it installs tantivy) or set SCOUT_BENCH_PYTHON to a Python with tantivy."
            )
        }
        return path
    }

    /// `text` as a JSON string literal.
    static func json(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case _ where scalar.value < 0x20: literal += String(format: "\\u%04x", scalar.value)
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    private struct Summary: Decodable {
        let books: Int
        let indexMilliseconds: Double
        let peakKilobytes: Int?

        enum CodingKeys: String, CodingKey {
            case books
            case indexMilliseconds = "index_ms"
            case peakKilobytes = "peak_rss_kb"
        }
    }

    private struct Result: Decodable {
        let ids: [String]
        let ns: Int64
    }
}
