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
}
