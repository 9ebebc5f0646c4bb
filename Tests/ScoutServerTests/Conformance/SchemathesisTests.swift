import BookCatalog
import BookStorage
import Foundation
import HTTPServer
import Providers
import ScoutServer
import ScoutTestSupport
import Testing

/// The API against its own OpenAPI document, judged by schemathesis (property-based testing
/// from the document: generated and mutated requests to every operation, then chains of them
/// along the document's links). Scout runs in process on 127.0.0.1 with every source behind a
/// fake and a small catalog, so no reply is a 5xx for want of an upstream. Every check runs
/// (`-c all`): no server error, bodies, headers, statuses and content types as documented,
/// schema-valid requests accepted and schema-violating ones refused, 405 with `Allow` for
/// other methods, and the stateful checks over links; in every phase, the stateful one
/// included. `schemathesis.toml` beside this file holds the one setting a command line cannot
/// say, with its reason. schemathesis has no reader for `application/x-ndjson` and says so (a
/// warning, not a failure): `/api/v1/multisearch`'s statuses, content types and headers are
/// judged here, its lines against `MultisearchLine` by `MultisearchTests`.
@Suite("API conformance (schemathesis)", .timeLimit(.minutes(10)))
struct SchemathesisTests {
    static let schemathesis = BrowserEnvironment.packageRoot.appending(path: ".build/venv/bin/schemathesis").path
    static let requirement = Requirement.executable(schemathesis, "`make test` installs it in .build/venv")

    @Test(
        "every operation and link of /api/openapi.json, every check, every phase: 0 failures",
        .enabled(if: requirement.mayRun, Comment(rawValue: requirement.skipReason)))
    func conformsToItsDocument() async throws {
        try Self.requirement.check()
        try await withTemporaryDirectory { directory in
            let store = try await SQLiteBookStore(path: directory.appending(path: "books.sqlite").path)
            _ = try await store.upsert(MapRouteTests.books)
            try await store.rebuildRelations()
            try await withFakeCommons(files: PhotoFixtures.files(12)) { commons in
                try await withFakeFlickr(photos: PhotoFixtures.photos(12)) { flickr in
                    try await withScoutApp(
                        pages: Self.pages, books: store,
                        configure: { configuration in
                            configuration.usePhotoFakes(commons: commons, flickr: flickr)
                            // schemathesis sends every request from 127.0.0.1, thousands a minute:
                            // the per-client limit is raised for it, as `--client-rate` would, so
                            // its requests are judged rather than refused. 429 stays documented,
                            // and `RouteLimitTests` prove it is given.
                            configuration.clientRequestsPerSecond = 100_000
                            configuration.clientBurst = 100_000
                        }
                    ) { _, _, port in
                        let run = try await Self.run(port: port, reports: directory)
                        #expect(run.exitCode == 0, "\(run.output)")
                    }
                }
            }
        }
    }

    static let pages: [FakeWikipedia.Page] = [
        .init(pageID: 1, title: "Zürich", description: "city in Switzerland"),
        .init(pageID: 2, title: "Zurich Insurance", description: "insurance company"),
        .init(pageID: 3, title: "Swift (programming language)", description: "programming language"),
    ]

    /// The settings the command line cannot say (`schemathesis.toml`, beside this file).
    static let configuration = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appending(path: "schemathesis.toml").path

    /// Runs schemathesis against the server on `port`: every check, every phase, with a fixed
    /// seed, no example database carried between runs and a bounded number of examples per
    /// operation, so the run is repeatable and takes well under a minute on two cores (300
    /// examples: 3,867 test cases in 35 s; 500 found nothing more under other seeds, in 80 s).
    static func run(port: UInt16, reports: URL) async throws -> (exitCode: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: schemathesis)
        process.arguments = [
            "--config-file", configuration,
            "run", "http://127.0.0.1:\(port)/api/openapi.json",
            "--checks", "all", "--phases", "examples,coverage,fuzzing,stateful", "--continue-on-failure",
            "--max-examples", "300", "--seed", "20261201", "--generation-database", "none",
            "--workers", "2", "--request-timeout", "10",
            "--report-dir", reports.appending(path: "schemathesis").path,
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["SCHEMATHESIS_TELEMETRY"] = "false"
        process.environment = environment
        // schemathesis keeps state (.schemathesis/) in its working directory: not the package's.
        process.currentDirectoryURL = reports
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let exited = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in exited.continuation.finish() }
        try process.run()
        let reader = Task.detached { output.fileHandleForReading.readDataToEndOfFile() }
        for await _ in exited.stream {}
        return (process.terminationStatus, String(decoding: await reader.value, as: UTF8.self))
    }
}
