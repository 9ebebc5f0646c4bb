import Foundation
import Networking

extension Crawler {
    /// What the crawler knows about one origin: its robots.txt, how far apart its requests must
    /// be, and the client whose budget spaces retries just as far apart.
    struct HostSession {
        let robots: RobotsPolicy
        let interval: Duration
        let client: APIClient
    }

    /// Reads the robots.txt of `url`'s origin (the first request to it) and sets up its session.
    /// A 4xx means no rules; a 5xx or no answer means nothing may be fetched there this crawl.
    func openSession(
        for url: URL, summary: inout CrawlSummary, progress: @Sendable (CrawlEvent) -> Void
    ) async throws -> HostSession {
        let origin = CrawlURL.origin(of: url)
        let robotsURL = URL(string: origin + "/robots.txt")!
        try await pacer.waitForTurn(at: origin, interval: configuration.rateInterval)
        var robots: RobotsPolicy
        var failure: String?
        switch try await fetch(robotsURL, with: robotsClient, interval: configuration.rateInterval, robotsFile: true) {
        case .success(let (body, _)):
            robots = RobotsPolicy(
                parsing: String(decoding: body, as: UTF8.self), productToken: configuration.productToken)
        case .failure(let error) where Self.isClientError(error):
            robots = .allowAll
        case .failure(let error) where error.kind == .addressRefused:
            robots = .disallowAll
            failure = Self.reason(for: error)
        case .failure(let error):
            robots = .disallowAll
            let cause = error.status.map { "it answered HTTP \($0)" } ?? "no answer came"
            failure =
                "The site's robots.txt could not be read (\(cause)), so Scout stays off the site for this crawl,"
                + " as search engines do. Retry later."
        }
        if let delay = robots.crawlDelay, delay > configuration.maxCrawlDelay {
            robots = .disallowAll
            failure =
                "The site's robots.txt asks for \(Self.format(delay)) between requests, more than Scout waits"
                + " (\(Self.format(configuration.maxCrawlDelay))); the site was skipped."
        }
        if let failure {
            let entry = CrawlFailure(url: robotsURL, reason: failure)
            summary.failures.append(entry)
            progress(.failed(entry))
        }
        let interval = max(configuration.rateInterval, robots.crawlDelay ?? .zero)
        return HostSession(
            robots: robots, interval: interval,
            client: Self.client(configuration: configuration, interval: interval, transport: transport, clock: clock))
    }

    /// A client that sends at most one request at a time and, retries included, no more often
    /// than once per `interval`.
    static func client(
        configuration: CrawlConfiguration, interval: Duration, transport: any Transport, clock: any Clock<Duration>
    ) -> APIClient {
        let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
        let policy = HostPolicy(
            maxConcurrent: 1, requestsPerSecond: 1 / max(seconds, 0.000_001), burst: 1,
            maxAttempts: max(1, configuration.maxAttempts))
        // No per-host exceptions: a crawl keeps to its own pace everywhere.
        return APIClient(
            configuration: .init(userAgent: configuration.userAgent, hostPolicies: [:], defaultPolicy: policy),
            transport: transport, clock: clock)
    }

    /// Whether the server said the file is not there or not for us (4xx other than 429).
    private static func isClientError(_ error: APIError) -> Bool {
        if case .status(let status) = error.kind { return (400..<500).contains(status) }
        return false
    }
}
