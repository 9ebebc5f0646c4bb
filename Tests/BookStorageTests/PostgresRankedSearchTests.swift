import BookCatalog
import BookStorage
import Foundation
import Postgres
import ScoutTestSupport
import Testing

/// PostgreSQL's search walks its rank index for common words and falls back to the GIN index for
/// rare ones (see `RankedSearch`); a catalog of a few thousand books takes both ways, and SQLite,
/// which orders the same books the same way with its own index, is the reference for every query.
@Suite(
    "PostgreSQL ranked search",
    .enabled(if: Requirement.postgres.mayRun, Comment(rawValue: Requirement.postgres.skipReason)),
    .timeLimit(.minutes(10)))
struct PostgresRankedSearchTests {
    /// Words from common to rare, so a query can be frequent, rare or absent among popular books.
    static let vocabulary = (0..<80).map { index in
        ["al", "bor", "cen", "dun", "el", "far", "gos", "hil"][index % 8] + ["a", "is", "on", "ur", "ex"][index / 16]
            + String(repeating: "e", count: index % 3)
    }

    /// 3,000 books with skewed word picks, few distinct ratings counts (ties fall back to id) and
    /// some without any.
    static func catalog() -> [Book] {
        var random = SplitMix64(seed: 11)
        return (0..<3000).map { number in
            func word() -> String {
                let unit = Double(random.next() % 10_000) / 10_000
                return vocabulary[Int(unit * unit * unit * Double(vocabulary.count - 1))]
            }
            let title = (0..<(1 + Int(random.next() % 4))).map { _ in word() }.joined(separator: " ")
            let count = random.next() % 7 == 0 ? nil : Int(random.next() % 40)
            return Book(
                source: "ranked", sourceID: "\(number)", title: title.capitalized, authors: [word().capitalized],
                ratingsCount: count)
        }
    }

    static let queries = [
        "a", "al", "ala", "bo", "cen", "dune", "duni", "hilexee", "hilex", "el far", "far el", "alone bor",
        "gosur hilex", "borise a", "zzz", "alone zz", "elon", "cenexe fa", "alis alis", "dun dun d",
    ]

    @Test func searchOrdersAsSQLiteAndMaintainsTheTable() async throws {
        let books = Self.catalog()
        try await withTemporaryDirectory(prefix: "scout-ranked") { directory in
            let sqlite = try await SQLiteBookStore(path: directory.appending(path: "books.sqlite").path)
            _ = try await sqlite.upsert(books)
            try await TestPostgresServer.withTemporaryDatabase { url in
                let store = try await PostgresBookStore(url: url)
                _ = try await store.upsert(books)
                // The write was large enough to analyze: the planner knows the table's size.
                // (A vacuum right after the commit may not mark its pages all-visible yet; with
                // the test server's asynchronous commits it does not, so that is not checked.)
                let rows = try await store.database.query(
                    "SELECT reltuples::int8 FROM pg_class WHERE oid = 'books'::regclass"
                ) { try $0.int(0) }
                #expect(rows == [books.count])
                for query in Self.queries {
                    for limit in [1, 10, 200] {
                        let expected = try await sqlite.search(query, limit: limit).map(\.sourceID)
                        let found = try await store.search(query, limit: limit).map(\.sourceID)
                        #expect(found == expected, "\(query.debugDescription), limit \(limit)")
                    }
                }
            }
        }
    }
}
