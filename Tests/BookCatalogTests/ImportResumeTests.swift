import BookCatalog
import BookStorage
import Foundation
import ScoutTestSupport
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(10))) struct ImportResumeTests {
    /// 25 books, one of them (line 12) bad.
    static let csv: String = {
        var lines = [
            "goodreads_book_id,title,authors,isbn,original_publication_year,language_code,average_rating,"
                + "ratings_count,image_url,small_image_url"
        ]
        for number in 1...25 {
            lines.append(
                number == 11
                    ? "x,Bad,A,,,,,,," : "\(number),Book \(number),Author \(number % 4),,2000,eng,4,\(number),,")
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    @Test func anInterruptedImportKeepsWholeBatchesAndResumesAfterThem() async throws {
        try await withTemporaryStore { store in
            let interrupted = ObservedStore(base: store, failingApplyAt: 3)
            await #expect(throws: ObservedStore.Interrupted.self) {
                _ = try await GoodbooksImporter(store: interrupted, batchSize: 5).importBooks(
                    from: CSVReader(text: Self.csv))
            }
            #expect(try await store.count() == 10)  // two whole batches, nothing of the third
            let progress = Mutex<[ImportProgress]>([])
            let importer = GoodbooksImporter(store: store, batchSize: 5) { report in
                progress.withLock { $0.append(report) }
            }
            let summary = try await importer.importBooks(from: CSVReader(text: Self.csv))
            #expect(summary.resumedAt == 10)
            #expect(summary.imported == 14)
            #expect(summary.skipped == [SkippedRow(line: 12, reason: "goodreads_book_id is not a positive integer.")])
            #expect(try await store.count() == 24)
            let reports = progress.withLock { $0 }
            #expect(reports.map(\.records) == [15, 20, 25, 25])
            #expect(reports.last?.isFinished == true && reports.last?.fraction == 1)

            // Finished: the checkpoint is gone, so the next run reads the whole file again.
            let again = try await importer.importBooks(from: CSVReader(text: Self.csv))
            #expect(again.resumedAt == nil && again.unchanged == 24)
        }
    }

    @Test func aChangedFileDoesNotResumeTheOldOnesCheckpoint() async throws {
        try await withTemporaryStore { store in
            let interrupted = ObservedStore(base: store, failingApplyAt: 2)
            await #expect(throws: ObservedStore.Interrupted.self) {
                _ = try await GoodbooksImporter(store: interrupted, batchSize: 5).importBooks(
                    from: CSVReader(text: Self.csv))
            }
            let changed = Self.csv.replacingOccurrences(of: "Book 3,", with: "Book Three,")
            let summary = try await GoodbooksImporter(store: store, batchSize: 5).importBooks(
                from: CSVReader(text: changed))
            #expect(summary.resumedAt == nil)
            #expect(summary.updated == 1 && summary.imported == 19)
        }
    }
}
