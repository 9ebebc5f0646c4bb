import Foundation
import HTTPServer
import ScoutTestSupport
import Testing

/// Each test reads a captured Flickr reply from ../shared/fixtures/flickr, seeds the fake with
/// its photos, sends the same kind of request and compares the reply's shape and values with
/// the capture. Skipped without ../shared, failed under CI.
@Suite("FakeFlickr vs captured replies (reads ../shared)", .timeLimit(.minutes(10)))
struct FlickrSampleShapeTests {
    func sample(_ name: String) throws -> JSONValue {
        try SharedFixtures.json("fixtures/flickr/\(name)")
    }

    func search(_ fake: FakeFlickr, _ parameters: KeyValuePairs<String, String>) async throws -> JSONValue {
        let reply = try await HTTPClient.get(HTTPClient.url(fake.baseURL, parameters))
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type")?.hasPrefix("application/json") == true)
        return try reply.json()
    }

    @Test(
        "photos.search with extras, as cccatalog asks (cccatalog_flickr_photos_search_with_extras, reads ../shared)",
        .enabled(if: Requirement.sharedFixtures.mayRun, Comment(rawValue: Requirement.sharedFixtures.skipReason)))
    func searchWithExtras() async throws {
        let sample = try sample("cccatalog_flickr_photos_search_with_extras.json")
        try await withFakeFlickr(photos: SampleSeeds.photos(from: sample), apiKeys: ["test-key"]) { fake throws in
            let reply = try await search(
                fake,
                [
                    "method": "flickr.photos.search", "api_key": "test-key", "min_upload_date": "1581318000",
                    "max_upload_date": "1581404400", "license": "1,2,3,4,5,6,9,10", "media": "photos",
                    "content_type": "1",
                    "extras":
                        "description,license,date_upload,date_taken,owner_name,tags,o_dims,url_t,url_s,url_m,url_l,views",
                    "per_page": "500", "sort": "relevance", "format": "json", "nojsoncallback": "1",
                ])
            // Flickr sends `datetakengranularity` as a number for most photos and as a string
            // for some (25 and 5 in this capture); the fake always sends the number.
            let expected = JSONShape(sample).setting("$.photos.photo[].datetakengranularity", to: ["number"])
            let actual = JSONShape(reply)
            #expect(actual == expected, "\(actual.difference(from: expected))")
            #expect(reply["photos"]?["total"] == "30")
            #expect(reply["photos"]?["perpage"] == 500)
            #expect(reply["photos"]?["pages"] == 1)
            // Every photo equals the captured one, member for member (sizes computed by the fake).
            let ours = reply["photos"]?["photo"]?.arrayValue ?? []
            let theirs = sample["photos"]?["photo"]?.arrayValue ?? []
            #expect(ours.count == theirs.count)
            for (mine, captured) in zip(ours, theirs) {
                var capturedMembers = captured.objectValue ?? [:]
                capturedMembers["datetakengranularity"] = 0
                #expect(mine == .object(capturedMembers))
            }
        }
    }

    @Test(
        "photos.search without extras, paging (flickrex_photos, reads ../shared)",
        .enabled(if: Requirement.sharedFixtures.mayRun, Comment(rawValue: Requirement.sharedFixtures.skipReason)))
    func searchPlain() async throws {
        let sample = try sample("flickrex_photos.json")
        var photos = SampleSeeds.photos(from: sample)
        for number in 0..<1268 {
            photos.append(
                .init(
                    id: "9\(number)", owner: "1@N01", secret: "abc", server: "1", title: "bamboo \(number)",
                    width: 800, height: 600))
        }
        try await withFakeFlickr(photos: photos) { fake throws in
            let reply = try await search(
                fake,
                [
                    "method": "flickr.photos.search", "api_key": FakeFlickr.defaultAPIKey, "text": "bamboo",
                    "per_page": "2", "format": "json", "nojsoncallback": "1",
                ])
            #expect(JSONShape(reply) == JSONShape(sample))
            #expect(reply == sample)
        }
    }

    @Test(
        "flickr.test.null (flickrex_null, reads ../shared)",
        .enabled(if: Requirement.sharedFixtures.mayRun, Comment(rawValue: Requirement.sharedFixtures.skipReason)))
    func testNull() async throws {
        let sample = try sample("flickrex_null.json")
        try await withFakeFlickr { fake throws in
            let reply = try await search(
                fake,
                [
                    "method": "flickr.test.null", "api_key": FakeFlickr.defaultAPIKey, "format": "json",
                    "nojsoncallback": "1",
                ])
            #expect(reply == sample)
        }
    }

    @Test(
        "errors: unknown method, invalid key, no results (flickrex_fail, constructed_*, reads ../shared)",
        .enabled(if: Requirement.sharedFixtures.mayRun, Comment(rawValue: Requirement.sharedFixtures.skipReason)),
        arguments: [
            ("flickrex_fail.json", "flickr.fakeMethod", FakeFlickr.defaultAPIKey, "bamboo"),
            ("constructed_error_invalid_api_key.json", "flickr.photos.search", "not-a-key", "bamboo"),
            ("constructed_photos_search_empty.json", "flickr.photos.search", FakeFlickr.defaultAPIKey, "qmxjsudek"),
        ])
    func failures(file: String, method: String, key: String, text: String) async throws {
        let sample = try sample(file)
        let photos = [
            FakeFlickr.Photo(
                id: "1", owner: "1@N01", secret: "s", server: "1", title: "bamboo",
                width: 640, height: 480)
        ]
        try await withFakeFlickr(photos: photos) { fake throws in
            let reply = try await search(
                fake,
                [
                    "method": method, "api_key": key, "text": text, "format": "json", "nojsoncallback": "1",
                ])
            #expect(JSONShape(reply) == JSONShape(sample))
            #expect(reply == sample)
        }
    }
}
