import Foundation
import HTTPServer
import ScoutTestSupport
import Testing

/// `scout search commons|flickr|books` as a process against FakeCommons and FakeFlickr
/// (`SCOUT_COMMONS_API`, `SCOUT_FLICKR_API`, `FLICKR_API_KEY`).
@Suite("scout search commons|flickr|books", .timeLimit(.minutes(10)))
struct PhotoSearchCommandTests {
    static let artist = #"<a href="//commons.wikimedia.org/wiki/User:Jane">Jane&nbsp;Doe</a>"#
    static let files =
        [FakeCommons.File(pageID: 1, title: "File:Matterhorn_at_dawn.jpg", artist: artist, license: "CC BY-SA 4.0")]
        + (2...26).map { FakeCommons.File(pageID: $0, title: "File:Hut \($0).jpg") }
    static let photos = (1...25).map {
        FakeFlickr.Photo(
            id: "\(100 + $0)", owner: "1@N01", secret: "s\($0)", server: "7", title: "Hut \($0)", ownerName: "Ann",
            license: 4, width: 640, height: 480)
    }
    static let canary = "c0ffee00canary00c0ffee00canary00"

    private func commons(_ arguments: [String], fake: FakeCommons) async throws -> ScoutExecutable.Result {
        try await ScoutExecutable.run(
            ["search", "commons"] + arguments,
            environment: ["SCOUT_COMMONS_API": fake.baseURL.absoluteString, "COLUMNS": "160"])
    }

    private func flickr(_ arguments: [String], fake: FakeFlickr, key: String? = canary) async throws
        -> ScoutExecutable.Result
    {
        var environment = ["SCOUT_FLICKR_API": fake.baseURL.absoluteString, "COLUMNS": "160"]
        environment["FLICKR_API_KEY"] = key
        return try await ScoutExecutable.run(["search", "flickr"] + arguments, environment: environment)
    }

    private func jsonLines(_ output: String) throws -> [JSONValue] {
        try output.split(separator: "\n").map { try JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) }
    }

    @Test("commons: a table with the cleaned title, author · licence and the file page")
    func commonsTable() async throws {
        try await withFakeCommons(files: Self.files) { fake in
            let result = try await commons(["matterhorn"], fake: fake)
            #expect(result.exitCode == 0)
            let row = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("Matterhorn") })
            #expect(row.hasPrefix("Matterhorn at dawn "))
            #expect(row.contains("Jane Doe · CC BY-SA 4.0"))
            #expect(row.hasSuffix("https://commons.wikimedia.org/wiki/File:Matterhorn_at_dawn.jpg"))
        }
    }

    @Test("commons --pages n: n pages through the paginator, stopping at the last")
    func commonsPages() async throws {
        try await withFakeCommons(files: Self.files) { fake in
            let two = try await commons(["hut", "--pages", "2", "--json"], fake: fake)
            #expect(two.exitCode == 0)
            let lines = try jsonLines(two.standardOutput)
            #expect(lines.count == 20)
            #expect(Set(lines.compactMap { $0["id"]?.stringValue }).count == 20)
            #expect(lines.first?["source"] == "commons")
            #expect(lines.first?["thumbnail"]?["url"]?.stringValue?.hasPrefix("https://upload.wikimedia.org/") == true)
            #expect(fake.requests.compactMap { $0.parameters["gsroffset"] } == ["0", "10"])
            fake.recorder.removeAll()
            let all = try await commons(["hut", "--pages", "9", "--json"], fake: fake)
            #expect(try jsonLines(all.standardOutput).count == 25)
            #expect(fake.requests.compactMap { $0.parameters["gsroffset"] } == ["0", "10", "20"])
        }
    }

    @Test("a page that fails keeps the pages before it, says so, and exits 1")
    func failingPage() async throws {
        try await withFakeCommons(files: Self.files) { fake in
            fake.failPage(atOffset: 10, with: .malformedJSON)
            let result = try await commons(["hut", "--pages", "3", "--json"], fake: fake)
            #expect(result.exitCode == 1)
            #expect(try jsonLines(result.standardOutput).count == 10)
            #expect(
                result.standardError
                    == "scout: Wikimedia Commons sent a reply Scout could not read. Retry later. (Shown: the first page.)\n"
            )
        }
    }

    @Test("flickr: photos with live.staticflickr.com thumbnails, details, and no key in the output (T3)")
    func flickrJSON() async throws {
        try await withFakeFlickr(photos: Self.photos, apiKeys: [Self.canary]) { fake in
            let result = try await flickr(["hut", "--pages", "2", "--json"], fake: fake)
            #expect(result.exitCode == 0)
            let lines = try jsonLines(result.standardOutput)
            #expect(lines.count == 20)
            #expect(lines.first?["thumbnail"]?["url"] == "https://live.staticflickr.com/7/101_s1_q.jpg")
            #expect(lines.first?["link"] == "https://www.flickr.com/photos/1@N01/101")
            #expect(lines.first?["details"]?["author"] == "Ann")
            #expect(lines.first?["description"] == "Ann · CC BY 2.0")
            #expect(fake.requests.compactMap { $0.parameters["page"] } == ["1", "2"])
            #expect(!result.standardOutput.contains(Self.canary))
            #expect(!result.standardError.contains(Self.canary))
        }
    }

    @Test("flickr: without a key, or with a refused one, a sentence on what to do and exit 1")
    func flickrKeys() async throws {
        try await withFakeFlickr(photos: Self.photos, apiKeys: ["another-key"]) { fake in
            let missing = try await flickr(["hut"], fake: fake, key: nil)
            #expect(missing.exitCode == 1)
            #expect(
                missing.standardError
                    == "scout: Flickr needs an API key: get one at https://www.flickr.com/services/apps/create/. "
                    + "scout reads it from FLICKR_API_KEY.\n")
            #expect(fake.requests.isEmpty)
            let refused = try await flickr(["hut"], fake: fake)
            #expect(refused.exitCode == 1)
            #expect(
                refused.standardError
                    == "scout: The Flickr API key is invalid. Check the key. scout reads it from FLICKR_API_KEY.\n")
            #expect(!refused.standardError.contains(Self.canary))
            #expect(refused.standardOutput.isEmpty)
        }
    }

    @Test("books: a book server that does not answer says how to start it")
    func booksUnreachable() async throws {
        let result = try await ScoutExecutable.run(
            ["search", "books", "hunger"], environment: ["SCOUT_BOOKS_API": "http://127.0.0.1:1"])
        #expect(result.exitCode == 1)
        #expect(
            result.standardError
                == "scout: The book server at http://127.0.0.1:1 did not answer. Start it with scout serve.\n")
    }

    @Test(
        "bad paging options are usage errors",
        arguments: [
            ["search", "commons", "x", "--pages", "0"], ["search", "commons", "x", "--pages", "51"],
            ["search", "flickr", "x", "--pages", "2", "--all"], ["search", "commons", "x", "--lang", "de"],
            ["search", "photos", "x"],
        ])
    func usage(arguments: [String]) async throws {
        let result = try await ScoutExecutable.run(arguments)
        #expect(result.exitCode == 64)
        #expect(result.standardError.hasPrefix("scout: "))
    }
}
