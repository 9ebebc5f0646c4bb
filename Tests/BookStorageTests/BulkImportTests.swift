import BookCatalog
import Foundation
import ScoutTestSupport
import Testing

/// Issue #37's bulk import path, against every store: JSON Lines read a batch ahead of the
/// writer, large batches, and relations rebuilt only when an import changed a book.
@Suite("Bulk import", .timeLimit(.minutes(10)))
struct BulkImportTests {
    /// 40 books by 4 authors, every third in one series, as JSON Lines (`bad` replaces line 23).
    static func catalog(badLine: String? = nil) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var lines: [String] = []
        for number in 1...40 {
            let book = Book(
                source: "bulk", sourceID: String(number), title: "Volume \(number) of Quillon",
                seriesName: number % 3 == 0 ? "Quillon Cycle" : nil,
                seriesNumber: number % 3 == 0 ? Double(number / 3) : nil, authors: ["Author \(number % 4)"],
                year: 1900 + number, ratingsCount: number * 10, tags: [])
            lines.append(String(decoding: try encoder.encode(book), as: UTF8.self))
        }
        if let badLine { lines[22] = badLine }
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    @Test(arguments: StoreKind.available)
    func aReimportThatChangedNothingRebuildsNothing(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let data = try Self.catalog()
            let first = try await JSONLinesImporter(store: store, batchSize: 7).importBooks(from: data)
            #expect(first.imported == 40 && first.changedBooks.count == 40)
            let built = try await store.rebuildRelations(affecting: first.changedBooks)
            #expect(built > 0)
            let book = try #require(try await store.book(key: BookKey(source: "bulk", sourceID: "5")))
            let before = try await store.related(to: book.id, kind: nil)
            #expect(!before.isEmpty)

            let again = try await JSONLinesImporter(store: store, batchSize: 7).importBooks(from: data)
            #expect(again.unchanged == 40 && again.imported == 0 && again.updated == 0)
            #expect(again.changedBooks.isEmpty)
            #expect(try await store.rebuildRelations(affecting: again.changedBooks) == 0)
            #expect(try await store.related(to: book.id, kind: nil) == before)
        }
    }

    /// The records read ahead of the writer land as they did one by one: a batch of one line
    /// at a time and one batch for the whole file store the same books, searchable alike.
    @Test(arguments: StoreKind.available)
    func readingAheadStoresWhatReadingLineByLineStores(kind: StoreKind) async throws {
        let data = try Self.catalog()
        func stored(batchSize: Int) async throws -> [String] {
            try await kind.withStore { store in
                let summary = try await JSONLinesImporter(store: store, batchSize: batchSize).importBooks(from: data)
                #expect(summary.imported == 40)
                #expect(try await store.search("quillon 17", limit: 5).map(\.sourceID) == ["17"])
                return try await store.allBooks().map { "\($0.id) \($0.sourceID) \($0.title) \($0.authors)" }
            }
        }
        let oneByOne = try await stored(batchSize: 1)
        #expect(oneByOne.count == 40)
        #expect(try await stored(batchSize: 50_000) == oneByOne)
    }

    /// A bad line inside a batch of tens of thousands of rows is still reported with its line,
    /// and every other line of the batch is stored.
    @Test(arguments: StoreKind.available)
    func aBadLineInABulkBatchIsReportedWithItsLine(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let data = try Self.catalog(badLine: #"{"source":"bulk","sourceID":"23"}"#)
            let summary = try await JSONLinesImporter(store: store, batchSize: 50_000).importBooks(from: data)
            #expect(summary.imported == 39)
            #expect(summary.skipped.map(\.line) == [23])
            #expect(try await store.book(key: BookKey(source: "bulk", sourceID: "23")) == nil)
            #expect(try await store.count() == 39)
        }
    }
}
