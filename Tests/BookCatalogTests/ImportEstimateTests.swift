import BookStorage
import Foundation
import Testing

@testable import BookCatalog

/// How many records an import still holds, as each batch tells the store
/// (``ImportBatch/recordsToFollow``): what lets SQLite defer its full-text index.
@Suite("Import size estimate", .timeLimit(.minutes(1)))
struct ImportEstimateTests {
    @Test func theRecordsLeftAreEstimatedAtTheRateReadSoFar() {
        #expect(ImportBatcher.recordsToFollow(records: 1000, bytesRead: 100_000, totalBytes: 10_000_000) == 99_000)
        #expect(ImportBatcher.recordsToFollow(records: 3, bytesRead: 10, totalBytes: 11) == 1)
    }

    @Test func unknownSizesAndTheEndEstimateNone() {
        #expect(ImportBatcher.recordsToFollow(records: 1000, bytesRead: 0, totalBytes: 0) == 0)
        #expect(ImportBatcher.recordsToFollow(records: 1000, bytesRead: 5000, totalBytes: 5000) == 0)
        #expect(ImportBatcher.recordsToFollow(records: 0, bytesRead: 5000, totalBytes: 9000) == 0)
    }

    /// A first record of one byte before a file of terabytes claims no more than the cap.
    @Test func anEstimateIsCapped() {
        let estimate = ImportBatcher.recordsToFollow(records: 1, bytesRead: 1, totalBytes: Int.max)
        #expect(estimate == ImportBatcher.maximumRecordsToFollow)
    }

    /// The last batch of an import says none follow, so the store finishes what it deferred.
    @Test func anImportsBatchesCountDownToNone() async throws {
        let store = ObservedStore(base: try await SQLiteBookStore(path: ":memory:"))
        var lines = ""
        for number in 1...30 { lines += #"{"source":"s","sourceID":"\#(number)","title":"Book \#(number)"}"# + "\n" }
        _ = try await JSONLinesImporter(store: store, batchSize: 10).importBooks(from: Data(lines.utf8))
        let toFollow = store.batches.map(\.recordsToFollow)
        #expect(toFollow.count == 4)  // three full batches, then the finishing one
        // Lines 1 to 9 are a little shorter than the rest, so the first estimate runs a little high.
        #expect((20...23).contains(toFollow[0]) && (10...11).contains(toFollow[1]))
        #expect(toFollow.last == 0)
    }
}
