import BookCatalog
import BookStorage
import Foundation
import HTTPServer
import Providers
import ScoutServer
import ScoutTestSupport
import Testing

/// The API against its own OpenAPI document, judged by schemathesis (property-based testing
/// from the document: generated and mutated requests to every operation). Scout runs in
/// process with every source behind a fake and a small catalog, so no reply is a 5xx for want
/// of an upstream. The checks: no server error, response bodies match their schemas, statuses
/// are documented, and so are content types.
@Suite("API conformance (schemathesis)", .timeLimit(.minutes(10)))
struct SchemathesisTests {
    static let schemathesis = BrowserEnvironment.packageRoot.appending(path: ".build/venv/bin/schemathesis").path
    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: schemathesis) }

    @Test(
        "every operation of /api/openapi.json: no server error, schemas, statuses, content types",
        .enabled(if: BrowserEnvironment.isCI || isInstalled, "schemathesis is not in .build/venv: run `make test`"))
    func conformsToItsDocument() async throws {
        try #require(Self.isInstalled, "schemathesis is missing at \(Self.schemathesis); `make test` installs it")
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

    /// Runs schemathesis against the server on `port`, with a fixed seed and a bounded number
    /// of examples per operation so the run is repeatable and takes about a minute.
    static func run(port: UInt16, reports: URL) async throws -> (exitCode: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: schemathesis)
        process.arguments = [
            "run", "http://127.0.0.1:\(port)/api/openapi.json",
            "--checks",
            "not_a_server_error,response_schema_conformance,status_code_conformance,"
                + "content_type_conformance",
            "--max-examples", "100", "--seed", "20261201", "--workers", "2", "--request-timeout", "10",
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
        try process.run()
        let reader = Task.detached { output.fileHandleForReading.readDataToEndOfFile() }
        while process.isRunning { try await Task.sleep(for: .milliseconds(100)) }
        return (process.terminationStatus, String(decoding: await reader.value, as: UTF8.self))
    }
}
