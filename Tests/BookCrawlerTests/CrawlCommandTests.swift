import BookCatalog
import BookCrawler
import BookStorage
import Foundation
import ScoutTestSupport
import Testing

@testable import ScoutCommands

@Suite("scout books crawl", .serialized, .timeLimit(.minutes(10)))
struct CrawlCommandTests {
    typealias Path = FakeBookSite.Path

    @Test("options are read; the User-Agent names SCOUT_CONTACT")
    func options() throws {
        let command = try BooksCrawlCommand(
            arguments: [
                "https://books.example.org/", "--depth", "1", "--rate=2/s", "--same-host", "--max-pages", "9",
                "--max-kb", "64", "--database", "/tmp/x.sqlite",
            ],
            configuration: ScoutConfiguration(environment: ["SCOUT_CONTACT": "me@example.org"]))
        #expect(command.startURLs == [URL(string: "https://books.example.org/")!])
        #expect(command.configuration.maxDepth == 1 && command.configuration.requestsPerSecond == 2)
        #expect(command.configuration.staysOnStartHosts && command.configuration.maxPages == 9)
        #expect(command.configuration.maxPageBytes == 64 * 1024)
        #expect(command.configuration.userAgent.hasSuffix("(me@example.org)"))
        #expect(command.database.location == .file(path: "/tmp/x.sqlite"))
    }

    @Test(
        "misuse is a usage error that says what to write",
        arguments: [
            ([], "name at least one page"), (["ftp://x.org/"], "is not an http(s) address"),
            (["https://x.org", "--depth", "11"], "--depth takes a whole number from 0 to 10"),
            (["https://x.org", "--rate", "fast"], "--rate takes requests per second"),
            (["https://x.org", "--rate"], "--rate needs a value"),
            (["https://x.org", "--deep"], "unknown option --deep"),
        ])
    func misuse(arguments: [String], message: String) {
        #expect {
            _ = try BooksCrawlCommand(arguments: arguments, configuration: ScoutConfiguration(environment: [:]))
        } throws: { error in
            (error as? UsageError)?.message.contains(message) == true
        }
    }

    @Test("a crawl run in process: books stored, relations rebuilt, exit 0")
    func runInProcess() async throws {
        try await withFakeBookSite { site in
            try await withCrawlStore { store, _ in
                let command = try BooksCrawlCommand(
                    arguments: [site.url(Path.hungerGames).absoluteString, "--depth", "1", "--rate", "100"],
                    configuration: ScoutConfiguration(environment: ["SCOUT_CONTACT": testContact]))
                #expect(try await command.crawl(into: store, clock: ContinuousClock()) == 0)
                #expect(try await store.count() == 3)
                let hungerGames = try #require(try await store.search("hunger games", limit: 1).first)
                #expect(try await store.related(to: hungerGames.id).contains { $0.book.title == "Catching Fire" })
            }
        }
    }

    @Test("a crawl that reads no page at all exits 1")
    func nothingRead() async throws {
        try await withFakeBookSite { site in
            try await withCrawlStore { store, _ in
                let command = try BooksCrawlCommand(
                    arguments: [site.url(Path.failing).absoluteString, "--depth", "0", "--rate", "100"],
                    configuration: ScoutConfiguration(environment: [:]))
                #expect(try await command.crawl(into: store, clock: ContinuousClock()) == 1)
            }
        }
    }

    @Test("progress lines name each address and what happened, without terminal escapes")
    func progressLines() {
        let url = URL(string: "https://books.example.org/a")!
        #expect(BooksCrawlCommand.line(for: .fetched(url, books: 1)) == "fetched  https://books.example.org/a (1 book)")
        #expect(
            BooksCrawlCommand.line(for: .skippedByRobots(url))
                == "skipped  https://books.example.org/a (robots.txt asks crawlers to stay out)")
        let failure = CrawlFailure(url: url, reason: "Bad \u{1B}[31mred")
        #expect(!BooksCrawlCommand.line(for: .failed(failure)).contains("\u{1B}"))
    }

    @Test("the scout executable crawls: progress on stderr, the summary on stdout")
    func process() async throws {
        try await withFakeBookSite { site in
            try await withTemporaryDirectory(prefix: "scout-crawl-cli") { directory in
                let database = directory.appending(path: "books.sqlite").path
                let arguments = ["books", "crawl", site.url(Path.hungerGames).absoluteString, "--depth", "1"]
                let first = try await ScoutExecutable.run(
                    arguments + ["--rate", "100/s", "--database", database],
                    environment: ["SCOUT_CONTACT": testContact])
                #expect(first.exitCode == 0, "\(first.standardError)")
                #expect(
                    first.standardOutput.hasPrefix("Crawled 4 pages: 3 books found, 3 new, 0 updated, 0 unchanged;"))
                #expect(first.standardError.contains("fetched  \(site.url(Path.hungerGames).absoluteString) (1 book)"))
                #expect(first.standardError.contains("skipped  \(site.url(Path.hidden).absoluteString) (robots.txt"))
                #expect(site.requests.allSatisfy { $0.userAgent?.contains(testContact) == true })

                let again = try await ScoutExecutable.run(arguments + ["--rate", "100", "--database", database])
                #expect(
                    again.standardOutput.hasPrefix("Crawled 4 pages: 3 books found, 0 new, 0 updated, 3 unchanged;"))

                let misuse = try await ScoutExecutable.run(["books", "crawl", "--depth", "x", "https://x.org"])
                #expect(misuse.exitCode == 64)
                #expect(misuse.standardError.contains("--depth takes a whole number"))
            }
        }
    }
}
