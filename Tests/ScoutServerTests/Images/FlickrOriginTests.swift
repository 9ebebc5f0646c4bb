import Foundation
import ImageLoading
import Networking
import ScoutModels
import ScoutServer
import Testing

/// Flickr photos go through the proxy like Wikimedia thumbnails: live.staticflickr.com over
/// https only, keys of the one shape Flickr's photo URLs have, nothing else (T1).
@Suite("Flickr image origin (T1)", .timeLimit(.minutes(10)))
struct FlickrOriginTests {
    static let origin = ImageOrigin.flickr()

    @Test(
        "photo URLs map to /img/flickr/ paths and back",
        arguments: [
            "https://live.staticflickr.com/65535/49514337848_bbdbb5f761_q.jpg",
            "https://live.staticflickr.com/65535/49514337848_bbdbb5f761_z.jpg",
            "https://live.staticflickr.com/200/477842380_ee69046f6f_m.jpg",
            "https://live.staticflickr.com/7/1_abcd_b.jpg",
        ])
    func roundTrip(url: String) throws {
        let path = try #require(Self.origin.proxyPath(for: URL(string: url)!))
        #expect(path == "/img/flickr/" + url.dropFirst("https://live.staticflickr.com/".count))
        let key = String(path.dropFirst("/img/flickr/".count))
        #expect(Self.origin.url(for: key)?.absoluteString == url)
    }

    @Test(
        "other hosts, schemes, ports, shapes and sizes have no key",
        arguments: [
            "http://live.staticflickr.com/65535/49514337848_bbdbb5f761_q.jpg",
            "https://live.staticflickr.com:8443/65535/49514337848_bbdbb5f761_q.jpg",
            "https://farm66.staticflickr.com/65535/49514337848_bbdbb5f761_q.jpg",
            "https://live.staticflickr.com./65535/49514337848_bbdbb5f761_q.jpg",
            "https://user@live.staticflickr.com/65535/49514337848_bbdbb5f761_q.jpg",
            "https://live.staticflickr.com/65535/49514337848_bbdbb5f761_o.jpg",
            "https://live.staticflickr.com/65535/49514337848_bbdbb5f761_q.png",
            "https://live.staticflickr.com/65535/49514337848_BBDBB5F761_q.jpg",
            "https://live.staticflickr.com/65535/49514337848_bbdbb5f761.jpg",
            "https://live.staticflickr.com/65535/49514337848_bbdbb5f761_q_x.jpg",
            "https://live.staticflickr.com/abc/49514337848_bbdbb5f761_q.jpg",
            "https://live.staticflickr.com/65535/x/49514337848_bbdbb5f761_q.jpg",
            "https://live.staticflickr.com/65535/../49514337848_bbdbb5f761_q.jpg",
            "https://live.staticflickr.com/65535/49514337848_bbdbb5f761_q.jpg?api_key=1",
            "https://live.staticflickr.com/65535/49514337848_bbdbb5f761_q.jpg#x",
            "https://live.staticflickr.com/65535/49514337848_bbdbb5f761_q.jpg%2F..%2F..",
        ])
    func refused(url: String) {
        #expect(URL(string: url).flatMap(Self.origin.proxyPath(for:)) == nil, "\(url)")
    }

    @Test(
        "hostile keys build no URL",
        arguments: [
            "", "..", "../etc/passwd", "65535/../../x_ab12_q.jpg", "65535//1_ab12_q.jpg", "65535/1_ab12_q.jpg/x",
            "65535/1_ab12_q.jpg\u{0}", "65535/1_ab12_q.jpg?x=1", "%2e%2e/1_ab12_q.jpg", "65535\\1_ab12_q.jpg",
            "@evil.example/1_ab12_q.jpg", "65535/1_ab12_q.jpg#", "65535/1_ab\u{FF0F}12_q.jpg",
        ])
    func hostileKeys(key: String) {
        #expect(Self.origin.url(for: key) == nil, "\(key)")
    }

    @Test("the allowlist of a server with Flickr adds exactly live.staticflickr.com")
    func allowlist() async {
        let resolver = HostResolver { _ in [IPAddress("151.101.1.1")!] }
        let allowlist = ImageAllowlist(origins: [.wikimedia(), Self.origin], resolver: resolver)
        #expect(
            allowlist.originEntries
                == Set(["upload.wikimedia.org", "live.staticflickr.com"].map { ImageAllowlist.Entry(host: $0) }))
        #expect(await allowlist.allows(URL(string: "https://live.staticflickr.com/65535/1_ab12_q.jpg")!))
        #expect(await allowlist.allows(URL(string: "https://staticflickr.com/65535/1_ab12_q.jpg")!) == false)
        #expect(await allowlist.allows(URL(string: "https://live.staticflickr.com:444/65535/1_ab12_q.jpg")!) == false)
    }
}
