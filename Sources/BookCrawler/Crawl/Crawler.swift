import BookCatalog
import Foundation
import Networking

/// Crawls book pages politely and writes what it finds to a ``BookCatalog/BookStore``.
///
/// Breadth first from the start pages, up to ``CrawlConfiguration/maxDepth`` links away: it
/// follows links to other pages of the same site and "similar books" links (only on the start
/// hosts with ``CrawlConfiguration/staysOnStartHosts``). Before the first page of a host it
/// reads the host's robots.txt and keeps to it, and a page's robots meta tags too (`noindex`:
/// nothing stored from it; `nofollow`: none of its links followed); it waits between requests to a host
/// (``CrawlConfiguration/requestsPerSecond``, or the site's `Crawl-delay` when longer), sends a
/// User-Agent with contact, and fetches through `Networking.APIClient`, so every request has a
/// deadline, a byte cap and retries with backoff. Redirects are re-queued, so their targets pass
/// the same checks. Each page's book and its "similar books" links are written in one batch.
/// It connects only to public addresses, checked as each connection opens, and to the literal
/// addresses of the start pages it was given (`http://127.0.0.1:8080/`) and those trusted in its
/// configuration: a link or redirect cannot lead it into the network it runs in.
///
/// Its memory is bounded whatever a site serves: it takes at most
/// ``CrawlConfiguration/maxLinksPerPage`` links of each kind from a page and no address over
/// 2 KB, queues at most ``CrawlConfiguration/maxQueuedPages`` (``CrawlFrontier``), reads a
/// page's linked markup as a ``GraphWalk`` and caps robots.txt (``RobotsPolicy``) and every
/// stored field (``BookCatalog/FieldLimits``); the summary counts what it left out.
///
/// ```swift
/// let crawler = Crawler(store: store, configuration: CrawlConfiguration(userAgent: agent))
/// let summary = try await crawler.crawl([URL(string: "https://books.example.org/")!]) { event in
///     print(event)
/// }
/// ```
public struct Crawler: Sendable {
    /// How the crawler behaves.
    public let configuration: CrawlConfiguration
    let store: any BookStore
    let transport: ReplyHeadRecorder
    let clock: any Clock<Duration>
    let pacer: HostPacer
    /// Fetches robots.txt files at the crawl's rate; pages go through each host's own client.
    let robotsClient: APIClient
    /// Start pages' literal addresses, which the crawler's own transport may connect to.
    let startAddresses = StartAddresses()

    /// - Parameters:
    ///   - transport: by default one of the crawler's own, which connects only to public
    ///     addresses and to the start pages' literal ones; tests may pass another.
    ///   - clock: paces requests and measures deadlines; tests may pass a manual clock.
    public init(
        store: any BookStore, configuration: CrawlConfiguration, transport: (any Transport)? = nil,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.store = store
        self.configuration = configuration
        let startAddresses = self.startAddresses
        startAddresses.insert(Array(configuration.trustedAddresses))
        self.transport = ReplyHeadRecorder(
            transport
                ?? PlatformTransport.make(
                    connectPolicy: ConnectPolicy { $0.ip.isPublic || startAddresses.contains($0) }))
        self.clock = clock
        self.pacer = HostPacer(clock: clock, horizon: max(configuration.maxCrawlDelay, configuration.rateInterval))
        self.robotsClient = Self.client(
            configuration: configuration, interval: configuration.rateInterval, transport: self.transport, clock: clock)
    }

    /// Crawls from `start` and returns what happened; `progress` hears about every address as it
    /// is handled. Page failures are collected in the summary; only a store error (or
    /// cancellation) is thrown, after the batches before it were committed.
    public func crawl(
        _ start: [URL], progress: @Sendable (CrawlEvent) -> Void = { _ in }
    ) async throws -> CrawlSummary {
        var frontier = CrawlFrontier(
            start: start, maxDepth: configuration.maxDepth, staysOnStartHosts: configuration.staysOnStartHosts,
            capacity: configuration.maxQueuedPages)
        var summary = CrawlSummary()
        startAddresses.insert(start.flatMap(ConnectAddress.literal(in:)))
        for url in start where CrawlURL.normalized(url) == nil {
            let failure = CrawlFailure(url: url, reason: "This is not an http(s) address. Check it.")
            summary.failures.append(failure)
            progress(.failed(failure))
        }
        var hosts = HostSessions<HostSession>(capacity: configuration.maxHostSessions)
        var requests = 0
        while requests < configuration.maxPages, let (url, depth) = frontier.next() {
            let origin = CrawlURL.origin(of: url)
            let host: HostSession
            if let known = hosts.session(for: origin) {
                host = known
            } else {
                host = try await openSession(for: url, summary: &summary, progress: progress)
                hosts.insert(host, for: origin)
            }
            guard host.robots.allows(url) else {
                summary.skippedByRobots.append(url)
                progress(.skippedByRobots(url))
                continue
            }
            requests += 1
            try await pacer.waitForTurn(at: origin, interval: host.interval)
            switch try await fetchPage(url, with: host) {
            case .page(let body, let charset):
                let page = BookPageExtractor(
                    productToken: configuration.productToken, maxLinks: configuration.maxLinksPerPage
                ).extract(from: HTMLDocument(data: body, url: url, charset: charset))
                TransientMemory.release(afterReading: body.count)
                summary.linksDropped += page.linksDropped
                try await save(page, into: &summary)
                if page.mayIndex {
                    progress(.fetched(url, books: page.books.count))
                } else {
                    summary.notIndexed.append(url)
                    progress(.notIndexed(url))
                }
                guard page.mayFollow, frontier.canFollow(from: depth) else { continue }
                for link in page.siteLinks + page.similarLinks where frontier.add(link, depth: depth + 1) == .full {
                    summary.linksNotQueued += 1
                }
            case .redirect(let target):
                // Same depth: the target stands in for the page that was linked.
                if frontier.add(target, depth: depth) == .full { summary.linksNotQueued += 1 }
                progress(.redirected(url, to: target))
            case .notHTML(let contentType):
                summary.skippedNotHTML.append(url)
                progress(.skippedNotHTML(url, contentType: contentType))
            case .failure(let reason):
                let failure = CrawlFailure(url: url, reason: reason)
                summary.failures.append(failure)
                progress(.failed(failure))
            }
        }
        return summary
    }

    /// Writes the page's books and their "similar books" links in one batch, capped to
    /// ``BookCatalog/FieldLimits``.
    private func save(_ page: BookPage, into summary: inout CrawlSummary) async throws {
        summary.pagesFetched += 1
        guard !page.books.isEmpty else { return }
        let links = page.books.flatMap { book in
            page.similarLinks.map { ListedLink(from: BookKey(book), to: $0) }
        }
        var batch = ImportBatch(books: page.books, links: links)
        summary.truncatedFields += batch.capFields()
        let result = try await store.apply(batch)
        summary.record(result, books: page.books.count, links: links.count)
    }
}
