import BookCatalog
import BookStorage
import Foundation
import ScoutTestSupport
import Testing

/// T11: `kill -9` at random points of `scout books import`, then an integrity check. Every
/// trial resumes the import the previous one killed; a finished import starts over on a fresh
/// catalog. `SCOUT_CRASH_TRIALS` raises the count for `make soak`.
@Suite("Import crash safety (T11)", .timeLimit(.minutes(10)))
struct ImportCrashTests {
    static let books = 3000
    static let batchSize = 150
    static let trials = ProcessInfo.processInfo.environment["SCOUT_CRASH_TRIALS"].flatMap(Int.init) ?? 40

    static let csv: String = {
        var lines = [
            "goodreads_book_id,title,authors,isbn,original_publication_year,language_code,average_rating,"
                + "ratings_count,image_url,small_image_url"
        ]
        for number in 1...books {
            lines.append(
                "\(number),\"Book \(number) (Saga \(number % 97), #\(number % 7 + 1))\",Author \(number % 53),,2000,eng,4,\(number),,"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    @Test("kill -9 at random points: integrity ok, no partial batch, no acknowledged batch lost")
    func killAtRandomPoints() async throws {
        try await withTemporaryDirectory(prefix: "scout-crash") { directory in
            let file = directory.appending(path: "books.csv")
            try Data(Self.csv.utf8).write(to: file)
            let checkpoint = "goodbooks books.csv \(try CSVReader(contentsOf: file).fingerprint)"
            // Kill points spread over how long the import's batches take on this machine.
            let span = try await Self.millisecondsToCommitEverything(
                file, into: directory.appending(path: "calibration.sqlite"))
            var random = SplitMix64(seed: 11)
            var catalog = 0
            var killed = 0
            for trial in 0..<Self.trials {
                let database = directory.appending(path: "catalog-\(catalog).sqlite")
                let process = try ScoutProcess([
                    "books", "import", "goodbooks", file.path, "--database", database.path, "--progress", "lines",
                    "--batch-size", String(Self.batchSize),
                ])
                // A crash comes at any moment of a real process's run, not at a point it reports.
                try await Task.sleep(for: .milliseconds(Int.random(in: 0...span, using: &random)))
                process.signal(SIGKILL)
                let result = try await process.waitForExit()
                let acknowledged = Self.acknowledgedRows(in: result.standardError)
                let store = try await SQLiteBookStore(path: database.path)
                #expect(try await store.integrityProblems() == [], "trial \(trial)")
                let count = try await store.count()
                let position = try await store.checkpoint(named: checkpoint)?.position
                #expect(count >= acknowledged, "trial \(trial): \(acknowledged) rows acknowledged, \(count) stored")
                if let position {
                    #expect(
                        count == position, "trial \(trial): a partial batch (\(count) books, checkpoint \(position))")
                    #expect(count.isMultiple(of: Self.batchSize), "trial \(trial)")
                } else {
                    #expect(count == 0 || count == Self.books, "trial \(trial): \(count) books and no checkpoint")
                }
                if result.exitCode == 0 || count == Self.books { catalog += 1 } else { killed += 1 }
            }
            print(
                "T11: \(Self.trials) trials over \(span) ms, \(killed) killed midway, \(catalog) finished before the kill"
            )
            #expect(killed >= Self.trials / 4, "too few imports were killed midway to test anything")
            let database = directory.appending(path: "catalog-\(catalog).sqlite")
            let finish = try await ScoutExecutable.run([
                "books", "import", "goodbooks", file.path, "--database", database.path,
            ])
            #expect(finish.exitCode == 0, "\(finish.standardError)")
            let store = try await SQLiteBookStore(path: database.path)
            #expect(try await store.count() == Self.books)
            #expect(try await store.checkpoint(named: checkpoint) == nil)
            #expect(try await store.integrityProblems() == [])
        }
    }

    /// How long `scout books import` takes from its start to acknowledging the last batch.
    static func millisecondsToCommitEverything(_ file: URL, into database: URL) async throws -> Int {
        let start = ContinuousClock.now
        let process = try ScoutProcess([
            "books", "import", "goodbooks", file.path, "--database", database.path, "--progress", "lines",
            "--batch-size", String(batchSize),
        ])
        _ = await eventually(within: .seconds(60), pollingEvery: .milliseconds(2)) {
            acknowledgedRows(in: process.standardError) >= books
        }
        let elapsed = start.duration(to: .now)
        _ = try await process.waitForExit()
        return max(Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000), 20)
    }

    /// The most rows any `books.csv: N rows committed` line acknowledged.
    static func acknowledgedRows(in text: String) -> Int {
        text.split(separator: "\n").compactMap { line -> Int? in
            guard line.hasPrefix("books.csv: "), line.hasSuffix(" rows committed") else { return nil }
            return Int(line.dropFirst("books.csv: ".count).dropLast(" rows committed".count))
        }.max() ?? 0
    }
}
