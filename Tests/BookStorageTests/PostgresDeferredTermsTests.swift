import BookCatalog
import BookStorage
import Postgres
import ScoutTestSupport
import Testing

/// A large import into PostgreSQL leaves `search_terms` to its last batch: meanwhile the mark
/// is committed with each batch, the word list is read from the books, and the last batch (or
/// the next write after an import was killed) counts every word again.
@Suite(
    "PostgreSQL deferred word counts",
    .enabled(if: Requirement.postgres.mayRun, Comment(rawValue: Requirement.postgres.skipReason)),
    .timeLimit(.minutes(10)))
struct PostgresDeferredTermsTests {
    static func book(_ title: String, by author: String) -> Book {
        Book(source: "bulk", sourceID: title, title: title, authors: [author])
    }

    /// `search_terms` as rows, and whether the mark is set.
    static func counts(in store: PostgresBookStore) async throws -> (terms: [String: Int], isStale: Bool) {
        let rows = try await store.database.query("SELECT term, book_count FROM search_terms") { row in
            (try row.string(0), try row.int(1))
        }
        let stale = try await store.database.query("SELECT search_terms_stale FROM catalog_state") {
            try $0.bool(0)
        }
        return (Dictionary(rows, uniquingKeysWith: +), stale == [true])
    }

    @Test func aLargeImportCountsItsWordsOnceWithItsLastBatch() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let store = try await PostgresBookStore(url: url)
            _ = try await store.upsert([Self.book("Old Harbour", by: "Ann Lee")])
            let first = ImportBatch(
                books: [Self.book("Quiet Harbour", by: "Ann Lee")],
                checkpoint: ImportCheckpoint(name: "bulk", position: 1),
                recordsToFollow: 20_000)
            _ = try await store.apply(first)
            var state = try await Self.counts(in: store)
            #expect(state.isStale)
            #expect(state.terms["quiet"] == nil && state.terms["harbour"] == 1)  // counted later
            // Readers see every committed word all the same, and the check expects the gap.
            #expect(try await store.searchTerms() == ["ann", "harbour", "lee", "old", "quiet"])
            #expect(try await store.integrityProblems().isEmpty)

            // An update while deferred (the old book renamed) moves no count either.
            var renamed = Self.book("Old Harbour", by: "Ann Lee")
            renamed.title = "Old Lighthouse"
            _ = try await store.apply(ImportBatch(books: [renamed], recordsToFollow: 19_000))
            #expect(try await Self.counts(in: store).terms["lighthouse"] == nil)
            let generation = try await store.generation()

            _ = try await store.apply(ImportBatch(books: [Self.book("Storm Tide", by: "Bo Ek")]))
            state = try await Self.counts(in: store)
            #expect(!state.isStale)
            #expect(
                state.terms == [
                    "ann": 2, "lee": 2, "old": 1, "lighthouse": 1, "quiet": 1, "harbour": 1, "storm": 1, "tide": 1,
                    "bo": 1, "ek": 1,
                ])
            #expect(try await store.generation() > generation)
            #expect(try await store.integrityProblems().isEmpty)
        }
    }

    /// An import killed between batches leaves the mark committed with its checkpoint; another
    /// process reads every word, and its next write that does not defer counts them.
    @Test func anImportKilledWhileDeferringLeavesTheMarkForTheNextWrite() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let killed = try await PostgresBookStore(url: url)
            _ = try await killed.apply(
                ImportBatch(
                    books: [Self.book("Night Train", by: "Cy Oh")],
                    checkpoint: ImportCheckpoint(name: "run", position: 1),
                    recordsToFollow: 50_000))
            let next = try await PostgresBookStore(url: url)
            #expect(try await next.checkpoint(named: "run")?.position == 1)
            #expect(try await Self.counts(in: next).isStale)
            #expect(try await next.searchTerms() == ["cy", "night", "oh", "train"])
            _ = try await next.upsert([Self.book("Day Train", by: "Cy Oh")])
            let state = try await Self.counts(in: next)
            #expect(!state.isStale)
            #expect(state.terms == ["cy": 2, "oh": 2, "train": 2, "night": 1, "day": 1])
        }
    }

    /// Below the minimum, or into a catalog over four times what follows, batches keep counting.
    @Test func smallImportsKeepCountingBatchByBatch() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let store = try await PostgresBookStore(url: url)
            _ = try await store.apply(ImportBatch(books: [Self.book("Red Fox", by: "Di Wu")], recordsToFollow: 9_999))
            let state = try await Self.counts(in: store)
            #expect(!state.isStale)
            #expect(state.terms["fox"] == 1)
            // A batch without books has nothing to defer.
            _ = try await store.apply(
                ImportBatch(checkpoint: ImportCheckpoint(name: "tags", position: 1), recordsToFollow: 90_000))
            #expect(try await Self.counts(in: store).isStale == false)
        }
    }

    /// A catalog of version 9 gains the mark (clear) and the trigger that honours it, and keeps
    /// its counts.
    @Test func aCatalogFromVersion9GainsTheMarkAndKeepsItsCounts() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            let database = try await PostgresDatabase(url: try PostgresURL(url))
            try await database.migrate(PostgresBookStore.migrations.filter { $0.version <= 9 })
            try await database.execute(
                "INSERT INTO books (source, source_id, title, search) VALUES ('old', '1', 'Old Man', 'old:1A man:2A')")
            let store = try await PostgresBookStore(url: url)
            #expect(try await database.schemaVersion() == PostgresBookStore.migrations.map(\.version).max())
            var state = try await Self.counts(in: store)
            #expect(!state.isStale && state.terms == ["old": 1, "man": 1])
            _ = try await store.apply(ImportBatch(books: [Self.book("Old Sea", by: "Al Bo")], recordsToFollow: 10_000))
            state = try await Self.counts(in: store)
            #expect(state.isStale && state.terms == ["old": 1, "man": 1])
            _ = try await store.apply(ImportBatch(books: [Self.book("Sea Wall", by: "Al Bo")]))
            state = try await Self.counts(in: store)
            #expect(state.terms == ["old": 2, "man": 1, "sea": 2, "wall": 1, "al": 2, "bo": 2])
            #expect(try await store.integrityProblems().isEmpty)
        }
    }
}
