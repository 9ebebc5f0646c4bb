import Foundation
import HTTPServer
import ScoutServer
import ScoutTestSupport
import Testing

/// Commons and Flickr as sources of `/api/v1/search` and `/api/v1/sources`, against FakeCommons
/// and FakeFlickr over real HTTP, every reply checked against the OpenAPI document.
@Suite("Photo sources: Commons and Flickr", .timeLimit(.minutes(10)))
struct PhotoSourcesTests {
    @Test("sources: Commons always, Flickr only with a key")
    func listed() async throws {
        try await withPhotoApp(files: [], photos: []) { _, _, _, port in
            let validator = try await SearchAPITests.validator(port: port)
            let body = try await RawHTTPConnection(port: port).get("/api/v1/sources").json()
            #expect(validator.problems(body, schema: validator.schema("SourcesResponse")) == [])
            let sources = body["sources"]?.arrayValue ?? []
            #expect(sources.map { $0["id"] } == ["wikipedia", "commons", "flickr"])
            #expect(sources.dropFirst().map { $0["kind"] } == ["photos", "photos"])
        }
        try await withPhotoApp(files: [], photos: [], flickrKey: nil) { _, flickr, _, port in
            let connection = try RawHTTPConnection(port: port)
            let sources = try await connection.get("/api/v1/sources").json()["sources"]?.arrayValue ?? []
            #expect(sources.map { $0["id"] } == ["wikipedia", "commons"])
            let reply = try await connection.get("/api/v1/search?source=flickr&q=hut")
            #expect(reply.status == 400)
            #expect(try reply.json()["error"]?["code"] == "unknown_source")
            #expect(flickr.requests.isEmpty)
        }
    }

    @Test("Commons: cleaned titles, thumbnails and larger images through /img/, author and licence")
    func commonsItems() async throws {
        try await withPhotoApp(
            files: PhotoFixtures.files(3) + [
                .init(pageID: 9, title: "File:Hut small.png", width: 800, height: 600, mime: "image/png")
            ], photos: []
        ) { _, _, _, port in
            let validator = try await SearchAPITests.validator(port: port)
            let body = try await RawHTTPConnection(port: port).get("/api/v1/search?source=commons&q=hut").json()
            #expect(validator.problems(body, schema: validator.schema("SearchResponse")) == [])
            let item = try #require(body["items"]?[0])
            #expect(item["title"] == "Hut 001")
            #expect(item["description"] == "Jane Doe · CC BY-SA 4.0")
            let thumbnail = try #require(item["thumbnail"]?["url"]?.stringValue)
            #expect(
                thumbnail.hasPrefix("/img/wikipedia/wikipedia/commons/thumb/") && thumbnail.hasSuffix("px-Hut_001.jpg"))
            #expect(item["link"]?.stringValue?.hasPrefix("https://commons.wikimedia.org/wiki/File:Hut_001.jpg") == true)
            let photo = try #require(item["photo"])
            #expect(photo["author"] == "Jane Doe")
            #expect(photo["license"] == "CC BY-SA 4.0")
            #expect(photo["width"] == 2000)
            #expect(photo["height"] == 1500)
            #expect(photo["image"]?.stringValue?.hasSuffix("/1280px-Hut_001.jpg") == true)
            #expect(body["items"]?[1]?["photo"]?["author"] == nil)
            let small = try #require(body["items"]?.arrayValue?.first { $0["title"] == "Hut small" })
            #expect(small["photo"]?["image"]?.stringValue?.hasSuffix("/Hut_small.png") == true)
            #expect(small["photo"]?["image"]?.stringValue?.contains("/thumb/") == false)
        }
    }

    @Test("Flickr: square thumbnail and 640 px image through /img/flickr/, the photo page as link")
    func flickrItems() async throws {
        try await withPhotoApp(files: [], photos: PhotoFixtures.photos(2)) { _, _, _, port in
            let validator = try await SearchAPITests.validator(port: port)
            let body = try await RawHTTPConnection(port: port).get("/api/v1/search?source=flickr&q=hut").json()
            #expect(validator.problems(body, schema: validator.schema("SearchResponse")) == [])
            let item = try #require(body["items"]?[0])
            #expect(item["title"] == "Hut 001")
            #expect(item["description"] == "Joi · CC BY 2.0")
            #expect(item["thumbnail"]?["url"] == "/img/flickr/65535/4000001_ee69000001_q.jpg")
            #expect(item["link"] == "https://www.flickr.com/photos/35034362831@N01/4000001")
            #expect(
                item["photo"] == [
                    "author": "Joi", "license": "CC BY 2.0", "image": "/img/flickr/65535/4000001_ee69000001_z.jpg",
                ])
        }
    }

    @Test(
        "paging to the end: every page once, no duplicates, the last page without next",
        arguments: ["commons", "flickr"])
    func pagesToTheEnd(source: String) async throws {
        try await withPhotoApp(files: PhotoFixtures.files(45), photos: PhotoFixtures.photos(45)) { _, _, _, port in
            let connection = try RawHTTPConnection(port: port)
            var titles: [String] = []
            var cursors: [String] = []
            var cursor: String?
            repeat {
                let target = "/api/v1/search?source=\(source)&q=hut&limit=20" + (cursor.map { "&cursor=\($0)" } ?? "")
                let body = try await connection.get(target).json()
                titles += body["items"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
                cursor = body["next"]?.stringValue
                if let cursor { cursors.append(cursor) }
            } while cursor != nil && cursors.count < 10
            #expect(titles == (1...45).map { "Hut \(String(format: "%03d", $0))" })
            #expect(cursors.count == 2 && Set(cursors).count == 2)
        }
    }

    @Test("a page that fails answers an error naming the source; asked again it answers")
    func failedPageThenRetry() async throws {
        try await withPhotoApp(files: PhotoFixtures.files(45), photos: []) { commons, _, _, port in
            let connection = try RawHTTPConnection(port: port)
            let first = try await connection.get("/api/v1/search?source=commons&q=hut").json()
            let next = try #require(first["next"]?.stringValue)
            commons.failPage(atOffset: Int(next) ?? 20, times: 1000)
            let failed = try await connection.get("/api/v1/search?source=commons&q=hut&cursor=\(next)")
            #expect([502, 503].contains(failed.status))
            #expect(try failed.json()["error"]?["source"] == "commons")
            commons.faults.clearFaults()
            let retried = try await connection.get("/api/v1/search?source=commons&q=hut&cursor=\(next)")
            #expect(retried.status == 200)
            #expect(try retried.json()["items"]?[0]?["title"] == "Hut 021")
        }
    }

    @Test("a key Flickr refuses: a sentence for people, and never the key")
    func refusedKey() async throws {
        let key = "feedfacefeedfacefeedfacefeedface"
        try await withPhotoApp(files: [], photos: PhotoFixtures.photos(2), flickrKey: key) { _, _, _, port in
            let reply = try await RawHTTPConnection(port: port).get("/api/v1/search?source=flickr&q=hut")
            #expect(reply.status >= 500)
            #expect(try reply.json()["error"]?["source"] == "flickr")
            #expect(!reply.text.contains(key))
            #expect(reply.text.lowercased().contains("key"))
        }
    }
}
