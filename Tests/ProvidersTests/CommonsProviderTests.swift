import Foundation
import Networking
import ScoutModels
import ScoutTestSupport
import Testing

@testable import Providers

/// The Commons provider against FakeCommons over real HTTP.
@Suite("Commons provider against FakeCommons", .timeLimit(.minutes(10)))
struct CommonsProviderTests {
    static let artist = #"<a href="//commons.wikimedia.org/wiki/User:Jane" title="User:Jane">Jane&nbsp;Doe</a>"#
    static let files: [FakeCommons.File] =
        [
            .init(
                pageID: 7, title: "File:Matterhorn from Zermatt.JPG", width: 4000, height: 3000, artist: artist,
                license: "CC BY-SA 4.0"),
            .init(pageID: 3, title: "File:Matterhorn north face.png", mime: "image/png", license: "Public domain"),
            .init(pageID: 9, title: "File:Matterhorn lost.jpg", hasImageInfo: false),
        ] + (100..<123).map { .init(pageID: $0, title: "File:Alpine hut \($0).jpg", text: "hut") }

    static func provider(_ fake: FakeCommons, width: Int = 300) throws -> CommonsProvider {
        let policy = HostPolicy(maxConcurrent: 3, requestsPerSecond: 1000, burst: 1000, backoffBase: .milliseconds(1))
        let client = APIClient(
            configuration: .init(userAgent: UserAgent.make(contact: nil), hostPolicies: ["127.0.0.1": policy]))
        return try CommonsProvider(client: client, apiAddress: fake.baseURL.absoluteString, thumbnailWidth: width)
    }

    @Test("one request: file search with image information at a standard thumbnail width")
    func requestShape() async throws {
        try await withFakeCommons(files: Self.files) { fake in
            _ = try await Self.provider(fake).search(SearchQuery("matterhorn"), cursor: nil, limit: 5)
            let request = try #require(fake.requests.first)
            let parameters = request.parameters
            #expect(fake.requests.count == 1)
            #expect(parameters["action"] == "query")
            #expect(parameters["generator"] == "search")
            #expect(parameters["gsrnamespace"] == "6")
            #expect(parameters["gsrsearch"] == "matterhorn")
            #expect(parameters["gsrlimit"] == "5")
            #expect(parameters["gsroffset"] == "0")
            #expect(parameters["prop"] == "imageinfo")
            #expect(parameters["iiprop"] == "url|size|mime|extmetadata")
            #expect(parameters["iiurlwidth"] == "330", "300 snaps up to Wikimedia's standard 330")
            #expect(request.userAgent?.hasPrefix("Scout/") == true)
        }
    }

    @Test("titles cleaned, author and licence as plain text, thumbnail, file page")
    func mapping() async throws {
        try await withFakeCommons(files: Self.files) { fake in
            let page = try await Self.provider(fake).search(SearchQuery("matterhorn"), cursor: nil, limit: 10)
            #expect(page.items.map(\.title) == ["Matterhorn from Zermatt", "Matterhorn north face", "Matterhorn lost"])
            let first = page.items[0]
            #expect(first.id == "7")
            #expect(first.source == .commons)
            #expect(first.description == "Jane Doe · CC BY-SA 4.0")
            #expect(first.details["author"] == "Jane Doe")
            #expect(first.details["license"] == "CC BY-SA 4.0")
            #expect(first.details["mime"] == "image/jpeg")
            #expect(first.details["width"] == "4000")
            #expect(first.thumbnail?.width == 330)
            #expect(first.thumbnail?.height == 248)
            #expect(first.thumbnail?.url.absoluteString.contains("/thumb/") == true)
            #expect(first.thumbnail?.url.absoluteString.hasSuffix("/330px-Matterhorn_from_Zermatt.JPG") == true)
            #expect(first.link.absoluteString == "https://commons.wikimedia.org/wiki/File:Matterhorn_from_Zermatt.JPG")
            #expect(page.items[1].description == "Public domain")
            #expect(page.nextCursor == nil)
            #expect(page.total == 3)
        }
    }

    @Test("a file without image information keeps its title and a link built from it")
    func missingImageInfo() async throws {
        try await withFakeCommons(files: Self.files) { fake in
            let page = try await Self.provider(fake).search(SearchQuery("lost"), cursor: nil, limit: 10)
            let item = try #require(page.items.first)
            #expect(item.title == "Matterhorn lost")
            #expect(item.thumbnail == nil)
            #expect(item.description == nil)
            #expect(item.link.absoluteString == "http://127.0.0.1:\(fake.port)/wiki/File:Matterhorn_lost.jpg")
        }
    }

    @Test("continuation pages through every file once and ends at the last page")
    func continuation() async throws {
        try await withFakeCommons(files: Self.files) { fake in
            let provider = try Self.provider(fake)
            let (ids, cursors) = try await pageThrough(provider, "hut")
            #expect(ids.count == 23)
            #expect(Set(ids).count == 23)
            #expect(cursors == [SearchCursor("10"), SearchCursor("20"), nil])
            #expect(fake.requests.compactMap { $0.parameters["gsroffset"] } == ["0", "10", "20"])
        }
    }

    @Test("a page that fails, then succeeds when asked again")
    func failingPage() async throws {
        try await withFakeCommons(files: Self.files) { fake in
            let provider = try Self.provider(fake)
            fake.failPage(atOffset: 10, with: .malformedJSON)
            let first = try await provider.search(SearchQuery("hut"), cursor: nil, limit: 10)
            await #expect(throws: APIError.self) {
                try await provider.search(SearchQuery("hut"), cursor: first.nextCursor, limit: 10)
            }
            let again = try await provider.search(SearchQuery("hut"), cursor: first.nextCursor, limit: 10)
            #expect(again.items.count == 10)
            #expect(fake.requestCount(atOffset: 10) == 2)
        }
    }

    @Test("Wikimedia's etiquette: at most 3 requests at a time, and a deadline on each")
    func etiquette() async throws {
        try await withFakeCommons(files: Self.files) { fake in
            fake.faults.latency = .milliseconds(50)
            let client = APIClient(
                configuration: .init(
                    userAgent: UserAgent.make(contact: nil), hostPolicies: ["127.0.0.1": .wikimedia]))
            let commons = try CommonsProvider(client: client, apiAddress: fake.baseURL.absoluteString)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for offset in stride(from: 0, to: 20, by: 2) {
                    group.addTask {
                        _ = try await commons.search(SearchQuery("hut"), cursor: SearchCursor("\(offset)"), limit: 2)
                    }
                }
                try await group.waitForAll()
            }
            #expect(fake.requests.count == 10)
            #expect(fake.recorder.maxConcurrentRequests <= 3)

            fake.inject(.hang)
            let impatient = try CommonsProvider(
                client: client, apiAddress: fake.baseURL.absoluteString, deadline: .milliseconds(300))
            do {
                _ = try await impatient.search(SearchQuery("hut"), cursor: nil, limit: 10)
                Issue.record("a hanging upstream must time out")
            } catch let error as APIError {
                #expect(error.userMessage == "Wikimedia Commons did not answer within 300 ms. Retry?")
            }
        }
    }

    @Test("MediaWiki errors become the source's sentence")
    func mediaWikiError() throws {
        let body = #"{"error":{"code":"internal_api_error","info":"Search is down"},"servedby":"mw1"}"#
        #expect(throws: APIError.self) { try CommonsQueryResponse.decode(Data(body.utf8), source: "Wikimedia Commons") }
        do {
            _ = try CommonsQueryResponse.decode(Data(body.utf8), source: "Wikimedia Commons")
        } catch let error as APIError {
            #expect(error.userMessage == "Wikimedia Commons reported an error: Search is down")
        }
    }

    @Test("another address points at a mirror; a bad one is said in the provider's own terms")
    func configuration() throws {
        let client = APIClient(configuration: .init(userAgent: "Scout/test"))
        #expect(try CommonsProvider(client: client).apiURL.host == "commons.wikimedia.org")
        let mirror = try CommonsProvider(client: client, apiAddress: "http://127.0.0.1:9/w/api.php")
        #expect(mirror.apiURL.absoluteString == "http://127.0.0.1:9/w/api.php")
        #expect(throws: CommonsConfigurationError.self) {
            try CommonsProvider(client: client, apiAddress: "ftp://mirror")
        }
        let description = CommonsConfigurationError.invalidAPIAddress("x").description
        #expect(description.contains("'x'") && description.contains("api.php") && !description.contains("SCOUT_"))
    }

    @Test(
        "file names become titles",
        arguments: [
            ("File:Matterhorn_from_Zermatt.JPG", "Matterhorn from Zermatt"), ("File:A.b.c.jpeg", "A.b.c"),
            ("File:Version 2.0 release notes.pdf", "Version 2.0 release notes"), ("File:.jpg", ".jpg"),
            ("File:", "File:"),
            ("Image:Old.gif", "Old"), ("File:No extension", "No extension"), ("File:Tokyo 東京.webm", "Tokyo 東京"),
        ])
    func displayTitle(title: String, expected: String) {
        #expect(CommonsProvider.displayTitle(title) == expected)
    }

    @Test(
        "HTML becomes the text a person reads",
        arguments: [
            (#"<a href="//x" title="a>b">Jane&nbsp;Doe</a> &amp; co"#, "Jane Doe & co"),
            ("<span class=\"fn\">Émile</span><br/>Zola", "Émile Zola"),
            ("<script>alert(1)</script>safe<style>p{}</style>", "safe"), ("a <!-- <b>hidden</b> --> b", "a b"),
            ("&#x41;&#66;&unknown; &lt;i&gt;", "AB&unknown; <i>"), ("Tom & Jerry", "Tom & Jerry"),
            ("<img src=x onerror=alert(1)>", ""), ("unterminated <b", "unterminated"),
        ])
    func htmlText(html: String, expected: String) {
        #expect(HTMLText.plain(html) == expected)
    }
}
