import Foundation
import ImageLoading
import Networking
import ScoutModels
import ScoutServer
import Testing

/// Book covers on the three Goodreads image hosts go through the proxy like Wikimedia
/// thumbnails: exact hosts over https, keys of the hosts' own shapes, nothing else (T1).
@Suite("Goodreads cover origins (T1)", .timeLimit(.minutes(10)))
struct GoodreadsOriginTests {
    static let origins = ImageOrigin.goodreads()

    static func path(_ url: String) -> String? {
        origins.lazy.compactMap { $0.proxyPath(for: URL(string: url)!) }.first
    }

    @Test(
        "covers of the data set and of crawled pages map to /img/ paths and back",
        arguments: [
            ("https://images.gr-assets.com/books/1447303603m/2767052.jpg", "/img/books/books/1447303603m/2767052.jpg"),
            ("https://images.gr-assets.com/books/1474154022s/3.jpg", "/img/books/books/1474154022s/3.jpg"),
            (
                "https://i.gr-assets.com/images/S/compressed.photo.goodreads.com/books/1586722975i/2767052._SY75_.jpg",
                "/img/books-i/images/S/compressed.photo.goodreads.com/books/1586722975i/2767052._SY75_.jpg"
            ),
            (
                "https://s.gr-assets.com/assets/nophoto/book/111x148-bcc042a9c91a29c1d680899eff700a03.png",
                "/img/books-s/assets/nophoto/book/111x148-bcc042a9c91a29c1d680899eff700a03.png"
            ),
        ])
    func roundTrip(url: String, path: String) throws {
        #expect(Self.path(url) == path)
        let name = String(path.split(separator: "/")[1])
        let origin = try #require(Self.origins.first { $0.source.rawValue == name })
        let key = String(path.dropFirst("/img/\(name)/".count))
        #expect(origin.url(for: key)?.absoluteString == url)
    }

    @Test(
        "other hosts, schemes, ports and paths have no key",
        arguments: [
            "http://images.gr-assets.com/books/1447303603m/2767052.jpg",
            "https://images.gr-assets.com:8443/books/1447303603m/2767052.jpg",
            "https://evil.gr-assets.com/books/1447303603m/2767052.jpg",
            "https://images.gr-assets.com./books/1447303603m/2767052.jpg",
            "https://user@images.gr-assets.com/books/1447303603m/2767052.jpg",
            "https://images.gr-assets.com/books/1447303603m/2767052.svg",
            "https://images.gr-assets.com/books/../../etc/passwd.jpg",
            "https://images.gr-assets.com/books/1447303603/2767052.jpg",
            "https://images.gr-assets.com/authors/1447303603m/2767052.jpg",
            "https://images.gr-assets.com/books/1447303603m/2767052.jpg?x=1",
            "https://i.gr-assets.com/images/S/evil.example/books/1586722975i/2767052.jpg",
            "https://s.gr-assets.com/assets/nophoto/user/u_111x148.png",
        ])
    func refused(url: String) {
        #expect(Self.path(url) == nil, "\(url)")
    }

    @Test("the allowlist of a server with books has exactly the three hosts beside Wikimedia's")
    func allowlist() async {
        let resolver = HostResolver { _ in [IPAddress("151.101.1.1")!] }
        let allowlist = ImageAllowlist(origins: [.wikimedia()] + Self.origins, resolver: resolver)
        #expect(
            allowlist.originEntries
                == Set(
                    ["upload.wikimedia.org", "images.gr-assets.com", "i.gr-assets.com", "s.gr-assets.com"].map {
                        ImageAllowlist.Entry(host: $0)
                    }))
        #expect(await allowlist.allows(URL(string: "https://images.gr-assets.com/books/1447303603m/2767052.jpg")!))
        #expect(await allowlist.allows(URL(string: "https://gr-assets.com/books/1447303603m/2767052.jpg")!) == false)
    }
}
