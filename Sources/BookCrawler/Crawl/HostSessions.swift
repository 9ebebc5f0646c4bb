/// The sessions of the origins a crawl visits — each holding a robots.txt policy of up to
/// 500 rules and an HTTP client with its connections — at most ``capacity`` of them, the least
/// recently used given up first. A crawl that wanders over thousands of hosts (a link farm of
/// subdomains) holds the same memory and descriptors as one over a few; an origin visited again
/// after its session was given up has its robots.txt read again, so it is as polite as before.
///
/// ```swift
/// var sessions = HostSessions<String>(capacity: 2)
/// sessions.insert("a", for: "https://a.example")
/// sessions.session(for: "https://a.example")  // "a"
/// ```
struct HostSessions<Session> {
    let capacity: Int
    private var sessions: [String: Session] = [:]
    /// Origins, the least recently used first; as long as `sessions` (a few dozen), so a linear
    /// search costs nothing beside a page fetch.
    private var recency: [String] = []
    /// Sessions given up to make room.
    private(set) var evicted = 0

    init(capacity: Int) {
        precondition(capacity > 0, "A crawl needs room for one host at least.")
        self.capacity = capacity
    }

    var count: Int { sessions.count }

    /// The session of `origin`, now the most recently used; `nil` when there is none.
    mutating func session(for origin: String) -> Session? {
        guard let session = sessions[origin] else { return nil }
        touch(origin)
        return session
    }

    /// Keeps `session` for `origin`, giving up the least recently used one when full.
    mutating func insert(_ session: Session, for origin: String) {
        if sessions[origin] == nil, sessions.count >= capacity, !recency.isEmpty {
            sessions[recency.removeFirst()] = nil
            evicted += 1
        }
        sessions[origin] = session
        touch(origin)
    }

    private mutating func touch(_ origin: String) {
        if let index = recency.lastIndex(of: origin) { recency.remove(at: index) }
        recency.append(origin)
    }
}
