import Foundation
import HTTPServer
import Networking
import Providers
import ScoutServer
import ScoutTestSupport
import Testing

/// SECURITY.md T3 through a working Flickr source: the canary key searches FakeFlickr for
/// real, and still appears in no page, JSON reply, header or log line — also when Flickr
/// refuses it. (The fake itself must see it: that proves the key was used.)
extension CanaryKeyTests {
    static let flickrCanary = "0ca4a27c9f3b2c71d4e8a6f0ca4a27c9"

    static let flickrTargets = [
        "/", "/static/app.js", "/static/photos.js", "/api/v1/sources", "/api/v1/search?source=flickr&q=hut",
        "/api/v1/search?source=flickr&q=hut&cursor=2&limit=20", "/api/v1/search?source=flickr&q=hut&cursor=x",
        "/api/v1/search?source=flickr&q=hut&limit=999", "/api/v1/search?source=flickr",
        "/api/v1/search?source=flickr&q=hut&api_key=\(flickrCanary)", "/search?q=hut&source=flickr",
        "/img/flickr/65535/4000001_ee69000001_q.jpg", "/img/flickr/x?api_key=\(flickrCanary)", "/healthz",
    ]

    @Test("every Flickr route and error, the access log; with an accepted and a refused key", arguments: [true, false])
    func noLeakThroughFlickr(accepted: Bool) async throws {
        let logPath = FileManager.default.temporaryDirectory.appending(path: "scout-flickr-canary-\(UUID()).log").path
        let descriptor = open(logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        defer {
            close(descriptor)
            try? FileManager.default.removeItem(atPath: logPath)
        }
        var seen: [String] = []
        var statuses: [Int] = []
        try await withPhotoApp(
            files: [], photos: PhotoFixtures.photos(30), flickrKey: nil,
            acceptedKeys: accepted ? [Self.flickrCanary] : ["someone-else"],
            configure: { configuration in
                configuration.flickrAPIKey = FlickrAPIKey(Self.flickrCanary)
                configuration.userAgent = UserAgent.make(contact: "ops@example.org")
            },
            server: { $0.accessLog = AccessLog(fileDescriptor: descriptor) }
        ) { _, flickr, _, port in
            for target in Self.flickrTargets {
                let reply = try await RawHTTPConnection(port: port).get(target)
                statuses.append(reply.status)
                seen.append(reply.text)
                seen += reply.headers.map { "\($0.name): \($0.value)" }
            }
            #expect(flickr.requests.contains { $0.rawTarget.contains(Self.flickrCanary) })
        }
        seen.append(try String(contentsOfFile: logPath, encoding: .utf8))
        if accepted { #expect(statuses[4] == 200) }
        #expect(seen.joined().contains("Hut 001") == accepted)
        #expect(seen.filter { $0.contains(Self.flickrCanary) }.isEmpty)
    }

    @Test("the key never shows in the configuration's description")
    func keyNeverDescribed() {
        var configuration = ScoutServerConfiguration(clock: ContinuousClock())
        #expect(configuration.flickrAPIKey == nil)
        configuration.flickrAPIKey = FlickrAPIKey(Self.flickrCanary)
        #expect(!String(describing: configuration).contains(Self.flickrCanary))
        #expect(!String(reflecting: configuration).contains(Self.flickrCanary))
    }
}
