import Foundation
import HTTPServer
import ScoutServer
import ScoutTestSupport
import Testing

/// `/api/v1/multisearch` on three instances sharing one Redis: each source's search goes
/// through the fleet's cache as `/api/v1/search`'s does, and the request takes its searches
/// from the client's bucket in Redis. Only Wikipedia has a fake here; Flickr has no key, so
/// its line costs a token but no upstream call.
@Suite(
    "Fleet: multisearch", .timeLimit(.minutes(10)),
    .enabled(if: Requirement.redis.mayRun, Comment(rawValue: Requirement.redis.skipReason)))
struct FleetMultisearchTests {
    /// The lines of a multisearch read whole.
    static func lines(_ reply: RawHTTPResponse) throws -> [JSONValue] {
        try reply.text.split(separator: "\n").map { try JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) }
    }

    @Test("a multisearch one instance made is answered from the fleet's cache on the others")
    func sharedCache() async throws {
        try await withFleet(pages: FleetRedis.pages, redis: try FleetRedis.url()) { fake, fleet, _ in
            let first = try Self.lines(try await fleet[0].get("/api/v1/multisearch?q=alpha&sources=wikipedia"))
            #expect(first.count == 1)
            #expect(first.first?["reply"]?["cached"] == false)
            for instance in fleet.dropFirst() {
                let reply = try await instance.get("/api/v1/multisearch?q=alpha&sources=wikipedia")
                #expect(reply.status == 200)
                let line = try #require(try Self.lines(reply).first)
                #expect(line["reply"]?["cached"] == true)
                #expect(line["reply"]?["items"] == first.first?["reply"]?["items"])
            }
            #expect(fake.requests.count == 1)
        }
    }

    @Test("a multisearch takes a token of the client's fleet-wide bucket for each source it asks")
    func clientLimit() async throws {
        try await withFleet(
            pages: FleetRedis.pages, redis: try FleetRedis.url(),
            configure: {
                $0.clientRequestsPerSecond = 0.1
                $0.clientBurst = 3
            }
        ) { _, fleet, _ in
            let two = try await fleet[0].get("/api/v1/multisearch?q=alpha&sources=wikipedia,flickr")
            #expect(two.status == 200)
            #expect(try Self.lines(two).count == 2)
            #expect(try await fleet[0].get("/api/v1/search?q=alpha1").status == 200)
            for instance in fleet {
                let limited = try await instance.get("/api/v1/multisearch?q=alpha2&sources=wikipedia")
                #expect(limited.status == 429)
                #expect(limited.headers["Retry-After"] != nil)
            }
        }
    }
}
