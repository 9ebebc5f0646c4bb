import BookCatalog
import BookStorage
import Foundation
import ScoutTestSupport
import Testing

/// A server started in the middle of a live import finds the search index file older than the
/// catalog: it maps that file and answers from it, each hit checked, rather than building an
/// index from the whole catalog that the import's next batch makes stale again.
extension HeldIndexTests {
    @Test func aServerStartedDuringAnotherProcesssImportMapsTheOlderFile() async throws {
        try await withTemporaryDirectory(prefix: "scout-held-index") { directory in
            let csv = directory.appending(path: "books.csv")
            try Data(LiveImportSearchTests.csv.utf8).write(to: csv)
            let database = directory.appending(path: "catalog.sqlite").path
            let base = try await LiveImportSearchTests.earlierCatalog(at: database)
            let file = try #require(SearchIndexFile(besideDatabase: database))
            // The file as the last server (or import) left it, of the catalog before the import.
            let earlier = ObservedStore(base: base, clock: ManualClock(), indexFile: file)
            try await earlier.prepareSearch()
            let fileGeneration = try await base.generation()

            let importer = try LiveImportSearchTests.startImport(of: csv, into: database)
            var isReaped = false
            defer { if !isReaped { importer.signal(SIGKILL) } }
            let deferring = await eventually(within: .seconds(60), pollingEvery: .milliseconds(1)) {
                let isLive = (try? await base.isBulkImportLive()) == true
                let generation = (try? await base.generation()) ?? fileGeneration
                return isLive && generation > fileGeneration
            }
            let stopped = await importer.stop()
            try #require(deferring, "the import never deferred its index")
            try #require(stopped, "the import did not stop")

            // The server starts now.
            let clock = ManualClock()
            let reader = ObservedStore(base: base, clock: clock, indexFile: file)
            try await reader.prepareSearch()
            #expect(reader.searchEntriesReadCount == 0 && reader.searchTermsReadCount == 0, "the file was mapped")
            for round in 0..<2 {
                try #require(try await base.isBulkImportLive(), "the import ended before round \(round)")
                let generation = try await base.generation()
                try await Self.expectHeldAnswers(reader, clock: clock, at: generation, builds: 0, round: round)
                try await Self.letImportCommit(importer, in: base, after: generation)
            }

            importer.signal(SIGKILL)
            _ = try await importer.waitForExit()
            isReaped = true
            try await Self.expectBuildOnceImportIsOver(reader, of: base, clock: clock, builds: 1)
        }
    }
}
