import BookCatalog
import Foundation
import HTTPServer
import ScoutServer
import ScoutTestSupport

/// Scout's app on 127.0.0.1:0, pointed at a FakeWikipedia; `configure` adjusts the app's
/// settings and `server` the HTTP limits.
func withScoutApp<T>(
    pages: [FakeWikipedia.Page],
    suggestions: [String: String] = [:],
    books: (any BookStore)? = nil,
    catalog: CatalogConnection? = nil,
    configure: (inout ScoutServerConfiguration) -> Void = { _ in },
    server configureServer: (inout ServerConfiguration) -> Void = { _ in },
    _ body: (FakeWikipedia, ScoutApp, UInt16) async throws -> T
) async throws -> T {
    try await withFakeWikipedia(pages: pages, suggestions: suggestions) { fake in
        var configuration = ScoutServerConfiguration()
        configuration.wikipediaAPITemplate = fake.baseURL.absoluteString
        configuration.imageCacheDirectory = nil
        configuration.clientBurst = 1000
        configuration.clientRequestsPerSecond = 1000
        configure(&configuration)
        let app = ScoutApp(configuration: configuration, catalog: catalog ?? books.map(CatalogConnection.init(store:)))
        var serverConfiguration = ServerConfiguration(host: "127.0.0.1", port: 0, accessLog: nil)
        serverConfiguration.shutdownGracePeriod = .milliseconds(200)
        serverConfiguration.limits.maxConnectionsPerIP = 256
        configureServer(&serverConfiguration)
        return try await Server.withRunning(serverConfiguration, responder: app.router) { server in
            try await body(fake, app, server.port)
        }
    }
}

/// Percent-encodes a query value for test URLs (RFC 3986 unreserved set).
func encoded(_ value: String) -> String {
    value.addingPercentEncoding(
        withAllowedCharacters: CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? value
}
