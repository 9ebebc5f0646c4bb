import Foundation
import HTTPServer
import ScoutTestSupport
import Testing

@Suite("FakeFlickr behaviour", .timeLimit(.minutes(10)))
struct FlickrBehaviourTests {
    static func photos(_ count: Int) -> [FakeFlickr.Photo] {
        (1...count).map {
            .init(
                id: "\(5_000 + $0)", owner: "1@N01", secret: "s\($0)", server: "65535", title: "Café bamboo \($0)",
                ownerName: "Joi", license: $0 % 2, description: "Near <b>Zürich</b>", tags: ["garden", "green"],
                width: 3000, height: 2000)
        }
    }

    func search(_ fake: FakeFlickr, _ extra: KeyValuePairs<String, String> = [:]) async throws -> HTTPReply {
        var query = ["method=flickr.photos.search", "api_key=\(FakeFlickr.defaultAPIKey)"]
        query += extra.map { "\($0.key)=\(HTTPClient.encode($0.value))" }
        return try await HTTPClient.get(HTTPClient.url(fake.baseURL, query: query.joined(separator: "&")))
    }

    func json(_ fake: FakeFlickr, _ extra: KeyValuePairs<String, String>) async throws -> JSONValue {
        var parameters = Array(extra)
        parameters += [("format", "json"), ("nojsoncallback", "1")]
        var query = ["method=flickr.photos.search", "api_key=\(FakeFlickr.defaultAPIKey)"]
        query += parameters.map { "\($0.0)=\(HTTPClient.encode($0.1))" }
        return try await HTTPClient.get(HTTPClient.url(fake.baseURL, query: query.joined(separator: "&"))).json()
    }

    @Test("per_page defaults to 100 and stops at 500; page and pages follow")
    func paging() async throws {
        try await withFakeFlickr(photos: Self.photos(620)) { fake throws in
            let first = try await json(fake, ["text": "bamboo"])
            #expect(first["photos"]?["perpage"] == 100)
            #expect(first["photos"]?["pages"] == 7)
            #expect(first["photos"]?["total"] == "620")
            #expect(first["photos"]?["photo"]?.arrayValue?.count == 100)
            let big = try await json(fake, ["text": "bamboo", "per_page": "1000", "page": "2"])
            #expect(big["photos"]?["perpage"] == 500)
            #expect(big["photos"]?["page"] == 2)
            #expect(big["photos"]?["photo"]?.arrayValue?.count == 120)
            #expect(big["photos"]?["photo"]?[0]?["id"] == "5501")
        }
    }

    @Test("only the requested extras appear, with Flickr's types and sizes")
    func extras() async throws {
        try await withFakeFlickr(photos: Self.photos(1)) { fake throws in
            let plain = try await json(fake, ["text": "bamboo"])
            let photo = try #require(plain["photos"]?["photo"]?[0]?.objectValue)
            #expect(
                Set(photo.keys) == [
                    "id", "owner", "secret", "server", "farm", "title", "ispublic", "isfriend", "isfamily",
                ])
            #expect(photo["ispublic"] == 1)

            let rich = try await json(fake, ["text": "bamboo", "extras": "url_q,url_m,owner_name,license,url_k,url_o"])
            let extra = try #require(rich["photos"]?["photo"]?[0])
            #expect(extra["url_q"] == "https://live.staticflickr.com/65535/5001_s1_q.jpg")
            #expect(extra["width_q"] == 150)
            #expect(extra["url_m"] == "https://live.staticflickr.com/65535/5001_s1.jpg")
            #expect(extra["width_m"] == 500)
            #expect(extra["height_m"] == 333)
            #expect(extra["width_k"] == 2048)
            #expect(extra["height_o"] == 2000)
            #expect(extra["ownername"] == "Joi")
            #expect(extra["license"] == "1")
            #expect(extra["description"] == nil)
            #expect(extra["url_s"] == nil)
        }
    }

    @Test("text matches title, description and tags ignoring case and diacritics; tags and -words filter")
    func text() async throws {
        try await withFakeFlickr(photos: Self.photos(3)) { fake throws in
            func total(_ parameters: KeyValuePairs<String, String>) async throws -> String? {
                try await json(fake, parameters)["photos"]?["total"]?.stringValue
            }
            #expect(try await total(["text": "CAFE"]) == "3")
            #expect(try await total(["text": "zurich garden"]) == "3")
            #expect(try await total(["text": "bamboo -green"]) == "0")
            #expect(try await total(["text": "3"]) == "1")
            #expect(try await total(["tags": "garden,red"]) == "3")
            #expect(try await total(["tags": "garden,red", "tag_mode": "all"]) == "0")
            #expect(try await total(["text": "bamboo", "license": "0"]) == "1")
        }
    }

    @Test("failures: parameterless search (3), unknown keys (100), unknown format (111)")
    func failures() async throws {
        try await withFakeFlickr(photos: Self.photos(1), apiKeys: ["good-key"]) { fake throws in
            func fail(_ query: String) async throws -> JSONValue {
                try await HTTPClient.get(HTTPClient.url(fake.baseURL, query: query + "&format=json&nojsoncallback=1"))
                    .json()
            }
            let parameterless = try await fail("method=flickr.photos.search&api_key=good-key")
            #expect(parameterless["stat"] == "fail")
            #expect(parameterless["code"] == 3)
            let unknown = try await fail("method=flickr.photos.search&api_key=0123456789abcdef0123456789abcdee&text=a")
            #expect(unknown["message"] == "Invalid API Key (Key not found)")
            let malformed = try await fail("method=flickr.photos.search&api_key=nope&text=a")
            #expect(malformed["message"] == "Invalid API Key (Key has invalid format)")
            let missing = try await fail("method=flickr.photos.search&text=a")
            #expect(missing["code"] == 100)
            let format = try await HTTPClient.get(
                HTTPClient.url(fake.baseURL, query: "method=flickr.photos.search&api_key=good-key&text=a&format=php"))
            #expect(format.text.contains(#"<err code="111" msg="Format &quot;php&quot; not found" />"#))
        }
    }

    @Test("format=json alone is JSONP, no format is REST XML, and JSON escapes slashes as Flickr does")
    func formats() async throws {
        try await withFakeFlickr(photos: Self.photos(1)) { fake throws in
            let jsonp = try await search(fake, ["text": "bamboo", "format": "json"])
            #expect(jsonp.text.hasPrefix("jsonFlickrApi({"))
            #expect(jsonp.text.hasSuffix("})"))
            let callback = try await search(fake, ["text": "bamboo", "format": "json", "jsoncallback": "cb"])
            #expect(callback.text.hasPrefix("cb({"))
            let xml = try await search(fake, ["text": "bamboo", "extras": "description"])
            #expect(xml.header("Content-Type")?.hasPrefix("text/xml") == true)
            #expect(xml.text.contains(#"<rsp stat="ok">"#))
            #expect(xml.text.contains(#"<photos page="1" pages="1" perpage="100" total="1">"#))
            #expect(xml.text.contains("<description>Near &lt;b&gt;Zürich&lt;/b&gt;</description>"))
            let raw = try await search(
                fake, ["text": "bamboo", "extras": "url_t", "format": "json", "nojsoncallback": "1"])
            #expect(raw.text.contains(#"https:\/\/live.staticflickr.com\/65535\/5001_s1_t.jpg"#))
            #expect(
                try raw.json()["photos"]?["photo"]?[0]?["url_t"] == "https://live.staticflickr.com/65535/5001_s1_t.jpg")
        }
    }

    @Test("baseURL ends in /services/rest/ and photos can change while it runs")
    func baseURLAndLiveChanges() async throws {
        try await withFakeFlickr { fake throws in
            #expect(fake.baseURL.absoluteString == "http://127.0.0.1:\(fake.port)/services/rest/")
            #expect(try await json(fake, ["text": "bamboo"])["photos"]?["total"] == "0")
            fake.photos = Self.photos(2)
            #expect(try await json(fake, ["text": "bamboo"])["photos"]?["total"] == "2")
        }
    }
}
