import Foundation
import Postgres
import ScoutTestSupport
import Testing

@testable import BookCatalog
@testable import BookStorage

/// The PostgreSQL writer takes the match keys an import computed on its reading task
/// (``ImportBatch/matchKeys``) instead of folding every title again, and writes each row's
/// `match_key` from the matcher's (issue #37). These tests hold it to matching on the keys it
/// is given, to the catalog the store's own keys stored (every row of `books` and `book_keys`,
/// through a real import whose books match each other and are cut to their limits), and to
/// keys folded again for a book with NUL, which PostgreSQL stores without.
@Suite(
    "PostgreSQL import keys computed ahead",
    .enabled(if: Requirement.postgres.mayRun, Comment(rawValue: Requirement.postgres.skipReason)),
    .timeLimit(.minutes(10)))
struct PostgresImportKeysAheadTests {
    static let dune = Book(source: "a", sourceID: "1", title: "Dune", authors: ["Frank Herbert"])

    /// Every row of `books` (every column, as text) and `book_keys`.
    static func dump(_ store: PostgresBookStore) async throws -> [String] {
        var rows: [String] = []
        for sql in [
            "SELECT books::text FROM books ORDER BY id",
            "SELECT book_keys::text FROM book_keys ORDER BY source, source_id",
        ] {
            rows += try await store.database.query(sql) { try $0.string(0) }
        }
        return rows
    }

    @Test func theWriterMatchesOnTheKeysHandedWithTheBatch() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let store = try await PostgresBookStore(url: url)
            _ = try await store.upsert([Self.dune])
            // Match keys that are not this book's own: only a writer that takes them finds "Dune".
            var batch = ImportBatch(
                books: [Book(source: "b", sourceID: "2", title: "Children of Dune", authors: ["Frank Herbert"])])
            batch.matchKeys = [
                BookMatchKeys(of: Book(source: "b", sourceID: "2", title: "Dune", authors: ["Frank Herbert"]))
            ]
            let result = try await store.apply(batch)
            #expect(result.inserted == 0 && result.updated + result.unchanged == 1)
            #expect(try await store.book(key: BookKey(source: "b", sourceID: "2"))?.title == "Dune")
        }
    }

    @Test func aKeyWithNULIsLookedUpAsStoredWithoutIt() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let store = try await PostgresBookStore(url: url)
            // Stored as "b:2"; only a lookup of that key finds it again, as the title cannot
            // match a book its own source already named.
            let book = Book(source: "b", sourceID: "2\u{0}", title: "Dune", authors: ["Frank Herbert"])
            for _ in 0..<2 {
                var batch = ImportBatch(books: [book])
                batch.matchKeys = [BookMatchKeys(of: book)]
                _ = try await store.apply(batch)
            }
            #expect(try await store.database.query("SELECT count(*) FROM books") { try $0.int(0) } == [1])
            #expect(try await store.book(key: BookKey(source: "b", sourceID: "2"))?.title == "Dune")
        }
    }

    @Test func aBookWithNULHasItsKeysFoldedAgainWithoutIt() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let store = try await PostgresBookStore(url: url)
            _ = try await store.upsert([Self.dune])
            // Folded with NUL, "Du\0ne" is "du ne"; stored without it, it is "Dune".
            let book = Book(source: "b", sourceID: "2", title: "Du\u{0}ne", authors: ["Frank\u{0} Herbert"])
            var batch = ImportBatch(books: [book])
            batch.matchKeys = [BookMatchKeys(of: book)]
            #expect(batch.matchKeys != [BookMatchKeys(of: Self.dune)])
            let result = try await store.apply(batch)
            #expect(result.inserted == 0)
            #expect(try await store.database.query("SELECT count(*) FROM books") { try $0.int(0) } == [1])
        }
    }

    @Test("a real import stores what the store's own keys stored", arguments: [21, 22])
    func realImport(seed: UInt64) async throws {
        let books = ImportKeysAheadTests.books(seed: seed, count: 300)
        let lines = try books.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        let data = Data(lines.joined(separator: "\n").utf8)
        let (stored, expected) = try await TestPostgresServer.withTemporaryDatabase { aheadURL in
            try await TestPostgresServer.withTemporaryDatabase { referenceURL in
                let ahead = try await PostgresBookStore(url: aheadURL)
                let summary = try await JSONLinesImporter(store: ahead, batchSize: 7).importBooks(from: data)
                #expect(summary.skipped.isEmpty)
                #expect(summary.truncatedFields > 0, "some books are cut, so keys of cut books are compared")
                // The old path: the same lines, in the same batches, capped, the keys left to the store.
                var records = JSONLinesRecords(data: data)
                var read: [Book] = []
                while let rows = try records.next() {
                    for case .book(let book) in rows { read.append(book) }
                }
                let reference = try await PostgresBookStore(url: referenceURL)
                for start in stride(from: 0, to: read.count, by: 7) {
                    var batch = ImportBatch(books: Array(read[start..<min(start + 7, read.count)]))
                    batch.capFields()
                    _ = try await reference.apply(batch)
                }
                return (try await Self.dump(ahead), try await Self.dump(reference))
            }
        }
        #expect(stored.count > 300)
        #expect(stored == expected, "first difference: \(ImportKeysAheadTests.firstDifference(stored, expected))")
    }
}
