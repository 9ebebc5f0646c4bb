import BookCatalog
import Foundation
import ScoutTestSupport

/// `scout-bench openlibrary`: generates an Open Library dump of `SCOUT_BENCH_OPENLIBRARY_WORKS`
/// works (1,000,000 by default) with ~1.5 editions and ~0.3 authors per work
/// (``OpenLibraryDumpGenerator``), gzips it as Open Library publishes it (when `gzip` is
/// installed), and imports it into every available store, then builds the relations of the
/// imported books, as `scout books import openlibrary` does before it returns. Goal (#37): a
/// million works with their editions and authors imported in under 5 minutes, read both ways
/// and printed for each: the import alone (the books searchable), and the command's whole time,
/// relations included.
struct OpenLibraryBenchmark {
    static let defaultWorks = 1_000_000
    static let goal = Duration.seconds(300)

    /// How many works: `SCOUT_BENCH_OPENLIBRARY_WORKS`, at least 1.
    static func works() throws -> Int {
        guard let text = ProcessInfo.processInfo.environment["SCOUT_BENCH_OPENLIBRARY_WORKS"] else {
            return defaultWorks
        }
        guard let works = Int(text), works >= 1 else {
            throw BenchmarkFailure(
                "SCOUT_BENCH_OPENLIBRARY_WORKS=\(text) is not a number of works; use 1 or more, e.g. 100000")
        }
        return works
    }

    func run() async throws {
        let works = try Self.works()
        try await withTemporaryDirectory(prefix: "scout-bench-openlibrary") { directory in
            let clock = ContinuousClock()
            let generator = OpenLibraryDumpGenerator(works: works)
            var files: [URL] = []
            let generating = try clock.measure { files = try generator.write(to: directory) }
            let plainBytes = try files.reduce(0) { $0 + (try Self.size(of: $1)) }
            files = files.map(Self.gzipped)
            let bytes = try files.reduce(0) { $0 + (try Self.size(of: $1)) }
            print(
                "Open Library dump: \(works) works, \(generator.authorCount) authors, "
                    + "\(plainBytes / 1_048_576) MiB of text, \(bytes / 1_048_576) MiB on disk, generated in \(generating)"
            )
            var report = Report(
                title: "Books: Open Library dump of \(works) works imported, then their relations built",
                columns: [
                    "store", "import", "works/s", "books", "skipped", "relations", "built in", "import + relations",
                ])
            var goals: [String] = []
            for kind in try BenchStore.available() {
                let store = try await kind.open(in: directory, name: "openlibrary")
                var summary = ImportSummary()
                let importing = try await clock.measure {
                    summary = try await OpenLibraryImporter(store: store, batchSize: 5000).importDump(files)
                }
                var relations = 0
                let relating = try await clock.measure {
                    relations = try await store.rebuildRelations(affecting: summary.changedBooks)
                }
                let seconds = Double(importing.components.seconds) + Double(importing.components.attoseconds) / 1e18
                let total = importing + relating
                report.add([
                    kind.name, importing.seconds, String(Int(Double(works) / max(seconds, 0.001))),
                    String(try await store.count()), String(summary.skipped.count), String(relations), relating.seconds,
                    total.seconds,
                ])
                goals.append(Self.goalLine("\(kind.name) import of \(works) works alone", importing))
                goals.append(Self.goalLine("\(kind.name) import of \(works) works with their relations", total))
            }
            report.print()
            for goal in goals { print(goal) }
        }
    }

    /// `what` took `measured`: the goal's line for one reading of it.
    static func goalLine(_ what: String, _ measured: Duration) -> String {
        "\(what): \(measured.seconds) (goal: under 5 minutes: \(measured < goal ? "met" : "NOT met"))"
    }

    static func size(of url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
    }

    /// `url` gzipped in place by the system's `gzip -1` (`url.gz`), or `url` itself when there is
    /// no `gzip`: the importer reads both.
    static func gzipped(_ url: URL) -> URL {
        guard
            FileManager.default.isExecutableFile(atPath: "/usr/bin/gzip")
                || FileManager.default.isExecutableFile(atPath: "/bin/gzip")
        else {
            return url
        }
        let process = Process()
        process.executableURL = URL(
            fileURLWithPath: FileManager.default.isExecutableFile(atPath: "/usr/bin/gzip")
                ? "/usr/bin/gzip" : "/bin/gzip")
        process.arguments = ["-1", "-f", url.path]
        guard (try? process.run()) != nil else { return url }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? url.appendingPathExtension("gz") : url
    }
}
