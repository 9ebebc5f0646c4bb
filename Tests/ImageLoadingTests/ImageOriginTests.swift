import Foundation
import HTTPServer
import ImageLoading
import ScoutModels
import ScoutTestSupport
import Testing

@Suite("ImageOrigin", .timeLimit(.minutes(10)))
struct ImageOriginTests {
    let origin = ImageOrigin.wikimedia()

    @Test(
        "every Wikimedia thumbnail URL in the fixtures round-trips: URL → key → URL → key (reads ../shared)",
        .enabled(if: Requirement.sharedFixtures.mayRun, Comment(rawValue: Requirement.sharedFixtures.skipReason)))
    func fixtureRoundTrip() throws {
        let directory = try SharedFixtures.url("fixtures/wikipedia")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }
        var urls: Set<String> = []
        for name in names {
            collectUploadURLs(in: try SharedFixtures.json("fixtures/wikipedia/\(name)"), into: &urls)
        }
        #expect(urls.count >= 40)
        for text in urls.sorted() {
            let url = try #require(URL(string: text))
            let key = try #require(origin.key(for: url), "no key for \(text)")
            let rebuilt = try #require(origin.url(for: key), "no URL for \(key)")
            #expect(origin.key(for: rebuilt) == key)
            // The rebuilt URL is the original minus Wikipedia's utm_* tracking tags.
            #expect(rebuilt.absoluteString == text.split(separator: "?").first.map(String.init))
        }
    }

    @Test("percent-encoded non-ASCII, parentheses and commas decode into the key and encode back")
    func encodedFileName() throws {
        let text =
            "https://upload.wikimedia.org/wikipedia/commons/thumb/1/1a/"
            + "Barc_%28Eure%2C_Fr%29_%C3%A9glise_Saint-Cr%C3%A9pin-Saint-Cr%C3%A9pinien_%2802%29.JPG/"
            + "140px-Barc_%28Eure%2C_Fr%29_%C3%A9glise_Saint-Cr%C3%A9pin-Saint-Cr%C3%A9pinien_%2802%29.JPG"
        let key = try #require(origin.key(for: URL(string: text)!))
        #expect(key.hasSuffix("/140px-Barc_(Eure,_Fr)_église_Saint-Crépin-Saint-Crépinien_(02).JPG"))
        #expect(origin.url(for: key)?.absoluteString == text)
        #expect(origin.key(for: URL(string: text + "?utm_source=en.wikipedia.org&utm_campaign=api")!) == key)
    }

    @Test("originals (no thumb/) and other projects have keys too")
    func shapes() {
        for path in [
            "wikipedia/en/2/2c/Abacab.jpg", "wikipedia/en/thumb/6/69/Barcel_logo.gif/140px-Barcel_logo.gif",
            "wikipedia/commons/thumb/0/04/NYC_subway-4D.svg/296px-NYC_subway-4D.svg.png",
            "wikipedia/commons/thumb/a/ab/Doc.tif/lossy-page1-120px-Doc.tif.jpg",
            "wiktionary/fr/thumb/3/3f/X.webp/80px-X.webp",
        ] {
            let url = URL(string: "https://upload.wikimedia.org/" + path)!
            #expect(origin.key(for: url) == path)
            #expect(origin.url(for: path) == url)
        }
    }

    @Test("URLs not under the base, or carrying more than a path, have no key")
    func foreignURLs() {
        let path = "wikipedia/commons/thumb/a/ab/X.png/120px-X.png"
        for text in [
            "http://upload.wikimedia.org/\(path)", "https://upload.wikimedia.org:8443/\(path)",
            "https://UPLOAD.wikimedia.org.evil.example/\(path)", "https://user@upload.wikimedia.org/\(path)",
            "https://upload.wikimedia.org/\(path)?width=9000", "https://upload.wikimedia.org/\(path)?utm_x=1&w=2",
            "https://upload.wikimedia.org/\(path)#x", "https://commons.wikimedia.org/\(path)",
            "https://upload.wikimedia.org/robots.txt", "https://upload.wikimedia.org/wikipedia/commons/%2E%2E/x.png",
            "https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/X%2F.png/120px-X.png",
            "https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/X.png/120px-X%00.png",
            "https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/X.svg/120px-X.svg",
        ] {
            #expect(origin.key(for: URL(string: text)!) == nil, "\(text)")
        }
        #expect(origin.key(for: URL(string: "https://upload.wikimedia.org/\(path)")!) == path)
    }

    @Test("T1: every hostile key is refused", arguments: HostileImageInputs.keys)
    func hostileKeys(key: String) {
        #expect(HostileImageInputs.keys.count >= 30)
        #expect(origin.url(for: key) == nil)
        #expect(origin.percentEncodedKey(key) == nil)
    }

    @Test("a base on another host and port maps only its own URLs")
    func testBase() throws {
        let local = ImageOrigin.wikimedia(base: URL(string: "http://127.0.0.1:8123")!)
        #expect(local.base.absoluteString == "http://127.0.0.1:8123/")
        let key = "wikipedia/commons/thumb/a/ab/X.png/120px-X.png"
        #expect(local.url(for: key)?.absoluteString == "http://127.0.0.1:8123/" + key)
        #expect(local.key(for: URL(string: "http://127.0.0.1:8123/" + key)!) == key)
        #expect(local.key(for: URL(string: "http://127.0.0.1:8124/" + key)!) == nil)
        #expect(local.key(for: URL(string: "https://upload.wikimedia.org/" + key)!) == nil)
        #expect(local.source == .wikipedia)
        #expect(local.host == "127.0.0.1" && local.port == 8123 && local.scheme == "http")
    }
}

private func collectUploadURLs(in value: JSONValue, into urls: inout Set<String>) {
    switch value {
    case .string(let text) where text.hasPrefix("https://upload.wikimedia.org/"):
        urls.insert(text)
    case .array(let elements):
        for element in elements { collectUploadURLs(in: element, into: &urls) }
    case .object(let members):
        for member in members.values { collectUploadURLs(in: member, into: &urls) }
    default:
        break
    }
}
