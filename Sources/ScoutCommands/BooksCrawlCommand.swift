import BookCatalog
import BookCrawler
import Foundation
import Networking
import ScoutModels

/// `scout books crawl <url…>`: crawls book pages into the catalog, then rebuilds the relations.
/// `scout books` parses it from the words after `crawl` and runs it on the catalog it opened:
///
/// ```swift
/// let crawl = try BooksCrawlCommand(arguments: ["https://books.example.org/", "--depth", "1"], configuration: ScoutConfiguration(environment: [:]))
/// return try await crawl.crawl(into: store)
/// ```
struct BooksCrawlCommand: Sendable, Equatable {
    static let help = """
        Usage: scout books crawl <url…> [--depth n] [--rate r/s] [--same-host] [--max-pages n]
                                 [--max-kb n] [--database path]

        Reads the books of web pages marked up with schema.org JSON-LD, microdata or Open Graph
        book tags, follows links to other pages of the same site and "similar books" links up to
        --depth links away (default 2), and stores each book with its similar-books links.
        It keeps to each site's robots.txt, waits between requests to a host (--rate, default
        1 per second, or longer when robots.txt asks), and names you in its User-Agent: set
        SCOUT_CONTACT to an address a site owner can reach you at.

        --same-host   Follow links only on the hosts of the start pages.
        --max-pages   Pages to request at most (default 500).
        --max-kb      Largest page to read, in KiB (default 2048).
        """

    let startURLs: [URL]
    let configuration: CrawlConfiguration
    /// The catalog the books go to.
    let database: DatabaseOption

    /// Parses the words after `scout books crawl`.
    init(arguments: [String], configuration scout: ScoutConfiguration) throws(UsageError) {
        var scanner = ArgumentScanner(arguments)
        database = try DatabaseOption(scanning: &scanner, configuration: scout)
        var configuration = CrawlConfiguration(userAgent: scout.userAgent)
        configuration.maxDepth = try Self.number(scanner.value(for: "--depth"), "--depth", in: 0...10) ?? 2
        configuration.maxPages =
            try Self.number(scanner.value(for: "--max-pages"), "--max-pages", in: 1...100_000) ?? 500
        let kilobytes = try Self.number(scanner.value(for: "--max-kb"), "--max-kb", in: 1...102_400) ?? 2048
        configuration.maxPageBytes = kilobytes * 1024
        configuration.requestsPerSecond = try Self.rate(scanner.value(for: "--rate")) ?? 1
        configuration.staysOnStartHosts = scanner.flag("--same-host")
        let words = try scanner.remainingPositionals()
        guard !words.isEmpty else { throw UsageError("name at least one page to start from after 'scout books crawl'") }
        startURLs = try words.map { word throws(UsageError) in
            guard let url = URL(string: word), ["http", "https"].contains(url.scheme?.lowercased()), url.host != nil
            else { throw UsageError("'\(word)' is not an http(s) address; write it like https://example.org/books") }
            return url
        }
        self.configuration = configuration
    }

    /// `--rate 2`, `--rate 2/s` or `--rate 0.5`: requests per second, from 0.01 to 100.
    private static func rate(_ text: String?) throws(UsageError) -> Double? {
        guard let text else { return nil }
        let number = text.hasSuffix("/s") ? String(text.dropLast(2)) : text
        guard let value = Double(number), (0.01...100).contains(value) else {
            throw UsageError("--rate takes requests per second from 0.01 to 100, such as 2/s, not '\(text)'")
        }
        return value
    }

    private static func number(_ text: String?, _ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(
                "\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }

    /// Crawls into `store`, printing a line per page on standard error and the summary on
    /// standard output, then rebuilds the relations. Returns the exit code: 1 when no page at all
    /// could be read. Store errors are thrown for `scout books` to report.
    /// - Parameter clock: paces the requests and times their deadlines.
    func crawl(into store: any BookStore, clock: any Clock<Duration>) async throws -> Int32 {
        let summary = try await Crawler(store: store, configuration: configuration, clock: clock).crawl(startURLs) {
            event in
            Console.error(Self.line(for: event))
        }
        let relations = try await store.rebuildRelations()
        Console.out(Self.summaryLine(summary, relations: relations))
        guard summary.pagesFetched > 0 || summary.failures.isEmpty else {
            Console.error("scout: no page could be read. Check the addresses and your connection, then retry.")
            return ExitCode.failure
        }
        return ExitCode.success
    }
}

extension BooksCrawlCommand {
    /// One progress line for standard error: `fetched  https://… (1 book)`.
    static func line(for event: CrawlEvent) -> String {
        let text =
            switch event {
            case .fetched(let url, let books):
                "fetched  \(url.absoluteString) (\(books == 1 ? "1 book" : "\(books) books"))"
            case .redirected(let url, let target):
                "moved    \(url.absoluteString) → \(target.absoluteString)"
            case .skippedByRobots(let url):
                "skipped  \(url.absoluteString) (robots.txt asks crawlers to stay out)"
            case .notIndexed(let url):
                "read     \(url.absoluteString) (its robots meta tag says noindex: nothing kept)"
            case .skippedNotHTML(let url, let contentType):
                "skipped  \(url.absoluteString) (not a web page: \(contentType.isEmpty ? "unknown type" : contentType))"
            case .failed(let failure):
                "failed   \(failure.url.absoluteString): \(failure.reason)"
            }
        // Addresses and reasons come from the web: never let them move the cursor or recolor the terminal.
        return TerminalText.sanitize(text)
    }

    /// The closing line for standard output.
    static func summaryLine(_ summary: CrawlSummary, relations: Int) -> String {
        "Crawled \(summary.pagesFetched) pages: \(summary.booksFound) books found, \(summary.booksInserted) new, "
            + "\(summary.booksUpdated) updated, \(summary.booksUnchanged) unchanged; "
            + "\(summary.skippedByRobots.total) skipped by robots.txt, \(summary.notIndexed.total) not indexed "
            + "(robots meta tag), \(summary.skippedNotHTML.total) not HTML, "
            + "\(summary.failures.total) failed; \(relations) relations." + Self.boundsSentence(summary)
    }

    /// What the crawl's limits left out, when they left out anything: ` Left out: 58000 links
    /// past the per-page limit or over 2 KB, 1200 links with the frontier full, 3 fields cut to
    /// their limits.`
    static func boundsSentence(_ summary: CrawlSummary) -> String {
        let parts = [
            (summary.linksDropped, "links past the per-page limit or over 2 KB"),
            (summary.linksNotQueued, "links with the frontier full"),
            (summary.truncatedFields, "fields cut to their limits"),
        ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return parts.isEmpty ? "" : " Left out: " + parts.joined(separator: ", ") + "."
    }
}
