import Foundation

/// The pages still to visit, breadth first: each address once (normalized), no deeper than the
/// crawl's depth, and only on the start hosts when the crawl stays on them. Pure; no I/O.
///
/// ```swift
/// var frontier = CrawlFrontier(start: [home], maxDepth: 1, staysOnStartHosts: true)
/// while let (url, depth) = frontier.next() {
///     for link in links(of: url) { frontier.add(link, depth: depth + 1) }
/// }
/// ```
struct CrawlFrontier {
    private var queue: [(url: URL, depth: Int)] = []
    private var head = 0
    private var seen: Set<URL> = []
    private let maxDepth: Int
    /// The origins a crawl that stays on its start hosts may visit; nil for any.
    private let allowedOrigins: Set<String>?

    /// A frontier holding the valid http(s) addresses of `start` at depth 0.
    init(start: [URL], maxDepth: Int, staysOnStartHosts: Bool) {
        self.maxDepth = maxDepth
        let normalized = start.compactMap(CrawlURL.normalized)
        allowedOrigins = staysOnStartHosts ? Set(normalized.map(CrawlURL.origin)) : nil
        for url in normalized { add(url, depth: 0) }
    }

    /// Queues `url` at `depth` unless it was queued before, is too deep, is not http(s), or is
    /// off the start hosts of a crawl that stays on them. Returns whether it was queued.
    @discardableResult
    mutating func add(_ url: URL, depth: Int) -> Bool {
        guard depth <= maxDepth, let url = CrawlURL.normalized(url) else { return false }
        if let allowedOrigins, !allowedOrigins.contains(CrawlURL.origin(of: url)) { return false }
        guard seen.insert(url).inserted else { return false }
        queue.append((url, depth))
        return true
    }

    /// The next address and its depth, oldest first; nil when none is left.
    mutating func next() -> (url: URL, depth: Int)? {
        guard head < queue.count else { return nil }
        defer { head += 1 }
        return queue[head]
    }

    /// Whether links found at `depth` can still be followed.
    func canFollow(from depth: Int) -> Bool { depth < maxDepth }
}
