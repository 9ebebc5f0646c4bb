import BookCatalog
import BookStorage
import Foundation
import HTTPServer
import ScoutServer
import ScoutTestSupport
import Testing

/// Issue 33 item 2: every route a client can repeat takes its cost from that client's bucket
/// (see RouteCost), so book routes, `/map`, images and pages are limited as searches are. The
/// buckets' clock is a `ManualClock` that never moves: the counts are exact, whatever the speed.
@Suite("Every route under the client limit (T12)", .timeLimit(.minutes(10)))
struct RouteLimitTests {
    /// Runs `body` against an app with the default limits (10/s, bursts of 30), frozen in time,
    /// and a catalog of the /map fixtures.
    static func withLimitedApp(_ body: (UInt16) async throws -> Void) async throws {
        try await withTemporaryDirectory { directory in
            let store = try await SQLiteBookStore(path: directory.appending(path: "books.sqlite").path)
            _ = try await store.upsert(MapRouteTests.books)
            try await store.rebuildRelations()
            try await withScoutApp(
                pages: [], books: store,
                configure: {
                    $0.clientBurst = 30
                    $0.clientRequestsPerSecond = 10
                    $0.clock = ManualClock()
                }
            ) { _, _, port in try await body(port) }
        }
    }

    /// The statuses of `count` requests for `target` on one connection from `address`.
    static func statuses(of target: String, count: Int, from address: String, port: UInt16) async throws -> [Int] {
        let connection = try RawHTTPConnection(port: port, sourceAddress: address)
        var statuses: [Int] = []
        for _ in 0..<count { statuses.append(try await connection.get(target).status) }
        return statuses
    }

    @Test(
        "80 requests from one address to each book route: the burst's worth pass, then 429",
        arguments: [
            ("/api/v1/books/search?q=hunger", 30), ("/api/v1/books/1", 60), ("/api/v1/books/1/related", 30),
            ("/map?q=hunger", 15),
        ])
    func bookRoutes(target: String, admitted: Int) async throws {
        try await Self.withLimitedApp { port in
            let statuses = try await Self.statuses(of: target, count: 80, from: "127.0.0.3", port: port)
            #expect(statuses.prefix(admitted).allSatisfy { $0 != 429 }, "\(target): \(statuses)")
            #expect(statuses.dropFirst(admitted).allSatisfy { $0 == 429 }, "\(target): \(statuses)")
        }
    }

    @Test(
        "images and pages cost less, and are limited too",
        arguments: [("/img/nosuchsource/cat.jpg", 600), ("/static/scout.css", 300), ("/", 300)])
    func imagesAndPages(target: String, admitted: Int) async throws {
        try await Self.withLimitedApp { port in
            let statuses = try await Self.statuses(of: target, count: admitted + 10, from: "127.0.0.3", port: port)
            // A cost of 0.1 or 0.05 is not exact in binary: the last token may be a hair short.
            #expect(statuses.prefix(admitted - 1).allSatisfy { $0 != 429 }, "\(target)")
            #expect(statuses.suffix(10).allSatisfy { $0 == 429 }, "\(target)")
        }
    }

    @Test("a client on another address is answered every time while one floods /map")
    func otherClientUnaffected() async throws {
        try await Self.withLimitedApp { port in
            let flooder = try RawHTTPConnection(port: port, sourceAddress: "127.0.0.3")
            let other = try RawHTTPConnection(port: port, sourceAddress: "127.0.0.4")
            var flood: [Int] = []
            var others: [Int] = []
            for round in 0..<10 {
                for _ in 0..<8 { flood.append(try await flooder.get("/map?q=hunger").status) }
                // Asked in the middle of the flood, after the flooder's bucket ran dry.
                others.append(try await other.get(round.isMultiple(of: 2) ? "/map?q=hunger" : "/api/v1/books/1").status)
            }
            #expect(flood.filter { $0 == 429 }.count == 65)
            #expect(others == Array(repeating: 200, count: 10))
        }
    }
}
