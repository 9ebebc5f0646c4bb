import BookCatalog
import BookStorage
import Foundation
import ScoutTestSupport
import Testing

/// A reading server through a bulk import into its PostgreSQL catalog, as the SQLite suite
/// ("Candidate index held through a live import") has it: while the import is live (the
/// deferred search indexes' mark set, the import lock held by the importer's session) the
/// reader keeps its last complete index and checks each hit; nothing is built until the import
/// ends, then once. A server started meanwhile maps the index file the last one wrote. The
/// importer is another store, so another session, as another process would have.
@Suite(
    "PostgreSQL candidate index held through a live import",
    .enabled(if: Requirement.postgres.mayRun, Comment(rawValue: Requirement.postgres.skipReason)),
    .timeLimit(.minutes(5)))
struct PostgresHeldIndexTests {
    @Test func aLiveImportsGenerationsBuildNothingAndItsEndBuildsOnce() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            try await withTemporaryDirectory(prefix: "scout-held-index") { directory in
                let importer = try await PostgresBookStore(url: url)
                let base = try await PostgresBookStore(url: url)
                let identity = try #require(base.catalogIdentity)
                let file = SearchIndexFile(directory: directory.path, catalogIdentity: identity)
                // Only an import into an empty catalog defers: the reader starts after its first batch.
                _ = try await importer.apply(HeldIndexTests.batch(HeldIndexTests.newBooks(1...10), toFollow: 50_000))
                #expect(try await base.isBulkImportLive())
                let clock = ManualClock()
                let reader = ObservedStore(base: base, clock: clock, indexFile: file)
                try await reader.prepareSearch()
                #expect(reader.searchEntriesReadCount == 1, "no file yet: built from the catalog")

                let renamed = Book(source: "bulk", sourceID: "3", title: "Renamed Three", authors: ["Gone Writer"])
                var generations: Set<Int64> = [try await base.generation()]
                for round in 1..<4 {
                    let books =
                        HeldIndexTests.newBooks(round * 10 + 1...round * 10 + 10) + (round == 2 ? [renamed] : [])
                    _ = try await importer.apply(HeldIndexTests.batch(books, toFollow: 50_000 - round))
                    #expect(try await base.isBulkImportLive())
                    generations.insert(try await base.generation())
                    clock.advance(by: .seconds(2))
                    _ = reader.takeQueries()
                    let found = try await HeldIndexTests.found("newtome", in: reader)
                    // The books of the first batch, checked; those added since are missing until the end.
                    #expect(Set(found).isSubset(of: Set((1...10).map(String.init))), "round \(round): \(found)")
                    #expect(found.contains("3") == (round < 2), "round \(round): renamed in round 2")
                    #expect(found.count >= 9, "round \(round): \(found)")
                    #expect(reader.takeQueries().isEmpty, "round \(round): the kept index answered")
                    #expect(reader.searchEntriesReadCount == 1, "round \(round): nothing was built")
                }
                #expect(generations.count == 4, "each batch was a generation")

                // A server started now maps the file of the first batch's generation.
                let late = ObservedStore(base: base, clock: ManualClock(), indexFile: file)
                try await late.prepareSearch()
                #expect(late.searchEntriesReadCount == 0 && late.searchTermsReadCount == 0, "the file was mapped")
                _ = late.takeQueries()
                #expect(try await HeldIndexTests.found("newtome 7", in: late).first == "7")
                #expect(try await !HeldIndexTests.found("newtome 37", in: late).contains("37"), "added since the file")
                #expect(late.takeQueries().isEmpty, "the mapped file answered")

                _ = try await importer.apply(HeldIndexTests.batch(HeldIndexTests.newBooks(41...50), toFollow: 0))
                #expect(try await !base.isBulkImportLive())
                clock.advance(by: .seconds(2))
                try await reader.prepareSearch()
                #expect(reader.searchEntriesReadCount == 2, "one build when the import ended")
                _ = reader.takeQueries()
                #expect(try await HeldIndexTests.found("newtome", in: reader).count == 49)
                #expect(try await HeldIndexTests.found("renamed three", in: reader) == ["3"])
                #expect(reader.takeQueries().isEmpty, "the new index answered")
            }
        }
    }

    /// A server whose catalog was empty when the import began holds an index of no books: its
    /// searches go to the store, which finds every committed book, and nothing is built.
    @Test func anEmptyHeldIndexLeavesSearchesToTheStore() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            try await withTemporaryDirectory(prefix: "scout-held-index") { directory in
                let importer = try await PostgresBookStore(url: url)
                let base = try await PostgresBookStore(url: url)
                let file = SearchIndexFile(
                    directory: directory.path, catalogIdentity: try #require(base.catalogIdentity))
                let clock = ManualClock()
                let reader = ObservedStore(base: base, clock: clock, indexFile: file)
                try await reader.prepareSearch()
                #expect(reader.searchEntriesReadCount == 1)
                for round in 0..<2 {
                    let books = HeldIndexTests.newBooks(round * 10 + 1...round * 10 + 10)
                    _ = try await importer.apply(HeldIndexTests.batch(books, toFollow: 50_000 - round))
                    #expect(try await base.isBulkImportLive())
                    clock.advance(by: .seconds(2))
                    _ = reader.takeQueries()
                    #expect(try await HeldIndexTests.found("newtome", in: reader).count == (round + 1) * 10)
                    #expect(!reader.takeQueries().isEmpty, "round \(round): the store answered")
                    #expect(reader.searchEntriesReadCount == 1, "round \(round): nothing was built")
                }
            }
        }
    }

    /// A goodbooks CSV of `books` rows, "Book N (Saga N % 97)": enough for PostgreSQL to defer
    /// (10,000 records to follow) when `books` passes that by a few batches.
    static func csv(books: Int) -> String {
        let header =
            "goodreads_book_id,title,authors,isbn,original_publication_year,language_code,average_rating,"
            + "ratings_count,image_url,small_image_url"
        let rows = (1...books).map { number in
            "\(number),\"Book \(number) (Saga \(number % 97))\",Author \(number % 53),,2000,eng,4,\(number),,"
        }
        return ([header] + rows).joined(separator: "\n") + "\n"
    }

    /// A real `scout books import` into an empty PostgreSQL catalog, let run a few batches at a
    /// time between searches (SIGSTOP while the test searches), then `kill -9`ed: its session
    /// ends, so its import lock goes; the reader builds once, and the deferred search indexes
    /// are built at once by ``PostgresBookStore/finishAbandonedImport()``.
    @Test func aServerKeepsItsIndexWhileAnotherProcessImportsAndBuildsOnceItIsKilled() async throws {
        try await TestPostgresServer.withTemporaryDatabase { url in
            try await withTemporaryDirectory(prefix: "scout-held-index") { directory in
                let csv = directory.appending(path: "books.csv")
                try Data(Self.csv(books: 10_400).utf8).write(to: csv)
                let cache = directory.appending(path: "cache")
                let base = try await PostgresBookStore(url: url)
                let files = cache.appending(path: "search-index")
                try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
                let file = SearchIndexFile(directory: files.path, catalogIdentity: try #require(base.catalogIdentity))
                let importer = try ScoutProcess(
                    ["books", "import", "goodbooks", csv.path, "--database", url, "--batch-size", "100"],
                    environment: ["SCOUT_CACHE_DIR": cache.path])
                var isReaped = false
                defer { if !isReaped { importer.signal(SIGKILL) } }
                let deferring = await eventually(within: .seconds(60), pollingEvery: .milliseconds(1)) {
                    (try? await base.isBulkImportLive()) == true
                }
                let stopped = await importer.stop()
                try #require(deferring, "the import never deferred its search indexes")
                try #require(stopped, "the import did not stop")
                let clock = ManualClock()
                let reader = ObservedStore(base: base, clock: clock, indexFile: file)
                try await reader.prepareSearch()
                #expect(reader.searchEntriesReadCount == 1)
                let indexed = try await base.count()

                var generations: Set<Int64> = []
                for round in 0..<3 {
                    try #require(try await base.isBulkImportLive(), "the import ended before round \(round)")
                    let generation = try await base.generation()
                    generations.insert(generation)
                    clock.advance(by: .seconds(2))
                    _ = reader.takeQueries()
                    let page = try await reader.rankedPage("book 7", offset: 0, limit: 5)
                    let titles = page.matches.map(\.book.title)
                    #expect(
                        !titles.isEmpty && titles.allSatisfy { $0.hasPrefix("Book 7") }, "round \(round): \(titles)")
                    #expect(page.generation == generation)
                    let saga = try await reader.rankedPage("saga", offset: 0, limit: 5)
                    #expect(saga.total == indexed, "round \(round): the kept index's books")
                    #expect(reader.takeQueries().isEmpty, "round \(round): the kept index answered")
                    #expect(reader.searchEntriesReadCount == 1, "round \(round): nothing was built")
                    try await HeldIndexTests.letImportCommit(importer, in: base, after: generation)
                }
                #expect(generations.count == 3)

                importer.signal(SIGKILL)
                _ = try await importer.waitForExit()
                isReaped = true
                // The server ends the session once it reads the closed socket.
                let ended = await eventually(within: .seconds(60), pollingEvery: .milliseconds(1)) {
                    (try? await base.isBulkImportLive()) == false
                }
                try #require(ended, "the killed importer's session still holds the import lock")
                clock.advance(by: .seconds(2))
                try await reader.prepareSearch()
                #expect(reader.searchEntriesReadCount == 2, "one build once the import was over")
                let stored = try await base.count()
                #expect(stored > indexed)
                #expect(try await reader.rankedPage("saga", offset: 0, limit: 5).total == stored)

                #expect(try await base.finishAbandonedImport(), "the search indexes were built")
                #expect(try await !base.finishAbandonedImport())
                #expect(try await base.search("saga", limit: 5).count == 5)
                #expect(try await base.integrityProblems().isEmpty)
            }
        }
    }
}
