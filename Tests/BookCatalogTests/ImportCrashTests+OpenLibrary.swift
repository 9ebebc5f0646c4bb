import BookCatalog
import BookStorage
import Foundation
import ScoutTestSupport
import Testing

extension ImportCrashTests {
    static let works = 3000

    /// A dump of `works` works by 300 authors, one edition each, split as Open Library splits it.
    static func openLibraryDump(in directory: URL) throws -> [URL] {
        let authors = (1...300).map { OpenLibrarySampleDump.author("OL\($0)A", #"{"name": "Author \#($0)"}"#) }
        let workLines = (1...works).map { number in
            OpenLibrarySampleDump.work(
                "OL\(number)W",
                #"{"title": "Work \#(number)", "authors": [{"author": {"key": "/authors/OL\#(number % 300 + 1)A"}}]}"#)
        }
        let editions = (1...works).map { number in
            OpenLibrarySampleDump.edition(
                "OL\(number)M", #"{"works": [{"key": "/works/OL\#(number)W"}], "publish_date": "2001"}"#)
        }
        return try [("editions", editions), ("works", workLines), ("authors", authors)].map { name, lines in
            let url = directory.appending(path: "ol_dump_\(name).txt")
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
            return url
        }
    }

    /// When each trial kills the import: once it has printed the end of the authors pass, the
    /// end of the editions pass, or (works > 0) acknowledged that many works, counting those of
    /// the run it resumed; the kill lands a moment later, wherever the import has got to.
    static let killPoints: [(printed: String, works: Int)] = [
        ("Open Library authors: ", 0), ("Open Library editions: ", 0), ("", 150), ("", 900), ("", 1800), ("", 2850),
    ]

    /// The most works any `Open Library works: N rows committed` line acknowledged.
    static func acknowledgedWorks(in text: String) -> Int {
        text.split(separator: "\n").compactMap { line -> Int? in
            guard line.hasPrefix("Open Library works: "), line.hasSuffix(" rows committed") else { return nil }
            return Int(line.dropFirst("Open Library works: ".count).dropLast(" rows committed".count))
        }.max() ?? 0
    }

    @Test("kill -9 during an Open Library import: integrity ok, whole batches, the rerun finishes the rest")
    func killOpenLibraryImports() async throws {
        try await withTemporaryDirectory(prefix: "scout-crash-ol") { directory in
            let files = try Self.openLibraryDump(in: directory).map(\.path)
            let arguments =
                ["books", "import", "openlibrary"] + files + [
                    "--progress", "lines", "--batch-size", String(Self.batchSize),
                ]
            var killed = 0
            for (trial, point) in Self.killPoints.enumerated() {
                // Two catalogs: each trial after the first two resumes what an earlier one killed.
                let database = directory.appending(path: "catalog-\(trial % 2).sqlite")
                let process = try ScoutProcess(arguments + ["--database", database.path])
                _ = await eventually(within: .seconds(60), pollingEvery: .milliseconds(1)) {
                    let errors = process.standardError
                    let reached =
                        point.works > 0
                        ? Self.acknowledgedWorks(in: errors) >= point.works : errors.contains(point.printed)
                    // A finished import prints its summary; there is nothing left to kill.
                    return reached || process.standardOutput.contains("Open Library works:")
                }
                process.signal(SIGKILL)
                let result = try await process.waitForExit()
                let acknowledged = Self.acknowledgedWorks(in: result.standardError)
                let store = try await SQLiteBookStore(path: database.path)
                #expect(try await store.integrityProblems() == [], "trial \(trial)")
                let count = try await store.count()
                #expect(count >= acknowledged, "trial \(trial): \(acknowledged) acknowledged, \(count) stored")
                #expect(
                    count.isMultiple(of: Self.batchSize) || count == Self.works,
                    "trial \(trial): a partial batch (\(count) books)")
                if result.exitCode != 0 && count < Self.works { killed += 1 }
            }
            #expect(killed >= 2, "too few imports were killed midway to test anything")
            for catalog in 0..<2 {
                let database = directory.appending(path: "catalog-\(catalog).sqlite")
                let finish = try await ScoutExecutable.run(arguments + ["--database", database.path])
                #expect(finish.exitCode == 0, "\(finish.standardError)")
                let store = try await SQLiteBookStore(path: database.path)
                #expect(try await store.count() == Self.works)
                #expect(try await store.integrityProblems() == [])
            }
        }
    }
}
