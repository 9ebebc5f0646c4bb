import BookCatalog
import BookStorage
import Foundation
import Postgres
import ScoutTestSupport
import Testing

/// The PostgreSQL store's bulk path: a large batch, written with `COPY`, leaves the rows that
/// the same records applied one at a time leave (as ``BookMatcher`` runs them, entry by entry),
/// with updates, merges and a record named twice in the batch; relations go in by `COPY` too.
@Suite(
    "PostgreSQL COPY import",
    .enabled(if: Requirement.postgres.mayRun, Comment(rawValue: Requirement.postgres.skipReason)),
    .timeLimit(.minutes(10)))
struct PostgresCopyImportTests {
    /// Book `number` of source `source`, with text that COPY must escape and an ISBN shared by
    /// every tenth pair, so other sources' records merge into it.
    static func book(_ number: Int, source: String = "copy", edition: Int = 0) -> Book {
        Book(
            source: source, sourceID: "\(number)", title: "Title\t\(number) \\ of the\nCopy Saga 第\(number)巻",
            seriesName: number % 5 == 0 ? "Saga\\\(number / 50)" : nil, seriesNumber: number % 5 == 0 ? 1 : nil,
            alternateTitles: number % 7 == 0 ? ["Alt \(number)\r"] : [], authors: ["Author \(number % 13)"],
            year: 1900 + number % 100 + edition, isbn13: number % 10 == 0 ? "97800000\(10_000 + number)" : nil,
            ratingsCount: number, tags: number % 3 == 0 ? ["tag\(number % 4)", "\\."] : [],
            description: edition > 0 ? "edition \(edition)" : nil)
    }

    /// 500 books stored first, then one batch of 2,840 records: 2,000 new books (each 50th named
    /// again later in the batch with another edition), 300 of the stored ones changed and 200
    /// unchanged, and 300 records of another source with the ISBN of a stored or new book (250)
    /// or of none (50, new books).
    static let seed = (1...500).map { book($0) }
    static let batch: [Book] = {
        var records = (501...2500).map { book($0) }
        records += (1...300).map { book($0, edition: 1) } + (301...500).map { book($0) }
        records += (1...300).map { number in
            var other = book(number * 10, source: "other")
            other.isbn13 = book(number * 10).isbn13
            return other
        }
        records += stride(from: 550, through: 2500, by: 50).map { book($0, edition: 2) }
        return records
    }()

    @Test func aLargeBatchWritesWhatTheSameRecordsWriteOneByOne() async throws {
        let oneByOne = try await stored { store in
            for book in Self.batch { _ = try await store.upsert([book]) }
        }
        var result = UpsertResult()
        let bulk = try await stored { store in result = try await store.upsert(Self.batch) }
        #expect(bulk.books.count == 2550 && bulk.keys.count > 2550)
        #expect(bulk.books == oneByOne.books)
        #expect(bulk.keys == oneByOne.keys)
        #expect(bulk.terms == oneByOne.terms)
        #expect(result.inserted == 2050 && result.updated > 300 && result.unchanged > 0)
        #expect(result.ids.count == Self.batch.count && !result.ids.contains(0))
    }

    /// Every row of `books` (every column, as text), `book_keys` and `search_terms` after
    /// `write` ran on a store holding ``seed``; and the integrity check finds nothing.
    private func stored(_ write: (PostgresBookStore) async throws -> Void) async throws -> (
        books: [String], keys: [String], terms: [String]
    ) {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let store = try await PostgresBookStore(url: url)
            _ = try await store.upsert(Self.seed)
            try await write(store)
            #expect(try await store.integrityProblems().isEmpty)
            func rows(_ sql: String) async throws -> [String] {
                try await store.database.query(sql) { try $0.string(0) }
            }
            return (
                try await rows("SELECT books::text FROM books ORDER BY id"),
                try await rows("SELECT book_keys::text FROM book_keys ORDER BY source, source_id"),
                try await rows("SELECT search_terms::text FROM search_terms ORDER BY term")
            )
        }
    }

    /// A full replacement copies straight into `relations`; one from a few sources, where a
    /// relation from another book may already be stored, upserts it; repeats keep their last value.
    @Test func relationsReplacedByCopyKeepTheirLastValueAndMeetStoredOnes() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let store = try await PostgresBookStore(url: url)
            let ids = try await store.upsert((1...4).map { Self.book($0) }).ids
            func relation(_ from: Int, _ to: Int, _ score: Double, _ reason: String) -> Relation {
                Relation(kind: .similarTags, from: ids[from], to: ids[to], score: score, reason: reason)
            }
            try await store.replaceRelations(
                for: [.similarTags], from: nil,
                with: [relation(0, 1, 1, "a\tb"), relation(0, 1, 2, "last\\.\n"), relation(1, 2, 3, "c")])
            func stored() async throws -> [String] {
                try await store.database.query(
                    "SELECT from_id || ' ' || to_id || ' ' || score || ' ' || reason FROM relations ORDER BY from_id, to_id"
                ) { try $0.string(0) }
            }
            #expect(try await stored() == ["\(ids[0]) \(ids[1]) 2 last\\.\n", "\(ids[1]) \(ids[2]) 3 c"])
            // From book 0 only, with a relation from book 1 that is stored already: it is updated.
            try await store.replaceRelations(
                for: [.similarTags], from: [ids[0]], with: [relation(0, 3, 4, "d"), relation(1, 2, 5, "e")])
            #expect(try await stored() == ["\(ids[0]) \(ids[3]) 4 d", "\(ids[1]) \(ids[2]) 5 e"])
            await #expect(throws: BookStoreError.self) {
                try await store.replaceRelations(
                    for: [.similarTags], from: nil,
                    with: [Relation(kind: .similarTags, from: ids[0], to: 999_999, score: 1, reason: "gone")])
            }
            #expect(try await stored().count == 2)  // the failed replacement changed nothing
        }
    }
}
