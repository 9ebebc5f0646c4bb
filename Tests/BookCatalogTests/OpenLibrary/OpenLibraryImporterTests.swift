import BookCatalog
import BookStorage
import Foundation
import ScoutTestSupport
import Synchronization
import Testing

/// The sample dump imported into a real SQLite store: works as books with their authors and
/// editions, whatever the files' order or compression; one record per book; resumption.
@Suite("Open Library import", .timeLimit(.minutes(10)))
struct OpenLibraryImporterTests {
    static let workKeys = ["/works/OL10W", "/works/OL11W", "/works/OL13W", "/works/OL16W"]

    /// The sample's files, written to `directory`, gzipped when asked.
    static func files(in directory: URL, gzip: Bool = false) throws -> [URL] {
        try OpenLibrarySampleDump.files.map { name, text in
            let url = directory.appending(path: gzip ? name + ".gz" : name)
            try Data(gzip ? Gzip.stored(Array(text.utf8)) : Array(text.utf8)).write(to: url)
            return url
        }
    }

    static func book(_ key: String, in store: some BookStore) async throws -> Book {
        try #require(try await store.book(key: BookKey(source: "openlibrary", sourceID: key)))
    }

    @Test("each work is a book with its resolved authors, subjects, year, cover and its editions' ISBNs and series")
    func works() async throws {
        try await withTemporaryDirectory(prefix: "scout-ol") { directory in
            try await withTemporaryStore { store in
                let summary = try await OpenLibraryImporter(store: store).importDump(try Self.files(in: directory))
                #expect(summary.imported == 4 && summary.updated == 0)
                #expect(try await store.count() == 4)
                let wizard = try await Self.book("/works/OL10W", in: store)
                #expect(wizard.title == "A Wizard of Earthsea")
                #expect(wizard.authors == ["Ursula K. Le Guin"])  // through the redirected author
                #expect(wizard.tags == ["Fantasy", "Wizards"])
                #expect(wizard.year == 1968)
                #expect(wizard.coverURL?.absoluteString == "https://covers.openlibrary.org/b/id/8231856-M.jpg")
                #expect(wizard.smallCoverURL?.absoluteString == "https://covers.openlibrary.org/b/id/8231856-S.jpg")
                #expect(wizard.isbn13 == "9780553383044" && wizard.isbn10 == "0553383043" && wizard.language == "eng")
                // The second series comes from the edition of the redirected work, which is this one now.
                #expect(wizard.series.map(\.name) == ["Earthsea Cycle", "Le Livre de Poche"])
                #expect(wizard.sourceURL?.absoluteString == "https://openlibrary.org/works/OL10W")
                let silmarillion = try await Self.book("/works/OL11W", in: store)
                #expect(silmarillion.authors == ["J. R. R. Tolkien", "Christopher Tolkien"])
                #expect(silmarillion.coverURL?.absoluteString == "https://covers.openlibrary.org/b/id/5555-M.jpg")
                #expect(silmarillion.description == "The history of the Elder Days.")
                let leftHand = try await Self.book("/works/OL13W", in: store)
                #expect(leftHand.authors == ["Ursula K. Le Guin"] && leftHand.isbn13 == nil && leftHand.coverURL == nil)
                let hobbit = try await Self.book("/works/OL16W", in: store)
                #expect(hobbit.alternateTitles == ["The Hobbit: or There and Back Again"])
                for gone in ["/works/OL12W", "/works/OL14W", "/works/OL15W", "/works/OL17W", "/works/OL18W"] {
                    #expect(try await store.book(key: BookKey(source: "openlibrary", sourceID: gone)) == nil, "\(gone)")
                }
                #expect(
                    summary.skipped == [
                        SkippedRow(line: 5, reason: "The author has no name.", file: "ol_dump_authors_2026-11-30.txt"),
                        SkippedRow(line: 3, reason: "The work has no title.", file: "ol_dump_works_2026-11-30.txt"),
                        SkippedRow(
                            line: 8, reason: "The line has 4 columns, not 5 (type, key, revision, date, JSON).",
                            file: "ol_dump_works_2026-11-30.txt"),
                        SkippedRow(
                            line: 9, reason: "The JSON column is not a JSON object.",
                            file: "ol_dump_works_2026-11-30.txt"),
                        SkippedRow(
                            line: 5, reason: "The JSON column is not a JSON object.",
                            file: "ol_dump_editions_2026-11-30.txt"),
                    ])
                let again = try await OpenLibraryImporter(store: store).importDump(try Self.files(in: directory))
                #expect(again.imported == 0 && again.updated == 0 && again.unchanged == 4 && again.resumedAt == nil)
            }
        }
    }

    @Test(
        "the files may come in any order, gzipped or not, or as one file of every type",
        arguments: [[2, 1, 0], [1, 0, 2], [0, 2, 1]])
    func anyOrder(order: [Int]) async throws {
        try await withTemporaryDirectory(prefix: "scout-ol") { directory in
            let files = try Self.files(in: directory, gzip: order[0] == 1)
            let single = directory.appending(path: "ol_dump_latest.txt")
            try Data(order.map { OpenLibrarySampleDump.files[$0].1 }.joined().utf8).write(to: single)
            for input in [order.map { files[$0] }, [single]] {
                try await withTemporaryStore { store in
                    let summary = try await OpenLibraryImporter(store: store).importDump(input)
                    #expect(summary.imported == 4 && summary.skipped.count == 5)
                    let books = try await store.allBooks()
                    #expect(Set(books.map(\.sourceID)) == Set(Self.workKeys))
                    let wizard = try await Self.book("/works/OL10W", in: store)
                    #expect(wizard.authors == ["Ursula K. Le Guin"] && wizard.isbn13 == "9780553383044")
                }
            }
        }
    }

    @Test("a work another source already gave is that book, not a second one")
    func oneRecordPerBook() async throws {
        try await withTemporaryDirectory(prefix: "scout-ol") { directory in
            try await withTemporaryStore { store in
                let known = Book(
                    source: "goodbooks", sourceID: "13642", title: "A Wizard of Earthsea",
                    authors: ["Ursula K. Le Guin"],
                    year: 1968, isbn13: "9780553383044", averageRating: 4.0, ratingsCount: 100)
                _ = try await store.upsert([known])
                _ = try await OpenLibraryImporter(store: store).importDump(try Self.files(in: directory))
                #expect(try await store.count() == 4)
                let merged = try await Self.book("/works/OL10W", in: store)
                #expect(merged.source == "goodbooks" && merged.ratingsCount == 100)
                #expect(merged.tags == ["Fantasy", "Wizards"] && merged.coverURL != nil)
            }
        }
    }

    @Test("a later dump that deletes or redirects a work removes its book, unless another source names it")
    func laterDumps() async throws {
        try await withTemporaryDirectory(prefix: "scout-ol") { directory in
            try await withTemporaryStore { store in
                let known = Book(
                    source: "goodbooks", sourceID: "13642", title: "A Wizard of Earthsea",
                    authors: ["Ursula K. Le Guin"],
                    isbn13: "9780553383044")
                _ = try await store.upsert([known])
                _ = try await OpenLibraryImporter(store: store).importDump(try Self.files(in: directory))
                #expect(try await store.count() == 4)
                let later = directory.appending(path: "later")
                try FileManager.default.createDirectory(at: later, withIntermediateDirectories: true)
                let works = [
                    "/type/delete\t/works/OL10W\t9\t2026-12-01T00:00:00.000000\t{}",
                    "/type/delete\t/works/OL13W\t9\t2026-12-01T00:00:00.000000\t{}",
                    "/type/redirect\t/works/OL16W\t9\t2026-12-01T00:00:00.000000\t{\"location\": \"/works/OL11W\"}",
                ]
                let file = later.appending(path: "ol_dump_works_2026-12-31.txt")
                try Data(works.joined(separator: "\n").utf8).write(to: file)
                let summary = try await OpenLibraryImporter(store: store).importDump([file])
                #expect(summary.removed == 2)
                #expect(try await store.count() == 2)
                for gone in ["/works/OL10W", "/works/OL13W", "/works/OL16W"] {
                    #expect(try await store.book(key: BookKey(source: "openlibrary", sourceID: gone)) == nil, "\(gone)")
                }
                // goodbooks still names the Wizard: the book stays, without the retired key.
                #expect(try await store.book(key: BookKey(known))?.title == "A Wizard of Earthsea")
            }
        }
    }

    @Test("an interrupted import keeps its committed batches and resumes after them; progress covers every pass")
    func resume() async throws {
        try await withTemporaryDirectory(prefix: "scout-ol") { directory in
            try await withTemporaryStore { store in
                let files = try Self.files(in: directory)
                let interrupted = ObservedStore(base: store, failingApplyAt: 3)
                await #expect(throws: ObservedStore.Interrupted.self) {
                    _ = try await OpenLibraryImporter(store: interrupted, batchSize: 1).importDump(files)
                }
                #expect(try await store.count() == 2)
                let reports = Mutex<[ImportProgress]>([])
                let importer = OpenLibraryImporter(store: store, batchSize: 1) { report in
                    reports.withLock { $0.append(report) }
                }
                let summary = try await importer.importDump(files)
                // Records are the work lines: OL10W, OL11W, then the untitled OL12W.
                #expect(summary.resumedAt == 2)
                #expect(summary.imported == 2 && summary.unchanged == 0)
                #expect(try await store.count() == 4)
                let finished = reports.withLock { $0.filter(\.isFinished) }
                #expect(
                    finished.map(\.phase) == ["Open Library authors", "Open Library editions", "Open Library works"])
                #expect(finished.allSatisfy { $0.fraction == 1 })
                let again = try await importer.importDump(files)
                #expect(again.resumedAt == nil && again.unchanged == 4)
            }
        }
    }
}
