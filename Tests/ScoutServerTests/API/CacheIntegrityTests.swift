import Foundation
import HTTPServer
import ScoutServer
import ScoutTestSupport
import Testing

/// SECURITY.md T19 on one instance: what the search cache keeps under a key is exactly what was
/// asked of the upstream for it, and every reply — searched, cached, coalesced or stale —
/// carries its own requester's `query`. Texts that fold alike (`Straße`, `STRASSE`, `ſcout`,
/// `scout`) are different requests to Wikipedia, so none answers another.
@Suite("Cache integrity (T19)", .timeLimit(.minutes(10)))
struct CacheIntegrityTests {
    /// Pairs of texts one cache key used to hold together (it was the case- and width-folded text).
    static let lookalikes: [(first: String, second: String)] = [
        ("Straße", "STRASSE"), ("Straße", "strasse"), ("Straße", "ｓｔｒａｓｓｅ"), ("ſcout", "scout"),
        ("Scout", "scout"),
    ]

    static let pages: [FakeWikipedia.Page] = [
        .init(pageID: 1, title: "Straße des 17. Juni"), .init(pageID: 2, title: "Scout movement"),
    ]

    @Test(
        "a search that folds like an earlier one is its own upstream search, and each is cached as its own",
        arguments: lookalikes)
    func lookalikesAreTheirOwnSearches(first: String, second: String) async throws {
        let clock = ManualClock()
        try await withScoutApp(pages: Self.pages, configure: { $0.clock = clock }) { fake, _, port in
            let connection = try RawHTTPConnection(port: port)
            let firstReply = try await connection.get(Self.target(first))
            #expect(try firstReply.json()["query"] == .string(first))
            // The upstream's answer changes: a reply that is not the second search's own shows it.
            fake.add(.init(pageID: 3, title: "Strasse and Scout, page three"))
            fake.add(.init(pageID: 4, title: "Scout and Strasse, page four"))
            let secondReply = try await connection.get(Self.target(second))
            let body = try secondReply.json()
            #expect(secondReply.status == 200)
            #expect(body["query"] == .string(second))
            #expect(body["cached"] == false)
            #expect(fake.requests.count == 2)
            #expect(fake.requests.last?.query["gpssearch"] == second)
            #expect(Self.titles(body) != Self.titles(try firstReply.json()))

            // Each cached reply, sent as prepared bytes on the server's thread, is its own.
            for (text, reply) in [(first, firstReply), (second, secondReply)] {
                let again = try await connection.get(Self.target(text))
                #expect(try again.json()["query"] == .string(text))
                #expect(try again.json()["cached"] == true)
                #expect(try Self.titles(again.json()) == Self.titles(reply.json()))
            }
            #expect(fake.requests.count == 2)
        }
    }

    @Test("lookalike searches in flight together are not coalesced: each requester gets its own query and answer")
    func lookalikesInFlightTogether() async throws {
        try await withScoutApp(pages: Self.pages) { fake, _, port in
            fake.faults.latency = .milliseconds(300)
            let texts = ["Straße", "STRASSE", "strasse", "ｓｔｒａｓｓｅ"]
            var connections: [(String, RawHTTPConnection)] = []
            for round in 0..<20 {
                let text = texts[round % texts.count]
                let connection = try RawHTTPConnection(port: port, timeout: .seconds(20))
                try await connection.send("GET \(Self.target(text)) HTTP/1.1\r\nHost: x\r\n\r\n")
                connections.append((text, connection))
            }
            for (text, connection) in connections {
                let reply = try await connection.readResponse()
                #expect(reply.status == 200)
                #expect(try reply.json()["query"] == .string(text))
            }
            #expect(Set(fake.requests.compactMap { $0.query["gpssearch"] }) == Set(texts))
            #expect(fake.requests.count == texts.count)
        }
    }

    @Test("an upstream failure is answered from the requester's own earlier search only, never a lookalike's")
    func staleAnswersAreTheRequestersOwn() async throws {
        let clock = ManualClock()
        try await withScoutApp(
            pages: Self.pages, configure: { $0.clock = clock }, client: oneAttemptClient(on: clock)
        ) { fake, _, port in
            let connection = try RawHTTPConnection(port: port)
            let fresh = try await connection.get(Self.target("Straße"))
            #expect(fresh.status == 200)
            clock.advance(by: .seconds(61))  // past the cache's 60 s: only the stale copy is left
            fake.inject(.status(503))
            let lookalike = try await connection.get(Self.target("STRASSE"))
            #expect(lookalike.status == 503)
            #expect(try lookalike.json()["error"]?["code"] == "upstream_unavailable")
            let own = try await connection.get(Self.target("Straße"))
            #expect(own.status == 200)
            #expect(try own.json()["stale"] == true)
            #expect(try own.json()["query"] == "Straße")
            #expect(try Self.titles(own.json()) == Self.titles(fresh.json()))
        }
    }

    @Test("texts that normalize alike (NFC, spaces) are one search: the key is the text sent upstream")
    func normalizedSpellingsShareOneSearch() async throws {
        try await withScoutApp(pages: Self.pages) { fake, _, port in
            let connection = try RawHTTPConnection(port: port)
            let composed = try await connection.get(Self.target("Zürich Hbf"))
            let decomposed = try await connection.get(Self.target("  Zu\u{308}rich \t Hbf "))
            #expect(try composed.json()["query"] == "Zürich Hbf")
            #expect(try decomposed.json()["query"] == "Zürich Hbf")
            #expect(try decomposed.json()["cached"] == true)
            #expect(fake.requests.map { $0.query["gpssearch"] } == ["Zürich Hbf"])
        }
    }

    static func target(_ text: String) -> String { "/api/v1/search?q=\(encoded(text))" }

    static func titles(_ body: JSONValue) -> [String] {
        (body["items"]?.arrayValue ?? []).compactMap { $0["title"]?.stringValue }
    }
}
