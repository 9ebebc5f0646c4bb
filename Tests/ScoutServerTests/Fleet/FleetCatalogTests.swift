import BookCatalog
import BookStorage
import Foundation
import HTTPServer
import ScoutTestSupport
import Testing

/// Three instances over one PostgreSQL catalog (issue #15): an import made once shows on every
/// instance within 2 s, typo tolerance included; with the database unreachable the book routes
/// answer 503 with a sentence while Wikipedia searches go on, and books come back with it.
@Suite(
    "Fleet: one PostgreSQL catalog", .timeLimit(.minutes(2)),
    .enabled(if: Requirement.redis.mayRun, Comment(rawValue: Requirement.redis.skipReason)),
    .enabled(if: Requirement.postgres.mayRun, Comment(rawValue: Requirement.postgres.skipReason)))
struct FleetCatalogTests {
    /// Runs `body` with three instances sharing Redis, each with its own store on one new
    /// PostgreSQL database holding `books`, and a fourth store on it for the test itself.
    private func withCatalogFleet(
        _ books: [Book], _ body: ([FleetInstance], any BookStore, String) async throws -> Void
    ) async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let writer = try await PostgresBookStore(url: url)
            _ = try await writer.upsert(books)
            _ = try await writer.rebuildRelations()
            var stores: [any BookStore] = []
            for _ in 0..<3 { stores.append(try await PostgresBookStore(url: url)) }
            try await withFleet(pages: FleetRedis.pages, redis: try FleetRedis.url(), books: stores) { _, fleet, _ in
                try await body(fleet, writer, url)
            }
        }
    }

    /// Whether the reply to `target` lists a book titled `title`.
    private static func finds(_ title: String, _ instance: FleetInstance, _ target: String) async throws -> Bool {
        let reply = try await instance.get(target)
        #expect(reply.status == 200, "\(target): \(reply.text)")
        guard case .array(let items) = try reply.json()["items"] else { return false }
        return items.contains { $0["title"] == .string(title) }
    }

    @Test("a book imported once is found on every instance within 2 s, by a misspelt word too")
    func importVisibleEverywhere() async throws {
        try await withCatalogFleet(BookFixtures.books()) { fleet, writer, _ in
            let title = "The Lighthouse Cartographer"
            let targets = [
                "/api/v1/books/search?q=lighthoose%20cartographer", "/api/v1/search?source=books&q=lighthoose",
            ]
            // Every instance has searched for it (its typo dictionary loaded, its cache holding "nothing").
            for instance in fleet {
                for target in targets { #expect(try await Self.finds(title, instance, target) == false) }
            }
            let line = #"{"source":"test","sourceID":"lighthouse","title":"\#(title)","authors":["Ada Mariner"]}"#
            let summary = try await JSONLinesImporter(store: writer).importBooks(from: Data(line.utf8))
            #expect(summary.imported == 1)
            let imported = ContinuousClock.now
            var waiting = fleet.flatMap { instance in targets.map { (instance, $0) } }
            _ = try await eventually(within: .seconds(4), pollingEvery: .milliseconds(50)) {
                var still: [(FleetInstance, String)] = []
                for (instance, target) in waiting where try await !Self.finds(title, instance, target) {
                    still.append((instance, target))
                }
                waiting = still
                return waiting.isEmpty
            }
            let took = imported.duration(to: .now)
            #expect(waiting.isEmpty, "still not found: \(waiting.map(\.1))")
            #expect(took <= .seconds(2), "found everywhere after \(took)")
        }
    }

    @Test("PostgreSQL unreachable: book routes answer 503 with a sentence, Wikipedia still 200, books come back")
    func databaseDown() async throws {
        try await withCatalogFleet(BookFixtures.books()) { fleet, _, url in
            #expect(try await fleet[0].get("/api/v1/books/search?q=hunger").status == 200)
            try await TestPostgresServer.refuseConnections(true, to: url)
            let bookTargets = [
                "/api/v1/books/search?q=hunger", "/api/v1/books/1", "/api/v1/books/1/related", "/map?q=mockingjay",
                "/api/v1/search?source=books&q=catching",
            ]
            for instance in fleet {
                for target in bookTargets {
                    let reply = try await instance.get(target)
                    #expect(reply.status == 503, "\(target)")
                    let error = try reply.json()["error"]
                    #expect(error?["code"] == "catalog_failed", "\(target)")
                    #expect(error?["message"] == "The book catalog could not be searched. Retry in a moment.")
                    #expect(reply.headers["Retry-After"] == "5")
                }
                let wikipedia = try await instance.get("/api/v1/search?source=wikipedia&q=alpha")
                #expect(wikipedia.status == 200)
                #expect(try wikipedia.json()["items"]?[0]?["title"] == "Alpha 1")
            }
            try await TestPostgresServer.refuseConnections(false, to: url)
            for instance in fleet {
                #expect(try await instance.get("/api/v1/books/search?q=hunger").status == 200)
                #expect(try await instance.get("/map?q=mockingjay").status == 200)
            }
        }
    }
}
