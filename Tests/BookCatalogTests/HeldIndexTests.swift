import BookCatalog
import BookStorage
import Foundation
import ScoutTestSupport
import Testing

/// A reading server through a bulk import into its SQLite catalog: every batch the import
/// commits is a new generation, and rebuilding the candidate index from the store at each
/// (≈18 s at a million books) would keep the reader rebuilding until the import ends. While the
/// import is live (deferred mark set, import lock held) the reader keeps its last complete
/// index and answers from it, each hit checked against its book now; nothing is built until
/// the import ends, then once. Generation checks run on a ``ManualClock``; builds are counted
/// as the reader's reads of ``BookStore/searchEntries()``.
@Suite("Candidate index held through a live import", .timeLimit(.minutes(5)))
struct HeldIndexTests {
    /// A batch of an import with `toFollow` records still to come (enough to defer).
    static func batch(_ books: [Book], toFollow: Int) -> ImportBatch {
        ImportBatch(books: books, checkpoint: ImportCheckpoint(name: "held", position: nil), recordsToFollow: toFollow)
    }

    static func newBooks(_ numbers: ClosedRange<Int>) -> [Book] {
        numbers.map { Book(source: "bulk", sourceID: String($0), title: "Newtome \($0)", authors: ["Fresh Writer"]) }
    }

    /// Lets the stopped `importer` run until `store`'s catalog is past `generation` (a few more
    /// batches), then stops it again; fails when it committed nothing within a minute.
    static func letImportCommit(_ importer: ScoutProcess, in store: some BookStore, after generation: Int64)
        async throws
    {
        importer.signal(SIGCONT)
        let moved = await eventually(within: .seconds(60), pollingEvery: .milliseconds(1)) {
            ((try? await store.generation()) ?? generation) > generation
        }
        let stopped = await importer.stop()
        try #require(moved, "the import committed nothing more")
        try #require(stopped, "the import did not stop")
    }

    /// One round of a frozen import: `reader`, its clock moved on, finds "oldtome 7" at the
    /// catalog's `generation` and no book by a title the import renamed, from the index it
    /// holds (the store's own search not asked), having built `builds` indexes in all.
    static func expectHeldAnswers(
        _ reader: ObservedStore, clock: ManualClock, at generation: Int64, builds: Int, round: Int
    ) async throws {
        clock.advance(by: .seconds(2))
        _ = reader.takeQueries()
        let page = try await reader.rankedPage("oldtome 7", offset: 0, limit: 5)
        #expect(page.matches.first?.book.sourceID == "7", "round \(round)")
        #expect(page.generation == generation)
        #expect(try await found("formerly", in: reader).isEmpty, "round \(round): renamed by the import")
        #expect(reader.takeQueries().isEmpty, "round \(round): the held index answered")
        #expect(reader.searchEntriesReadCount == builds, "round \(round): nothing was built")
    }

    /// Once the import is over: `reader`, its clock moved on, builds one index more (`builds` in
    /// all) and ranks every book the import stored in `base`.
    static func expectBuildOnceImportIsOver(
        _ reader: ObservedStore, of base: some BookStore, clock: ManualClock, builds: Int
    ) async throws {
        clock.advance(by: .seconds(2))
        try await reader.prepareSearch()
        #expect(reader.searchEntriesReadCount == builds, "one build once the import was over")
        let stored = try await base.count()
        let saga = try await reader.rankedPage("saga", offset: 0, limit: 5)
        #expect(saga.total == stored - LiveImportSearchTests.earlierBooks)
    }

    /// The source ids of the first page `reader` ranks for `text`.
    static func found(_ text: String, in reader: ObservedStore) async throws -> [String] {
        try await reader.rankedPage(text, offset: 0, limit: 50).matches.map(\.book.sourceID)
    }

    @Test func aLiveImportsGenerationsBuildNothingAndItsEndBuildsOnce() async throws {
        try await withTemporaryDirectory(prefix: "scout-held-index") { directory in
            let path = directory.appending(path: "catalog.sqlite").path
            let base = try await LiveImportSearchTests.earlierCatalog(at: path)
            let clock = ManualClock()
            let file = try #require(SearchIndexFile(besideDatabase: path))
            let reader = ObservedStore(base: base, clock: clock, indexFile: file)
            try await reader.prepareSearch()
            #expect(reader.searchEntriesReadCount == 1 && reader.searchTermsReadCount == 1)
            // The importer: another store on the same file, as another process would have.
            let importer = try await SQLiteBookStore(path: path)

            let renamed = Book(source: "goodbooks", sourceID: "1", title: "Renamed One", authors: ["Gone Writer"])
            var generations: Set<Int64> = [try await base.generation()]
            for round in 0..<5 {
                let books = Self.newBooks(round * 10 + 1...round * 10 + 10) + (round == 1 ? [renamed] : [])
                _ = try await importer.apply(Self.batch(books, toFollow: 50_000 - round))
                #expect(try await base.isBulkImportLive())
                generations.insert(try await base.generation())
                clock.advance(by: .seconds(2))
                _ = reader.takeQueries()
                #expect(try await Self.found("oldtome 7", in: reader).first == "7", "round \(round)")
                // Books the import added are missing until it ends; a book it renamed is never
                // found by its former words.
                #expect(try await Self.found("newtome", in: reader).isEmpty, "round \(round)")
                let formerly = try await Self.found("formerly", in: reader)
                #expect(formerly.contains("2") && formerly.contains("3"), "round \(round): \(formerly)")
                #expect(formerly.contains("1") == (round == 0), "round \(round): \(formerly)")
                // The kept index answered: the store's own search was not asked, and nothing built.
                #expect(reader.takeQueries().isEmpty, "round \(round)")
                #expect(reader.searchEntriesReadCount == 1 && reader.searchTermsReadCount == 1, "round \(round)")
            }
            #expect(generations.count == 6, "each batch was a generation")

            _ = try await importer.apply(Self.batch(Self.newBooks(51...60), toFollow: 0))
            #expect(try await !base.isBulkImportLive())
            clock.advance(by: .seconds(2))
            try await reader.prepareSearch()
            #expect(reader.searchEntriesReadCount == 2, "one build when the import ended")
            _ = reader.takeQueries()
            #expect(try await Self.found("newtome", in: reader).count == 50)
            #expect(try await Self.found("renamed one", in: reader) == ["1"])
            #expect(reader.takeQueries().isEmpty, "the new index answered")
        }
    }

    @Test func aKilledImportsMarkIsNoLiveImport() async throws {
        try await withTemporaryDirectory(prefix: "scout-held-index") { directory in
            let path = directory.appending(path: "catalog.sqlite").path
            let base = try await LiveImportSearchTests.earlierCatalog(at: path)
            let importer = try await SQLiteBookStore(path: path)
            _ = try await importer.apply(Self.batch(Self.newBooks(1...10), toFollow: 50_000))
            #expect(try await base.isBulkImportLive())
            // What the kernel does when the importing process dies: its lock is dropped.
            try await importer.releaseImportLock()
            #expect(try await base.isSearchIndexStale())
            #expect(try await !base.isBulkImportLive())
        }
    }

    /// Two processes: a real `scout books import` defers the index, and is let run a few batches
    /// at a time between searches (SIGSTOP while the test searches, so it reads a fixed state).
    @Test func aServerKeepsItsIndexWhileAnotherProcessImports() async throws {
        try await withTemporaryDirectory(prefix: "scout-held-index") { directory in
            let csv = directory.appending(path: "books.csv")
            try Data(LiveImportSearchTests.csv.utf8).write(to: csv)
            let database = directory.appending(path: "catalog.sqlite").path
            let base = try await LiveImportSearchTests.earlierCatalog(at: database)
            let clock = ManualClock()
            let reader = ObservedStore(
                base: base, clock: clock, indexFile: try #require(SearchIndexFile(besideDatabase: database)))
            try await reader.prepareSearch()
            #expect(reader.searchEntriesReadCount == 1)

            let importer = try LiveImportSearchTests.startImport(of: csv, into: database)
            var isReaped = false
            defer { if !isReaped { importer.signal(SIGKILL) } }
            let deferring = await eventually(within: .seconds(60), pollingEvery: .milliseconds(1)) {
                (try? await base.isSearchIndexStale()) == true
            }
            let stopped = await importer.stop()
            try #require(deferring, "the import never deferred its index")
            try #require(stopped, "the import did not stop")
            var generations: Set<Int64> = []
            for round in 0..<3 {
                try #require(try await base.isBulkImportLive(), "the import ended before round \(round)")
                let generation = try await base.generation()
                generations.insert(generation)
                try await Self.expectHeldAnswers(reader, clock: clock, at: generation, builds: 1, round: round)
                // A few more batches, then stopped again.
                try await Self.letImportCommit(importer, in: base, after: generation)
            }
            #expect(generations.count == 3)

            importer.signal(SIGKILL)
            _ = try await importer.waitForExit()
            isReaped = true
            try await Self.expectBuildOnceImportIsOver(reader, of: base, clock: clock, builds: 2)
        }
    }
}
