import Networking

/// How a ``Crawler`` behaves: how far and how fast it goes, and how it introduces itself.
///
/// ```swift
/// var configuration = CrawlConfiguration(userAgent: UserAgent.make(contact: "ops@example.org"))
/// configuration.maxDepth = 1
/// configuration.requestsPerSecond = 0.5
/// configuration.staysOnStartHosts = true
/// ```
public struct CrawlConfiguration: Sendable, Equatable {
    /// The `User-Agent` of every request: Scout, its version and a contact (see
    /// `Networking.UserAgent`).
    public var userAgent: String
    /// The name robots.txt groups are matched against.
    public var productToken: String
    /// How many links away from a start page the crawl goes; 0 fetches the start pages only.
    public var maxDepth: Int
    /// Requests per second to any one host, at most; a robots.txt `Crawl-delay` can slow it further.
    public var requestsPerSecond: Double
    /// Whether only the start pages' hosts (and ports) are crawled; otherwise "similar books"
    /// links to other sites are followed too.
    public var staysOnStartHosts: Bool
    /// Pages requested at most (redirects and non-HTML included; robots.txt files not).
    public var maxPages: Int
    /// The largest page read; a larger one is reported and skipped.
    public var maxPageBytes: Int
    /// How long one page may take, retries included.
    public var pageDeadline: Duration
    /// Attempts per page, the first included; 5xx and dropped connections are retried.
    public var maxAttempts: Int
    /// The longest `Crawl-delay` Scout waits out; a site asking for more is skipped.
    public var maxCrawlDelay: Duration
    /// Links taken from one page, of each kind (same site, similar books); the rest are counted
    /// in ``CrawlSummary/linksDropped``. A real page links a few hundred pages at most.
    public var maxLinksPerPage = 2_000
    /// Pages waiting to be fetched, at most; a link found while the frontier is full is counted
    /// in ``CrawlSummary/linksNotQueued`` instead of queued. Bounds the crawler's memory, whatever
    /// the sites link to.
    public var maxQueuedPages = 10_000
    /// Origins whose robots.txt policy and HTTP client are kept at once; past it the least
    /// recently used is given up (and its robots.txt read again if the crawl comes back).
    /// Bounds memory and connections however many hosts the links lead to.
    public var maxHostSessions = 64
    /// Non-public addresses the crawler's own transport may connect to besides the start pages'
    /// literal ones (a mirror on the local network); every other connection must reach a public
    /// address.
    public var trustedAddresses: Set<ConnectAddress> = []

    /// A polite default: depth 2, one request per second per host, at most 500 pages of 2 MiB.
    ///
    /// ```swift
    /// let configuration = CrawlConfiguration(userAgent: "Scout/0.1.0 (ops@example.org)")
    /// ```
    public init(
        userAgent: String, productToken: String = "Scout", maxDepth: Int = 2, requestsPerSecond: Double = 1,
        staysOnStartHosts: Bool = false, maxPages: Int = 500, maxPageBytes: Int = 2 * 1024 * 1024,
        pageDeadline: Duration = .seconds(10), maxAttempts: Int = 3, maxCrawlDelay: Duration = .seconds(30)
    ) {
        self.userAgent = userAgent
        self.productToken = productToken
        self.maxDepth = maxDepth
        self.requestsPerSecond = requestsPerSecond
        self.staysOnStartHosts = staysOnStartHosts
        self.maxPages = maxPages
        self.maxPageBytes = maxPageBytes
        self.pageDeadline = pageDeadline
        self.maxAttempts = maxAttempts
        self.maxCrawlDelay = maxCrawlDelay
    }

    /// The least time between two requests to one host at ``requestsPerSecond``.
    var rateInterval: Duration {
        .nanoseconds(Int64((1e9 / max(requestsPerSecond, 0.001)).rounded(.up)))
    }
}
