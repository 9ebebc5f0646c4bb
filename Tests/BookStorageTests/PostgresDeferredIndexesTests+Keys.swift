import BookCatalog
import BookStorage
import Postgres
import ScoutTestSupport
import Testing

/// The deferral's foreign key and series index: what a deferred import stores is what the same
/// batches store row by row, a book deleted by hand meanwhile loses its keys when the key comes
/// back, and a mark saved before the key was deferred is built as it stands.
extension PostgresDeferredIndexesTests {
    /// Book `number` of `source`: every third in a series, every fifth with an ISBN, through which
    /// another source's record of the same number merges into it (by the kept indexes).
    static func book(_ number: Int, source: String = "bulk", year: Int? = nil) -> Book {
        Book(
            source: source, sourceID: "\(number)", title: "Harbour \(number)",
            seriesName: number % 3 == 0 ? "Tides" : nil, seriesNumber: number % 3 == 0 ? Double(number) : nil,
            authors: ["Ann Lee"], year: year, isbn13: number % 5 == 0 ? "97810000\(10_000 + number)" : nil,
            ratingsCount: number)
    }

    /// Three batches of 60 records, the second and third naming books stored or in the same batch
    /// again (another source's record by ISBN, or the same source id with another year).
    static let batches: [[Book]] = [
        (1...60).map { book($0) },
        (61...100).map { book($0) } + (1...20).map { book($0 * 5, source: "other") },
        (101...140).map { book($0) } + (1...20).map { book($0, year: 2000) },
    ]

    @Test func aDeferredImportStoresWhatTheSameBatchesStoreRowByRow() async throws {
        func imported(recordsToFollow: Int) async throws -> [[String]] {
            try await TestPostgresServer.withTemporaryDatabase { url in
                let store = try await PostgresBookStore(url: url)
                for (index, books) in Self.batches.enumerated() {
                    let last = index == Self.batches.count - 1
                    _ = try await store.apply(ImportBatch(books: books, recordsToFollow: last ? 0 : recordsToFollow))
                    if !last { #expect(try await Self.deferred(in: store.database).isEmpty == (recordsToFollow == 0)) }
                }
                #expect(try await store.integrityProblems().isEmpty)
                #expect(try await Self.keys(in: store.database) == [Self.foreignKey])
                var tables: [[String]] = []
                for sql in [
                    "SELECT books::text FROM books ORDER BY id",
                    "SELECT book_keys::text FROM book_keys ORDER BY source, source_id",
                    "SELECT search_terms::text FROM search_terms ORDER BY term",
                    "SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname",
                ] {
                    tables.append(try await store.database.query(sql) { try $0.string(0) })
                }
                return tables
            }
        }
        let rowByRow = try await imported(recordsToFollow: 0)
        let deferred = try await imported(recordsToFollow: 50_000)
        #expect(rowByRow[0].count == 140 && rowByRow[1].count >= 160)
        #expect(deferred == rowByRow)
    }

    /// Without the foreign key nothing cascades: keys of a book deleted by hand stay until the
    /// build, which deletes them, as the cascade would have, and adds the key back.
    @Test func theBuildDeletesTheKeysOfBooksDeletedMeanwhile() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let store = try await PostgresBookStore(url: url)
            let ids = try await store.apply(ImportBatch(books: Self.batches[0], recordsToFollow: 20_000)).ids
            try await store.database.execute("DELETE FROM books WHERE id = $1", [.integer(ids[0])])
            let orphans = "SELECT count(*) FROM book_keys WHERE book_id = $1"
            #expect(try await store.database.query(orphans, [.integer(ids[0])]) { try $0.int(0) }.first ?? 0 > 0)
            _ = try await store.apply(ImportBatch(books: [Self.book(61)]))
            #expect(try await store.database.query(orphans, [.integer(ids[0])]) { try $0.int(0) } == [0])
            #expect(try await Self.keys(in: store.database) == [Self.foreignKey])
            #expect(try await Self.deferred(in: store.database).isEmpty)
            #expect(try await store.integrityProblems().isEmpty)
        }
    }

    /// A mark saved before the series index and the key were deferred (the search indexes
    /// only) builds those two and leaves the rest as they are.
    @Test func aMarkOfTheSearchIndexesAloneBuildsThemAlone() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let store = try await PostgresBookStore(url: url)
            let before = try await Self.indexes(in: store.database)
            _ = try await store.apply(ImportBatch(books: Self.batches[0], recordsToFollow: 20_000))
            let database = store.database
            for name in ["books_series", Self.foreignKey] {
                let definition = try await database.query(
                    "SELECT definition FROM deferred_indexes WHERE name = $1", [.text(name)]
                ) { try $0.string(0) }
                try await database.execute(try #require(definition.first))
                try await database.execute("DELETE FROM deferred_indexes WHERE name = $1", [.text(name)])
            }
            #expect(try await Self.deferred(in: database) == ["books_by_rank", "books_search"])
            _ = try await store.apply(ImportBatch(books: [Self.book(61)]))
            #expect(try await Self.indexes(in: database) == before)
            #expect(try await Self.keys(in: database) == [Self.foreignKey])
            #expect(try await Self.deferred(in: database).isEmpty)
        }
    }

    /// A mark naming anything else is refused, and the batch writes nothing.
    @Test func aMarkHoldingAnotherStatementIsRefused() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let store = try await PostgresBookStore(url: url)
            _ = try await store.apply(ImportBatch(books: Self.batches[0], recordsToFollow: 20_000))
            try await store.database.execute(
                "UPDATE deferred_indexes SET definition = 'ALTER TABLE book_keys DROP COLUMN book_id' WHERE name = $1",
                [.text(Self.foreignKey)])
            await #expect(throws: BookStoreError.self) {
                try await store.apply(ImportBatch(books: [Self.book(61)]))
            }
            #expect(try await Self.deferred(in: store.database) == Self.marked)
            #expect(try await store.database.query("SELECT count(*) FROM books") { try $0.int(0) } == [60])
        }
    }
}
