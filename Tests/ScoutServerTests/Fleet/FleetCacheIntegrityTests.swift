import Foundation
import HTTPServer
import Redis
import ScoutServer
import ScoutTestSupport
import Testing

/// SECURITY.md T19 across a fleet: two instances sharing one Redis. A client of one instance
/// cannot choose what a client of another gets — not by a text that folds like the other's
/// (`ſcout` for `scout`, `Straße` for `strasse`), fresh or as the 24 h stale fallback, and not
/// by a junk cursor, which leaves nothing in Redis.
@Suite(
    "Fleet: cache integrity across instances (T19)", .timeLimit(.minutes(10)),
    .enabled(if: Requirement.redis.mayRun, Comment(rawValue: Requirement.redis.skipReason)))
struct FleetCacheIntegrityTests {
    static let pages: [FakeWikipedia.Page] = [
        .init(pageID: 1, title: "Straße des 17. Juni"), .init(pageID: 2, title: "Scout movement"),
    ]

    @Test(
        "a lookalike search on instance A never answers instance B: B gets its own upstream answer and query",
        arguments: [("ſcout", "scout"), ("Straße", "strasse"), ("SCOUT", "scout")])
    func lookalikeOnAnotherInstance(first: String, second: String) async throws {
        try await withFleet(instances: 2, pages: Self.pages, redis: try FleetRedis.url()) { fake, fleet, _ in
            let onA = try await fleet[0].get(Self.target(first))
            #expect(try onA.json()["query"] == .string(first))
            // The upstream's answer changes: a reply that is not B's own search shows it.
            fake.add(.init(pageID: 3, title: "Strasse and Scout, page three"))
            fake.add(.init(pageID: 4, title: "Scout and Strasse, page four"))
            let onB = try await fleet[1].get(Self.target(second))
            #expect(onB.status == 200)
            #expect(try onB.json()["query"] == .string(second))
            #expect(try onB.json()["cached"] == false)
            #expect(fake.requests.map { $0.query["gpssearch"] } == [first, second])
            #expect(try CacheIntegrityTests.titles(onB.json()) != CacheIntegrityTests.titles(onA.json()))

            // Each search is then shared under its own text only.
            for (instance, text, reply) in [(fleet[1], first, onA), (fleet[0], second, onB)] {
                let shared = try await instance.get(Self.target(text))
                #expect(try shared.json()["query"] == .string(text))
                #expect(try shared.json()["cached"] == true)
                #expect(try CacheIntegrityTests.titles(shared.json()) == CacheIntegrityTests.titles(reply.json()))
            }
            #expect(fake.requests.count == 2)
        }
    }

    @Test("the fleet's stale copy of a lookalike is never B's fallback; B's own is")
    func staleLookalikeOnAnotherInstance() async throws {
        try await withFleet(instances: 2, pages: Self.pages, redis: try FleetRedis.url()) { fake, fleet, _ in
            let onA = try await fleet[0].get(Self.target("Straße"))
            #expect(onA.status == 200)
            fake.inject(.status(503))
            let onB = try await fleet[1].get(Self.target("strasse"))
            #expect(onB.status == 503)
            #expect(try onB.json()["error"]?["code"] == "upstream_unavailable")
            let own = try await fleet[1].get(Self.target("Straße"))
            #expect(own.status == 200)
            #expect(try own.json()["query"] == "Straße")
        }
    }

    @Test("a junk cursor is refused before the fleet is asked: no upstream call, no key in Redis")
    func junkCursorLeavesNothingInRedis() async throws {
        let redis = try FleetRedis.client()
        defer { Task { await redis.close() } }
        try await withFleet(instances: 2, pages: Self.pages, redis: try FleetRedis.url()) { fake, fleet, prefix in
            for (instance, cursor) in zip([fleet[0], fleet[1], fleet[0]], ["junk", "prefix:-1", "text:1:x"]) {
                let reply = try await instance.get(Self.target("scout") + "&cursor=\(encoded(cursor))")
                #expect(reply.status == 400)
                #expect(try reply.json()["error"]?["code"] == "bad_cursor")
            }
            #expect(fake.requests.isEmpty)
            for kind in ["search", "stale", "lease"] {
                let keys = try await redis.send(["KEYS", .string(prefix + kind + ":*")]).arrayValue ?? []
                #expect(keys.isEmpty, "\(kind)")
            }
        }
    }

    static func target(_ text: String) -> String { "/api/v1/search?q=\(encoded(text))" }
}
