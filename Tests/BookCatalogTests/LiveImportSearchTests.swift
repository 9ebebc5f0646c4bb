import BookCatalog
import BookStorage
import Foundation
import SQLite
import ScoutTestSupport
import Testing

/// T11 with a reader: a real `scout books import` defers the full-text index of a SQLite
/// catalog (its threshold lowered by `SCOUT_DEFERRED_INDEX_MINIMUM`) while this process
/// searches the same file. While the importer lives — stopped with SIGSTOP mid-deferral, so
/// the test reads a fixed state rather than racing the import — every search answers, from the
/// index as it was before the import, and nothing rebuilds it; `kill -9` of the importer frees
/// its lock, and the next search rebuilds and answers.
@Suite("Searches during a live import (T11)", .timeLimit(.minutes(5)))
struct LiveImportSearchTests {
    /// Enough rows that the import runs for hundreds of batches after the one that defers.
    static let importedBooks = 20_000
    static let batchSize = 25

    /// A real `scout books import goodbooks` of `csv` into the catalog at `database`, in batches
    /// of ``batchSize``, deferring its full-text index from 100 records to follow.
    static func startImport(of csv: URL, into database: String) throws -> ScoutProcess {
        try ScoutProcess(
            ["books", "import", "goodbooks", csv.path, "--database", database, "--batch-size", String(batchSize)],
            environment: ["SCOUT_DEFERRED_INDEX_MINIMUM": "100"])
    }
    /// Books stored before the import, by hand: the import never touches them.
    static let earlierBooks = 40
    /// Books stored before the import under the ids the import's first rows rename.
    static let renamedBooks = 5

    static let csv: String = {
        var lines = [
            "goodreads_book_id,title,authors,isbn,original_publication_year,language_code,average_rating,"
                + "ratings_count,image_url,small_image_url"
        ]
        for number in 1...importedBooks {
            lines.append(
                "\(number),\"Book \(number) (Saga \(number % 97))\",Author \(number % 53),,2000,eng,4,\(number),,")
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    /// The catalog before the import: "Oldtome N" by hand, and "Formerly N" under the
    /// goodbooks ids the CSV's first rows give new titles.
    static func earlierCatalog(at path: String) async throws -> SQLiteBookStore {
        let store = try await SQLiteBookStore(path: path)
        let kept = (1...earlierBooks).map { number in
            Book(source: "manual", sourceID: String(number), title: "Oldtome \(number)", authors: ["Elder Writer"])
        }
        let renamed = (1...renamedBooks).map { number in
            Book(source: "goodbooks", sourceID: String(number), title: "Formerly \(number)", authors: ["Gone Writer"])
        }
        _ = try await store.apply(ImportBatch(books: kept + renamed))
        return store
    }

    static func indexedRows(_ store: SQLiteBookStore) async throws -> Int {
        try await store.database.query("SELECT count(*) FROM books_fts") { try $0.int(0) }.first ?? -1
    }

    /// The words of `text`, the last one a prefix, without typos: what `books_fts` is asked.
    static func query(_ text: String) throws -> BookQuery { try #require(SearchText.exactQuery(text)) }

    @Test("searches answer while the importer lives, without rebuilding; after its kill -9 the next one rebuilds")
    func searchesDuringALiveImportThenAfterItsKill() async throws {
        try await withTemporaryDirectory(prefix: "scout-live-import") { directory in
            let file = directory.appending(path: "books.csv")
            try Data(Self.csv.utf8).write(to: file)
            let database = directory.appending(path: "catalog.sqlite").path
            let reader = try await Self.earlierCatalog(at: database)
            let indexedBefore = Self.earlierBooks + Self.renamedBooks
            #expect(try await Self.indexedRows(reader) == indexedBefore)

            let importer = try Self.startImport(of: file, into: database)
            // Killed however the test ends, but never once it has been waited for: its pid may be reused.
            var isReaped = false
            defer { if !isReaped { importer.signal(SIGKILL) } }
            // Polled at 1 ms: the mark is set by the first batch, and hundreds follow it.
            let deferring = await eventually(within: .seconds(60), pollingEvery: .milliseconds(1)) {
                (try? await reader.isSearchIndexStale()) == true
            }
            let stopped = await importer.stop()
            try #require(deferring, "the import never deferred its index")
            try #require(stopped, "the import did not stop")
            try #require(try await reader.isSearchIndexStale(), "the import finished before it was stopped")
            #expect(ImportLock(databaseFile: database)?.isHeld() == true)

            for number in stride(from: 1, through: Self.earlierBooks, by: 3) {
                let found = try await reader.search(try Self.query("oldtome \(number)"), limit: 5)
                // The last word is a prefix: "oldtome 1" finds "Oldtome 10" too, after it.
                #expect(found.first?.sourceID == String(number), "oldtome \(number)")
                #expect(found.allSatisfy { $0.title.hasPrefix("Oldtome \(number)") }, "oldtome \(number)")
                let page = try await reader.rankedPage("oldtome \(number)", offset: 0, limit: 5)
                #expect(page.matches.first?.book.sourceID == String(number), "ranked oldtome \(number)")
            }
            #expect(try await reader.searchCount(try Self.query("oldtome")) == Self.earlierBooks)
            // The first batch renamed these: the frozen index still has "Formerly", the books don't.
            #expect(try await reader.search(try Self.query("formerly"), limit: 50).isEmpty)
            // Another process, the CLI, answers too: no busy error.
            let cli = try await ScoutExecutable.run([
                "books", "search", "oldtome", "7", "--database", database, "--json",
            ])
            #expect(cli.exitCode == 0, "\(cli.standardError)")
            #expect(cli.standardOutput.contains("Oldtome 7"))
            // No reader rebuilt the index: it holds the books from before the import only.
            #expect(try await Self.indexedRows(reader) == indexedBefore)
            #expect(try await reader.isSearchIndexStale())

            importer.signal(SIGKILL)
            let result = try await importer.waitForExit()
            isReaped = true
            #expect(result.exitCode != 0)
            #expect(ImportLock(databaseFile: database)?.isHeld() == false)
            let found = try await reader.search(try Self.query("oldtome 7"), limit: 5)
            #expect(found.map(\.title) == ["Oldtome 7"])
            #expect(try await !reader.isSearchIndexStale())
            let stored = try await reader.count()
            #expect(try await Self.indexedRows(reader) == stored)
            // Every book the killed import committed is searchable now, renamed ones by their new titles.
            #expect(try await reader.searchCount(try Self.query("saga")) == stored - Self.earlierBooks)
            #expect(try await reader.search(try Self.query("formerly"), limit: 50).isEmpty)
            #expect(try await reader.integrityProblems().isEmpty)
        }
    }
}
