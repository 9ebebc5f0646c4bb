import BookCatalog
import Foundation

/// What a crawl did: pages read, books found and how the store took them, what was skipped and
/// what failed.
///
/// ```swift
/// let summary = try await crawler.crawl([start])
/// print("\(summary.pagesFetched) pages, \(summary.booksFound) books, \(summary.failures.count) failed")
/// ```
public struct CrawlSummary: Sendable, Hashable {
    /// HTML pages fetched and read.
    public var pagesFetched = 0
    /// Books found on those pages.
    public var booksFound = 0
    /// Books the store did not have before.
    public var booksInserted = 0
    /// Books the store had with different data.
    public var booksUpdated = 0
    /// Books the store already had as found.
    public var booksUnchanged = 0
    /// "Similar books" links written.
    public var linksListed = 0
    /// Pages robots.txt does not allow Scout to fetch (never requested): the first 1,000 and
    /// how many (``FirstEntries/total``), as in each list here.
    public var skippedByRobots = FirstEntries<URL>()
    /// Pages read whose robots meta tag says `noindex`: nothing from them was stored.
    public var notIndexed = FirstEntries<URL>()
    /// Addresses that answered with something other than HTML (an image, a PDF …).
    public var skippedNotHTML = FirstEntries<URL>()
    /// Pages (and robots.txt files) that could not be fetched, each with a sentence saying why.
    public var failures = FirstEntries<CrawlFailure>()
    /// Links left out of the pages read: past ``CrawlConfiguration/maxLinksPerPage`` of their
    /// kind on a page, or longer than 2 KB.
    public var linksDropped = 0
    /// Links not queued because the frontier held ``CrawlConfiguration/maxQueuedPages`` already.
    public var linksNotQueued = 0
    /// Fields of the books found cut to their ``BookCatalog/FieldLimits`` before they were stored.
    public var truncatedFields = 0

    /// An empty summary: `CrawlSummary()`.
    public init() {}

    /// Books written to the store: inserted, updated or unchanged.
    public var booksStored: Int { booksInserted + booksUpdated + booksUnchanged }

    mutating func record(_ result: UpsertResult, books: Int, links: Int) {
        booksFound += books
        booksInserted += result.inserted
        booksUpdated += result.updated
        booksUnchanged += result.unchanged
        linksListed += links
    }
}

/// A page that could not be crawled, and why, in a sentence that says what to do.
///
/// ```swift
/// CrawlFailure(url: url, reason: "The site answered HTTP 404. Check the link.")
/// ```
public struct CrawlFailure: Sendable, Hashable, CustomStringConvertible {
    /// The page (or robots.txt) that failed.
    public var url: URL
    /// What happened and what to do.
    public var reason: String

    /// Makes a failure: `CrawlFailure(url: url, reason: "…")`.
    public init(url: URL, reason: String) {
        self.url = url
        self.reason = reason
    }

    /// `<url>: <reason>`.
    public var description: String { "\(url.absoluteString): \(reason)" }
}

/// What the crawler just did with one address, for progress output.
///
/// ```swift
/// try await crawler.crawl([start]) { event in
///     if case .fetched(let url, let books) = event { print(url, books) }
/// }
/// ```
public enum CrawlEvent: Sendable, Hashable {
    /// A page was read; it held `books` books.
    case fetched(URL, books: Int)
    /// The address redirects to another, which is queued in its place.
    case redirected(URL, to: URL)
    /// robots.txt does not allow the page; it was not requested.
    case skippedByRobots(URL)
    /// The page was read, but its robots meta tag says `noindex`: nothing from it was kept.
    case notIndexed(URL)
    /// The address is not an HTML page (`contentType`).
    case skippedNotHTML(URL, contentType: String)
    /// The page could not be fetched.
    case failed(CrawlFailure)
}
