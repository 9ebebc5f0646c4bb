import BookCatalog
import Foundation
import ScoutTestSupport

/// `scout-bench openlibrary`: generates an Open Library dump of `SCOUT_BENCH_OPENLIBRARY_WORKS`
/// works (1,000,000 by default) with ~1.5 editions and ~0.3 authors per work
/// (``OpenLibraryDumpGenerator``), gzips it as Open Library publishes it (when `gzip` is
/// installed), and imports it into every available store. Goal (#37): a million works with
/// their editions and authors imported in under 5 minutes.
struct OpenLibraryBenchmark {
    static let works =
        ProcessInfo.processInfo.environment["SCOUT_BENCH_OPENLIBRARY_WORKS"].flatMap(Int.init) ?? 1_000_000
    static let goal = Duration.seconds(300)

    func run() async throws {
        try await withTemporaryDirectory(prefix: "scout-bench-openlibrary") { directory in
            let clock = ContinuousClock()
            let generator = OpenLibraryDumpGenerator(works: Self.works)
            var files: [URL] = []
            let generating = try clock.measure { files = try generator.write(to: directory) }
            let plainBytes = try files.reduce(0) { $0 + (try Self.size(of: $1)) }
            files = files.map(Self.gzipped)
            let bytes = try files.reduce(0) { $0 + (try Self.size(of: $1)) }
            print(
                "Open Library dump: \(Self.works) works, \(generator.authorCount) authors, "
                    + "\(plainBytes / 1_048_576) MiB of text, \(bytes / 1_048_576) MiB on disk, generated in \(generating)"
            )
            var report = Report(
                title: "Books: Open Library dump of \(Self.works) works imported",
                columns: ["store", "import", "books", "skipped", "works/s"])
            var goals: [String] = []
            for kind in try BenchStore.available() {
                let store = try await kind.open(in: directory, name: "openlibrary")
                var summary = ImportSummary()
                let importing = try await clock.measure {
                    summary = try await OpenLibraryImporter(store: store, batchSize: 5000).importDump(files)
                }
                let seconds = Double(importing.components.seconds) + Double(importing.components.attoseconds) / 1e18
                report.add([
                    kind.name, "\(importing)", String(try await store.count()), String(summary.skipped.count),
                    String(Int(Double(Self.works) / max(seconds, 0.001))),
                ])
                let verdict = importing < Self.goal ? "met" : "NOT met"
                goals.append(
                    "\(kind.name) import of \(Self.works) works: \(importing) (goal: under 5 minutes: \(verdict))")
            }
            report.print()
            for goal in goals { print(goal) }
        }
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
