import Foundation
import ImageLoading
import Networking
import ScoutModels
import ScoutServer
import Testing

/// Covers of books imported from Open Library's dumps go through the proxy from
/// covers.openlibrary.org only, in its own key shape, under Open Library's host policy (T1).
@Suite("Open Library cover origin (T1)", .timeLimit(.minutes(10)))
struct OpenLibraryOriginTests {
    static let origin = ImageOrigin.openLibraryCovers()

    @Test("a cover maps to /img/books-ol/ and back")
    func roundTrip() throws {
        let url = URL(string: "https://covers.openlibrary.org/b/id/8231856-M.jpg")!
        #expect(Self.origin.proxyPath(for: url) == "/img/books-ol/b/id/8231856-M.jpg")
        #expect(
            Self.origin.url(for: "b/id/8231856-S.jpg")?.absoluteString
                == "https://covers.openlibrary.org/b/id/8231856-S.jpg")
    }

    @Test(
        "other addresses of the host and other hosts have no key",
        arguments: [
            "https://covers.openlibrary.org/b/isbn/0553383043-M.jpg", "https://covers.openlibrary.org/b/id/-1-M.jpg",
            "https://covers.openlibrary.org/b/id/123-X.jpg", "https://covers.openlibrary.org/b/id/123-M.png",
            "https://covers.openlibrary.org/a/olid/OL1A-M.jpg", "http://covers.openlibrary.org/b/id/1-M.jpg",
            "https://openlibrary.org/b/id/1-M.jpg", "https://covers.openlibrary.org/b/id/1-M.jpg?x=1",
        ])
    func refused(url: String) {
        #expect(Self.origin.key(for: URL(string: url)!) == nil)
    }

    @Test("the server proxies book covers from Open Library by default, under its host policy")
    func configured() {
        let configuration = ScoutServerConfiguration(clock: ContinuousClock())
        #expect(configuration.bookCoverOrigins.contains { $0.host == "covers.openlibrary.org" })
        // covers.openlibrary.org falls under this entry (a host's policy is its longest known suffix).
        #expect(APIClient.Configuration.knownHosts["openlibrary.org"] == .openLibrary)
    }
}
