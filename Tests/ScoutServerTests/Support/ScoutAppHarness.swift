import BookCatalog
import Foundation
import HTTPServer
import Networking
import ScoutServer
import ScoutTestSupport

/// Scout's app on 127.0.0.1:0, pointed at a FakeWikipedia; `configure` adjusts the app's
/// settings (`configureForFake` too, knowing the fake: its address), `server` the HTTP limits,
/// and `client`, when given, sends the app's upstream calls.
func withScoutApp<T>(
    pages: [FakeWikipedia.Page],
    suggestions: [String: String] = [:],
    books: (any BookStore)? = nil,
    catalog: CatalogConnection? = nil,
    configure: (inout ScoutServerConfiguration) -> Void = { _ in },
    configureForFake: (inout ScoutServerConfiguration, FakeWikipedia) -> Void = { _, _ in },
    client: APIClient? = nil,
    fakeClock: any Clock<Duration> = ContinuousClock(),
    server configureServer: (inout ServerConfiguration) -> Void = { _ in },
    _ body: (FakeWikipedia, ScoutApp, UInt16) async throws -> T
) async throws -> T {
    try await withFakeWikipedia(pages: pages, suggestions: suggestions, clock: fakeClock) { fake in
        var configuration = ScoutServerConfiguration(clock: ContinuousClock())
        configuration.wikipediaAPITemplate = fake.baseURL.absoluteString
        configuration.imageCacheDirectory = nil
        configuration.clientBurst = 1000
        configuration.clientRequestsPerSecond = 1000
        configure(&configuration)
        configureForFake(&configuration, fake)
        let app = ScoutApp(
            configuration: configuration, catalog: catalog ?? books.map(CatalogConnection.init(store:)), client: client)
        var serverConfiguration = ServerConfiguration(host: "127.0.0.1", port: 0, accessLog: nil)
        serverConfiguration.shutdownGracePeriod = .milliseconds(200)
        serverConfiguration.limits.maxConnectionsPerIP = 256
        configureServer(&serverConfiguration)
        return try await Server.withRunning(serverConfiguration, responder: app.router) { server in
            try await body(fake, app, server.port)
        }
    }
}

/// An upstream client on `clock` making one attempt a call: a failure is final at once, so no
/// retry's backoff waits on a manual clock that a test advances only to expire its cache.
func oneAttemptClient(on clock: any Clock<Duration>) -> APIClient {
    var policy = HostPolicy()
    policy.maxAttempts = 1
    return APIClient(
        configuration: .init(userAgent: UserAgent.make(contact: nil), hostPolicies: [:], defaultPolicy: policy),
        clock: clock)
}

/// Percent-encodes a query value for test URLs (RFC 3986 unreserved set).
func encoded(_ value: String) -> String {
    value.addingPercentEncoding(
        withAllowedCharacters: CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? value
}
