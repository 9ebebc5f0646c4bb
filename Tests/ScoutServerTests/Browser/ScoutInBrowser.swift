import BookCatalog
import Foundation
import HTTPServer
import ImageLoading
import ScoutServer
import ScoutTestSupport
import Testing

/// Starts a thumbnail host and FakeWikipedia with `titles` (see ``BrowserFixtures/pages(_:images:)``),
/// and runs `body` with both.
func withUpstreams<T>(
    _ titles: [String], suggestions: [String: String] = [:],
    _ body: (FakeWikipedia, ThumbnailServer) async throws -> T
) async throws -> T {
    try await withThumbnailServer { images in
        try await withFakeWikipedia(
            pages: BrowserFixtures.pages(titles, images: images), suggestions: suggestions
        ) { fake in
            try await body(fake, images)
        }
    }
}

/// Starts Scout's HTTP app on 127.0.0.1 (a free port) in this process, its Wikipedia source
/// pointed at `fake`, its image proxy at `images` (for thumbnails and book covers) and its
/// book catalog at `books` (`configure` adjusts the rest, such as the photo sources), and runs `scenario` of
/// `Tests/browser/scenarios.py` against it in headless Chromium. Records an issue with the
/// scenario's output when it does not pass.
///
/// ```swift
/// try await withUpstreams(BrowserFixtures.planets) { fake, images in
///     try await runScenario("keyboard", wikipedia: fake, images: images)
/// }
/// ```
func runScenario(
    _ scenario: String, wikipedia fake: FakeWikipedia, images: ThumbnailServer? = nil,
    books: (any BookStore)? = nil,
    control: @escaping @Sendable (String) async throws -> Void = { command in
        throw ScenarioControlError.unknown(command)
    },
    configure: (inout ScoutServerConfiguration) -> Void = { _ in },
    script: URL = BrowserEnvironment.scenarios,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    if let missing = BrowserEnvironment.missing {
        // Only reached on CI (the suite is skipped elsewhere): there a missing browser fails.
        Issue.record("The browser tests cannot run on CI: \(missing)", sourceLocation: sourceLocation)
        return
    }
    var configuration = ScoutServerConfiguration(clock: ContinuousClock())
    configuration.wikipediaAPITemplate = fake.baseURL.absoluteString
    configuration.userAgent = "Scout-browser-tests/1.0 (https://example.invalid/scout)"
    configuration.imageCacheDirectory = nil
    if let images {
        configuration.wikimediaUploadBase = images.base
        configuration.bookCoverOrigins = ImageOrigin.goodreads(coverBase: images.base)
        configuration.extraImageHosts = [.init(scheme: "http", host: "127.0.0.1", port: Int(images.port))]
    }
    // The scenarios and the page together make more requests than a person would.
    configuration.clientRequestsPerSecond = 1000
    configuration.clientBurst = 1000
    configure(&configuration)
    let app = ScoutApp(configuration: configuration, books: books)
    let server = ServerConfiguration(host: "127.0.0.1", port: 0, accessLog: nil, shutdownGracePeriod: .seconds(1))
    let result = try await Server.withRunning(server, responder: app.router) { server in
        try await ScenarioRunner(scenario: scenario, baseURL: "http://127.0.0.1:\(server.port)", script: script)
            .run(control: control)
    }
    #expect(result.exitCode == 0, "scenario \(scenario) failed: \(result.transcript)", sourceLocation: sourceLocation)
}

/// A `@control` command the test does not know.
enum ScenarioControlError: Error, CustomStringConvertible {
    case unknown(String)

    var description: String {
        switch self {
        case .unknown(let command): "unknown control command \(command)"
        }
    }
}
