import Foundation
import ScoutTestSupport
import Testing

/// `scout books import openlibrary` as a process, over the sample dump.
@Suite("scout books import openlibrary", .timeLimit(.minutes(10)))
struct OpenLibraryCommandTests {
    @Test("imports the dump's works, reports bad lines by file and line, and finds the books")
    func importAndSearch() async throws {
        try await withTemporaryDirectory(prefix: "scout-ol-cli") { directory in
            let files = try OpenLibrarySampleDump.write(to: directory).map(\.path)
            let database = directory.appending(path: "catalog/books.sqlite").path
            let first = try await ScoutExecutable.run(
                ["books", "import", "openlibrary"] + files.reversed() + ["--database", database])
            #expect(first.exitCode == 0, "\(first.standardError)")
            #expect(
                first.standardOutput.hasPrefix(
                    "Open Library works: 4 new, 0 updated, 0 unchanged books, 5 skipped in "))
            let errors = first.standardError.split(separator: "\n")
            // In the order the files were named (editions first), then by line.
            #expect(errors.first == "ol_dump_editions_2026-11-30.txt line 5: The JSON column is not a JSON object.")
            #expect(errors.contains("ol_dump_works_2026-11-30.txt line 3: The work has no title."))
            #expect(errors.last == "ol_dump_authors_2026-11-30.txt line 5: The author has no name.")
            let search = try await ScoutExecutable.run(["books", "search", "wizard earth", "--database", database])
            #expect(search.standardOutput.hasPrefix("A Wizard of Earthsea (1968) — Ursula K. Le Guin"))
            let again = try await ScoutExecutable.run(
                ["books", "import", "openlibrary"] + files + ["--database", database])
            #expect(
                again.standardOutput.hasPrefix("Open Library works: 0 new, 0 updated, 4 unchanged books, 5 skipped"))
        }
    }

    @Test(
        "mistakes are usage errors; an unreadable or damaged file is a sentence and exit 1",
        arguments: [
            (["books", "import", "openlibrary"], 64, "scout: name Open Library's dump files"),
            (["books", "import", "openlibrary", "a.txt", "--tags", "t.csv"], 64, "scout: --tags belongs to"),
            (["books", "import", "openlibrary", "a.txt", "--reader", "ada"], 64, "scout: --reader belongs to"),
            (["books", "import", "openlibrary", "a.txt", "a.txt"], 64, "scout: each dump file is named once"),
            (
                [
                    "books", "import", "openlibrary", "/nonexistent/ol_dump_works.txt.gz", "--database",
                    "/tmp/scout-ol-x.sqlite",
                ],
                1, "scout: cannot read /nonexistent/ol_dump_works.txt.gz"
            ),
        ])
    func mistakes(arguments: [String], exitCode: Int, message: String) async throws {
        let result = try await ScoutExecutable.run(arguments, environment: ["HOME": NSTemporaryDirectory()])
        #expect(Int(result.exitCode) == exitCode)
        #expect(result.standardError.hasPrefix(message), "\(result.standardError)")
    }

    @Test("a gzip file cut short says so and what to do")
    func truncated() async throws {
        try await withTemporaryDirectory(prefix: "scout-ol-cli") { directory in
            let file = directory.appending(path: "ol_dump_works_latest.txt.gz")
            // A gzip header and the start of a stored block, then nothing.
            try Data([0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03, 0x00, 0x10, 0x00]).write(to: file)
            let result = try await ScoutExecutable.run(
                ["books", "import", "openlibrary", file.path, "--database", directory.appending(path: "b.sqlite").path])
            #expect(result.exitCode == 1)
            #expect(
                result.standardError
                    == "scout: Could not read \(file.path): the gzip data ends early. "
                    + "Check that its download finished, or download it again.\n")
        }
    }
}
