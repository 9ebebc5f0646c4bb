import Foundation
import ScoutTestSupport
import Testing

/// `scout books export` as a process: it writes where it is told — through a symbolic link,
/// into a pipe or device, to standard output with `-` — fails on a write error, and its file
/// is a backup that `import jsonl` restores with readings and relations (T23).
@Suite("scout books export", .timeLimit(.minutes(10)))
struct BooksExportTests {
    static let ratings = "user_id,book_id,rating\n1,1,5\n1,2,5\n2,1,4\n2,2,5\n3,3,4\n"
    static let toRead = "user_id,book_id\n3,1\n"

    /// Runs `body` with a catalog imported from the goodbooks sample, its ratings and to-read shelf.
    private func withCatalog(_ body: (URL, URL) async throws -> Void) async throws {
        try await withTemporaryDirectory(prefix: "scout-export") { directory in
            let files = [
                ("books.csv", BooksCommandTests.csv), ("ratings.csv", Self.ratings), ("to_read.csv", Self.toRead),
            ]
            for (name, text) in files {
                try text.write(to: directory.appending(path: name), atomically: true, encoding: .utf8)
            }
            let database = directory.appending(path: "books.sqlite")
            let imported = try await ScoutExecutable.run([
                "books", "import", "goodbooks", directory.appending(path: "books.csv").path, "--ratings",
                directory.appending(path: "ratings.csv").path, "--to-read",
                directory.appending(path: "to_read.csv").path,
                "--database", database.path,
            ])
            #expect(imported.exitCode == 0, "\(imported.standardError)")
            try await body(directory, database)
        }
    }

    private func export(_ target: String, _ database: URL) async throws -> ScoutExecutable.Result {
        try await ScoutExecutable.run(["books", "export", target, "--database", database.path])
    }

    @Test func aBackupRestoresReadingsAndRelations() async throws {
        try await withCatalog { directory, database in
            let file = directory.appending(path: "backup.jsonl")
            #expect(try await export(file.path, database).standardOutput == "Exported 3 books to \(file.path).\n")
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(
                text.contains(
                    #"{"reading":{"book":{"source":"goodbooks","sourceID":"2767052"},"rating":5,"reader":"goodbooks:1""#
                ))
            #expect(text.contains(#""wantsToRead":true"#))
            #expect(text.contains(#"{"relation":{"from":"#) && text.contains(#""kind":"alsoEnjoyed""#))
            let copy = directory.appending(path: "copy.sqlite")
            let restored = try await ScoutExecutable.run([
                "books", "import", "jsonl", file.path, "--database", copy.path,
            ])
            #expect(restored.exitCode == 0)
            #expect(restored.standardOutput.contains("\nRestored "))
            for title in ["hunger games", "catching fire"] {
                let before = try await ScoutExecutable.run(["books", "related", title, "--database", database.path])
                let after = try await ScoutExecutable.run(["books", "related", title, "--database", copy.path])
                #expect(after.standardOutput == before.standardOutput)
                #expect(
                    before.standardOutput.contains("readers also enjoyed") || before.standardOutput.contains("also"))
            }
            let again = directory.appending(path: "again.jsonl")
            _ = try await export(again.path, copy)
            #expect(try Data(contentsOf: again) == Data(contentsOf: file))
        }
    }

    @Test("--progress lines says, part by part, how many lines went out, each count once")
    func progressLinesCountEachPart() async throws {
        try await withCatalog { _, database in
            let result = try await ScoutExecutable.run([
                "books", "export", "-", "--progress", "lines", "--database", database.path,
            ])
            #expect(result.exitCode == 0, "\(result.standardError)")
            let lines = result.standardOutput.split(separator: "\n")
            let reports = result.standardError.split(separator: "\n").map(String.init)
            func last(_ phase: String) -> String? { reports.last { $0.hasPrefix(phase + ": ") } }
            #expect(last("books") == "books: 3 rows written")
            for (phase, marker) in [("readings", #"{"reading":"#), ("relations", #"{"relation":"#)] {
                let count = lines.filter { $0.hasPrefix(marker) }.count
                #expect(count > 0 && last(phase) == "\(phase): \(count) rows written", "\(reports)")
            }
            // No link was found, so no phase says so; a phase's end does not repeat its last page.
            #expect(last("links") == nil)
            #expect(zip(reports, reports.dropFirst()).allSatisfy { $0 != $1 }, "\(reports)")
            #expect(reports.last == "Exported 3 books to standard output.")
        }
    }

    @Test func aSymbolicLinkIsWrittenThroughAndKept() async throws {
        try await withCatalog { directory, database in
            let target = directory.appending(path: "real.jsonl")
            try "old".write(to: target, atomically: true, encoding: .utf8)
            let link = directory.appending(path: "link.jsonl")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
            #expect(try await export(link.path, database).exitCode == 0)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
            #expect(try String(contentsOf: target, encoding: .utf8).contains(#""title":"The Hunger Games""#))
        }
    }

    @Test func aPipeGetsEveryByteAndDashIsStandardOutput() async throws {
        try await withCatalog { directory, database in
            let file = directory.appending(path: "backup.jsonl")
            _ = try await export(file.path, database)
            let expected = try Data(contentsOf: file)

            let fifo = directory.appending(path: "fifo")
            #expect(mkfifo(fifo.path, 0o600) == 0)
            // The reader opens the pipe on a thread of its own: opening blocks until the writer comes.
            let received = Task.detached { FileHandle(forReadingAtPath: fifo.path)?.readDataToEndOfFile() }
            #expect(try await export(fifo.path, database).exitCode == 0)
            #expect(await received.value == expected)
            var status = stat()
            #expect(lstat(fifo.path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO)

            let dash = try await export("-", database)
            #expect(dash.exitCode == 0)
            #expect(Data(dash.standardOutput.utf8) == expected)
            #expect(dash.standardError == "Exported 3 books to standard output.\n")
            #expect(!FileManager.default.fileExists(atPath: "-"))
            let devStdout = try await export("/dev/stdout", database)
            #expect(Data(devStdout.standardOutput.utf8).starts(with: expected))
        }
    }

    @Test func aWriteErrorIsAnError() async throws {
        try await withCatalog { _, database in
            let full = try await export("/dev/full", database)
            #expect(full.exitCode == 1)
            #expect(full.standardError.contains("/dev/full"))
            #expect(full.standardError.contains("Free some space on that disk"), "\(full.standardError)")
            var status = stat()
            #expect(lstat("/dev/full", &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR)
        }
    }
}
