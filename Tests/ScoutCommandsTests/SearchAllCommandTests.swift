import Foundation
import HTTPServer
import ScoutTestSupport
import Testing

/// `scout search all` as a process: Wikipedia held back on a manual clock, Commons answering at
/// once, the book server at a closed port; Flickr has no key, so it is not searched.
@Suite("scout search all", .serialized, .timeLimit(.minutes(10)))
struct SearchAllCommandTests {
    static let pages: [FakeWikipedia.Page] = [.init(pageID: 1, title: "Dune", description: "1965 novel")]
    static let files = [FakeCommons.File(pageID: 7, title: "File:Dune at dusk.jpg")]
    static let booksDown = "The book server at http://127.0.0.1:9 did not answer. Start it with scout serve."

    /// Runs `scout search all dune arguments…` while Wikipedia's first reply waits for the test:
    /// `whileWikipediaWaits` sees the output of the sources that answered; then Wikipedia answers.
    private func searchWithSlowWikipedia(
        _ arguments: [String], whileWikipediaWaits: (String) throws -> Void
    ) async throws -> ScoutExecutable.Result {
        let slow = ManualClock()
        return try await withFakeWikipedia(pages: Self.pages, clock: slow) { wikipedia in
            wikipedia.inject(.latency(.seconds(5)), count: 1)
            return try await withFakeCommons(files: Self.files) { commons in
                let process = try ScoutProcess(
                    ["search", "all", "dune"] + arguments,
                    environment: [
                        "SCOUT_WIKIPEDIA_API": wikipedia.baseURL.absoluteString,
                        "SCOUT_COMMONS_API": commons.baseURL.absoluteString, "SCOUT_BOOKS_API": "http://127.0.0.1:9",
                        "COLUMNS": "120", "LC_ALL": "C.UTF-8",
                    ])
                await slow.waitForSleepers(count: 1)
                _ = try await process.waitForOutput(matching: "did not answer")
                _ = try await process.waitForOutput(matching: "Dune at dusk")
                try whileWikipediaWaits(process.standardOutput)
                slow.advance(by: .seconds(5))
                return try await process.waitForExit()
            }
        }
    }

    @Test("each source under its name as it answers; a failed one says why; exit 0 while one answered")
    func headingsAsTheyAnswer() async throws {
        let result = try await searchWithSlowWikipedia([]) { early in
            #expect(early.contains("Wikimedia Commons\n"))
            #expect(early.contains("Books\n\(Self.booksDown)\n"))
            #expect(!early.contains("Wikipedia\n"))
        }
        #expect(result.exitCode == 0)
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        let headings = lines.filter { ["Wikipedia", "Wikimedia Commons", "Books", "Flickr"].contains($0) }
        #expect(headings.last == "Wikipedia")
        #expect(Set(headings) == ["Wikipedia", "Wikimedia Commons", "Books"])
        let wikipedia = try #require(lines.firstIndex(of: "Wikipedia"))
        #expect(lines[wikipedia + 1].hasPrefix("TIT"))  // "TIT…": the column is as wide as "Dune"
        #expect(lines[wikipedia + 2].hasPrefix("Dune ") && lines[wikipedia + 2].contains("1965 novel"))
        #expect(result.standardError.isEmpty)
    }

    @Test("--json: one line per source as it answers, with its results or its error")
    func jsonLinePerSource() async throws {
        let result = try await searchWithSlowWikipedia(["--json"]) { early in
            #expect(early.split(separator: "\n").count == 2)
        }
        #expect(result.exitCode == 0)
        let lines = try result.standardOutput.split(separator: "\n").map {
            try JSONDecoder().decode(JSONValue.self, from: Data($0.utf8))
        }
        #expect(lines.count == 3)
        #expect(lines.last?["source"] == "wikipedia")
        #expect(lines.last?["results"]?[0]?["title"] == "Dune")
        #expect(result.standardOutput.split(separator: "\n").last?.contains(#""error""#) == false)
        let books = try #require(lines.first { $0["source"] == "books" })
        #expect(books["error"]?.stringValue == Self.booksDown)
        #expect(books["results"] == .array([]))
        let commons = try #require(lines.first { $0["source"] == "commons" })
        #expect(commons["results"]?[0]?["source"] == "commons")
    }

    @Test("every source failed: each says why under its name, and exit 1")
    func everySourceFailed() async throws {
        let environment = [
            "SCOUT_WIKIPEDIA_API": "http://127.0.0.1:9/w/api.php", "SCOUT_COMMONS_API": "http://127.0.0.1:9/w/api.php",
            "SCOUT_BOOKS_API": "http://127.0.0.1:9", "LC_ALL": "C.UTF-8",
        ]
        let result = try await ScoutExecutable.run(["search", "all", "dune"], environment: environment)
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.contains("Books\n\(Self.booksDown)\n"))
        #expect(result.standardOutput.contains("Wikipedia\nCould not reach Wikipedia"))
        let json = try await ScoutExecutable.run(["search", "all", "dune", "--json"], environment: environment)
        #expect(json.exitCode == 1)
        let lines = try json.standardOutput.split(separator: "\n").map {
            try JSONDecoder().decode(JSONValue.self, from: Data($0.utf8))
        }
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0["error"]?.stringValue?.isEmpty == false })
    }

    @Test("usage: a query is needed, --lang names a Wikipedia; help states the exit rule")
    func usage() async throws {
        for arguments in [["search", "all"], ["search", "all", "x", "--lang", "xx"]] {
            let result = try await ScoutExecutable.run(arguments)
            #expect(result.exitCode == 64, "\(arguments)")
            #expect(result.standardError.hasPrefix("scout: "))
        }
        let help = try await ScoutExecutable.run(["help", "search"])
        #expect(help.standardOutput.contains("the exit code is 1 only when every source failed"))
    }
}
