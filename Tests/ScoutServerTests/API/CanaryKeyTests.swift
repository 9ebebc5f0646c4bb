import Foundation
import HTTPServer
import Networking
import Providers
import ScoutServer
import ScoutTestSupport
import Testing

/// SECURITY.md T3: with a canary Flickr key in the environment, the key appears in no page,
/// JSON reply, header, error or log line — whatever a client asks for, even the key itself.
@Suite("Canary API key never leaks (T3)", .timeLimit(.minutes(10)))
struct CanaryKeyTests {
    static let canary = "canary-9f3b2c71d4e8a6f0"

    @Test("every route, every error, the access log")
    func noLeak() async throws {
        let logPath = FileManager.default.temporaryDirectory.appending(path: "scout-canary-\(UUID()).log").path
        let descriptor = open(logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        defer {
            close(descriptor)
            try? FileManager.default.removeItem(atPath: logPath)
        }
        var seen: [String] = []
        // Flickr is FakeFlickr, refusing the canary: no test reaches the real API.
        try await withFakeFlickr(apiKeys: []) { flickr in
            try await withScoutApp(
                pages: [FakeWikipedia.Page(pageID: 1, title: "Alpha", description: "A page")],
                configure: { configuration in
                    configuration.flickrAPIKey = FlickrAPIKey(Self.canary)
                    configuration.userAgent = UserAgent.make(contact: "ops@example.org")
                    configuration.flickrAPIAddress = flickr.baseURL.absoluteString
                },
                server: { $0.accessLog = AccessLog(fileDescriptor: descriptor) }
            ) { fake, _, port in
                let targets = [
                    "/", "/static/app.js", "/static/scout.css", "/api/openapi.json", "/api/v1/sources",
                    "/api/v1/search?q=alpha", "/api/v1/search?q=alpha&source=flickr", "/api/v1/search",
                    "/api/v1/search?q=alpha&api_key=\(Self.canary)", "/search?q=alpha", "/search?q=alpha&source=flickr",
                    "/img/flickr/photo.jpg", "/img/wikipedia/x", "/healthz", "/missing?key=\(Self.canary)",
                ]
                for target in targets {
                    let reply = try await RawHTTPConnection(port: port).get(target)
                    seen.append(reply.text)
                    seen += reply.headers.map { "\($0.name): \($0.value)" }
                }
                seen += fake.requests.map(\.rawTarget)
                seen += fake.requests.flatMap { $0.headers.map(\.value) }
            }
        }
        seen.append(try String(contentsOfFile: logPath, encoding: .utf8))
        #expect(seen.count > 30)
        #expect(seen.filter { $0.contains(Self.canary) }.isEmpty)
    }
}
