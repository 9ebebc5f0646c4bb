import BookStorage
import Foundation
import ScoutTestSupport
import Synchronization
import Testing

@testable import BookCatalog

/// An export read a page of books at a time and written as it goes (issue #37: a million-book
/// backup was held whole, file and catalog, 5.5 GB): the same bytes as a store read whole, and
/// an export that does not end leaves the old file as it was.
@Suite("Exports streamed a page at a time", .timeLimit(.minutes(5))) struct StreamedExportTests {
    @Test("A store read a few books at a time exports the bytes of the same store read whole")
    func pagesGiveTheBytesOfTheWholeStore() async throws {
        try await withTemporaryStore { store in
            _ = try await store.upsert(SampleBooks.all)
            var other = SampleBooks.hungerGames
            (other.source, other.sourceID) = ("goodreads", "2767052")
            _ = try await store.upsert([other])
            let hunger = BookKey(SampleBooks.hungerGames)
            _ = try await store.apply(
                ImportBatch(
                    readings: [
                        Reading(reader: "r1", book: hunger, rating: 5),
                        Reading(reader: "r2", book: BookKey(SampleBooks.catchingFire), rating: 4, wantsToRead: true),
                    ],
                    links: [
                        ListedLink(
                            from: BookKey(SampleBooks.miserables), to: URL(string: "https://books.example.org/x")!)
                    ]))
            #expect(try await store.rebuildRelations() > 0)
            // ObservedStore does not page: the exporter reads it whole.
            let whole = try await JSONLinesExporter(store: ObservedStore(base: store)).data()
            let text = String(decoding: whole, as: UTF8.self)
            for marker in [#""keys":["#, #"{"reading":"#, #"{"link":"#, #"{"relation":"#] {
                #expect(text.contains(marker), "no \(marker) line")
            }
            for booksPerPage in [1, 2, 3, SampleBooks.all.count, 1_000] {
                let paged = try await JSONLinesExporter(store: store, booksPerPage: booksPerPage).data()
                #expect(paged == whole, "\(booksPerPage) books a page")
            }
        }
    }

    @Test("Progress comes part by part, page by page, timed from the part's start, ending at every line of it")
    func progressIsReportedPartByPart() async throws {
        try await withTemporaryStore { store in
            _ = try await store.upsert(SampleBooks.all)
            _ = try await store.apply(
                ImportBatch(readings: [Reading(reader: "r1", book: BookKey(SampleBooks.hungerGames), rating: 5)]))
            _ = try await store.rebuildRelations()
            let reports = Mutex<[ImportProgress]>([])
            // Each report takes a second: a phase's reports count from its own start.
            let clock = ManualClock()
            let exporter = JSONLinesExporter(store: store, booksPerPage: 2, clock: clock) { report in
                reports.withLock { $0.append(report) }
                clock.advance(by: .seconds(1))
            }
            let text = String(decoding: try await exporter.data(), as: UTF8.self)
            let heard = reports.withLock { $0 }
            // No link, so no "links" phase.
            let phases = heard.map(\.phase).reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
            #expect(phases == ["books", "readings", "relations"])
            let pages = (SampleBooks.all.count + 1) / 2
            let lines = text.split(separator: "\n")
            for (phase, steps, marker) in [
                ("books", SampleBooks.all.count, nil), ("readings", pages, #"{"reading":"#),
                ("relations", pages, #"{"relation":"#),
            ] {
                let ofPhase = heard.filter { $0.phase == phase }
                let last = try #require(ofPhase.last)
                let written =
                    marker.map { marker in lines.filter { $0.hasPrefix(marker) }.count } ?? SampleBooks.all.count
                #expect(last.isFinished && last.fraction == 1 && last.totalBytes == steps && last.records == written)
                #expect(ofPhase.dropLast().allSatisfy { !$0.isFinished })
                #expect(ofPhase.map(\.elapsed) == (0..<ofPhase.count).map { .seconds($0) }, "\(phase)")
                #expect(zip(ofPhase, ofPhase.dropFirst()).allSatisfy { $0.records <= $1.records })
            }
        }
    }

    @Test("An export to a file is the backup's bytes, and a cancelled one leaves the old file")
    func aFileHoldsTheBackupAndACancelledExportKeepsTheOldOne() async throws {
        try await withTemporaryDirectory(prefix: "scout-export-streamed") { directory in
            let file = directory.appendingPathComponent("books.jsonl")
            try await withTemporaryStore { store in
                _ = try await store.upsert(SampleBooks.all)
                _ = try await store.rebuildRelations()
                let exporter = JSONLinesExporter(store: store, booksPerPage: 2)
                #expect(try await exporter.export(to: file) == SampleBooks.all.count)
                #expect(try Data(contentsOf: file) == (try await exporter.data()))
                try Data("the old backup\n".utf8).write(to: file)
                let cancelled = await Task {
                    withUnsafeCurrentTask { $0?.cancel() }
                    return try await exporter.export(to: file)
                }.result
                #expect(throws: CancellationError.self) { try cancelled.get() }
            }
            #expect(try String(contentsOf: file, encoding: .utf8) == "the old backup\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["books.jsonl"])
        }
    }

    @Test("A writer dropped before it finishes leaves the old file and no temporary file")
    func aDroppedWriterLeavesTheOldFile() async throws {
        try await withTemporaryDirectory(prefix: "scout-export-dropped") { directory in
            let file = directory.appendingPathComponent("books.jsonl")
            try ExportDestination.file(file).write(Data("first\n".utf8))
            do {
                let writer = try ExportDestination.file(file).open()
                try writer.write(Data("half of the second\n".utf8))
            }
            #expect(try String(contentsOf: file, encoding: .utf8) == "first\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["books.jsonl"])
        }
    }
}
