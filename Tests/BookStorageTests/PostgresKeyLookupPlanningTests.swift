import BookCatalog
import BookStorage
import Foundation
import Postgres
import ScoutTestSupport
import Testing

/// The PostgreSQL writer's look-ups of a batch's keys in `book_keys` are planned for each call
/// (issue #37). Prepared, PostgreSQL settled after five batches of an import into an empty
/// catalog on a generic plan made while `book_keys` was nearly empty, which scanned the whole
/// table every batch from then on (73 ms a batch at 200,000 keys, growing with the table).
@Suite(
    "PostgreSQL key look-ups planned per call",
    .enabled(if: Requirement.postgres.mayRun, Comment(rawValue: Requirement.postgres.skipReason)),
    .timeLimit(.minutes(10)))
struct PostgresKeyLookupPlanningTests {
    static func book(_ number: Int) -> Book {
        Book(source: "plan", sourceID: "\(number)", title: "Book \(number)", authors: ["Ann Lee"])
    }

    @Test func noKeyLookUpOfADeferringImportIsPrepared() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let store = try await PostgresBookStore(url: url)
            // Eight batches of a large import (its indexes deferred), each also tagging, rating and
            // linking the books of the one before: past the five runs after which a prepared
            // statement may get its generic plan.
            for batch in 0..<8 {
                let books = (0..<20).map { Self.book(batch * 20 + $0) }
                let earlier = batch == 0 ? [] : (0..<20).map { BookKey(Self.book((batch - 1) * 20 + $0)) }
                var links: [ListedLink] = []
                for key in earlier {
                    links.append(
                        ListedLink(from: key, to: try #require(URL(string: "https://example.org/\(key.sourceID)"))))
                }
                let result = try await store.apply(
                    ImportBatch(
                        books: books, tags: earlier.map { BookTags(book: $0, tags: ["sea"]) },
                        readings: earlier.map { Reading(reader: "r", book: $0, rating: 4) },
                        links: links,
                        recordsToFollow: batch == 7 ? 0 : 50_000))
                #expect(result.inserted == 20 && result.unmatched == 0)
            }
            let prepared = try await store.database.query(
                "SELECT statement FROM pg_prepared_statements", planning: .perCall
            ) { try $0.string(0) }
            #expect(!prepared.isEmpty, "the writer prepares its other statements")
            #expect(!prepared.contains { $0.contains("JOIN book_keys") })
            #expect(try await store.database.query("SELECT count(*) FROM readings") { try $0.int(0) } == [140])
        }
    }
}
