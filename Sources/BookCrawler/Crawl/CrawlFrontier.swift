import Foundation

/// The pages still to visit, breadth first: each address once (normalized), no deeper than the
/// crawl's depth, only on the start hosts when the crawl stays on them, and at most `capacity`
/// waiting at a time. Pure; no I/O.
///
/// Its memory is bounded whatever the sites link to: the queue holds at most `capacity`
/// addresses (of at most ``CrawlURL/maxBytes`` each), and what was queued before is remembered
/// as one hash per address, not the address.
///
/// ```swift
/// var frontier = CrawlFrontier(start: [home], maxDepth: 1, staysOnStartHosts: true)
/// while let (url, depth) = frontier.next() {
///     for link in links(of: url) { frontier.add(link, depth: depth + 1) }
/// }
/// ```
struct CrawlFrontier {
    /// What ``add(_:depth:)`` did with an address.
    enum Outcome: Equatable {
        case queued
        /// Queued before, too deep, not http(s), or off the start hosts.
        case ignored
        /// The frontier was full; it may be queued later, when it is linked again.
        case full
    }

    private var queue: [(url: URL, depth: Int)] = []
    private var head = 0
    /// The addresses queued so far, as hashes: 8 bytes each instead of the address. Two
    /// addresses sharing a 64-bit hash (about one pair in 10^9 among a million pages) would
    /// fetch one of them only.
    private var seen: Set<Int> = []
    private let maxDepth: Int
    private let capacity: Int
    /// The origins a crawl that stays on its start hosts may visit; nil for any.
    private let allowedOrigins: Set<String>?

    /// A frontier holding the valid http(s) addresses of `start` at depth 0.
    init(start: [URL], maxDepth: Int, staysOnStartHosts: Bool, capacity: Int = 10_000) {
        self.maxDepth = maxDepth
        self.capacity = max(1, capacity)
        let normalized = start.compactMap(CrawlURL.normalized)
        allowedOrigins = staysOnStartHosts ? Set(normalized.map(CrawlURL.origin)) : nil
        for url in normalized { add(url, depth: 0) }
    }

    /// How many addresses wait.
    var count: Int { queue.count - head }

    /// Queues `url` at `depth` unless it was queued before, is too deep, is not http(s), is off
    /// the start hosts of a crawl that stays on them, or the frontier is full.
    @discardableResult
    mutating func add(_ url: URL, depth: Int) -> Outcome {
        guard depth <= maxDepth, let url = CrawlURL.normalized(url) else { return .ignored }
        if let allowedOrigins, !allowedOrigins.contains(CrawlURL.origin(of: url)) { return .ignored }
        let key = url.absoluteString.hashValue
        guard !seen.contains(key) else { return .ignored }
        guard count < capacity else { return .full }
        seen.insert(key)
        queue.append((url, depth))
        return .queued
    }

    /// The next address and its depth, oldest first; nil when none is left.
    mutating func next() -> (url: URL, depth: Int)? {
        guard head < queue.count else { return nil }
        let entry = queue[head]
        head += 1
        // Give back the space of visited entries once they are most of the array.
        if head >= 1_024, head * 2 >= queue.count {
            queue.removeFirst(head)
            head = 0
        }
        return entry
    }

    /// Whether links found at `depth` can still be followed.
    func canFollow(from depth: Int) -> Bool { depth < maxDepth }
}
