/// Where a ``Server`` listens and the limits it enforces; every limit is explicit, none is left
/// at libmicrohttpd's default (which for several is "unlimited" or "never").
///
/// ```swift
/// var configuration = ServerConfiguration(host: "127.0.0.1", port: 0)
/// configuration.limits.maxBodyBytes = 64 * 1024
/// ```
public struct ServerConfiguration: Sendable {
    /// A numeric IPv4 or IPv6 address; `127.0.0.1` unless you mean to be reachable.
    public var host: String
    /// 0 picks a free port; ``Server/port`` reports it.
    public var port: UInt16
    /// Threads polling sockets (epoll); replies that are immediate run on them.
    public var threadCount: Int
    public var limits: ServerLimits
    /// Header fields added to every response that does not set them itself.
    public var defaultHeaders: HTTPHeaders
    /// Where one line per request goes; nil turns access logging off.
    public var accessLog: AccessLog?
    /// How long shutdown waits for in-flight requests before cancelling them.
    public var shutdownGracePeriod: Duration
    /// Times each request, for the access log and the responder's ``RequestObserver`` (a manual
    /// clock in tests).
    public var clock: any Clock<Duration>

    public init(
        host: String = "127.0.0.1",
        port: UInt16 = 8080,
        threadCount: Int = 2,
        limits: ServerLimits = ServerLimits(),
        defaultHeaders: HTTPHeaders = SecurityHeaders.default,
        accessLog: AccessLog? = .standardError,
        shutdownGracePeriod: Duration = .seconds(5),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.host = host
        self.port = port
        self.threadCount = threadCount
        self.limits = limits
        self.defaultHeaders = defaultHeaders
        self.accessLog = accessLog
        self.shutdownGracePeriod = shutdownGracePeriod
        self.clock = clock
    }
}

/// Resource limits that keep one client from starving the others.
public struct ServerLimits: Sendable {
    /// Seconds a connection may sit idle (between or within requests) before it is closed.
    public var idleTimeoutSeconds: Int = 30
    /// Open connections in total.
    public var maxConnections: Int = 1024
    /// Open connections from one IP address (8–16 stops a single-address slowloris).
    public var maxConnectionsPerIP: Int = 16
    /// Longest request target (path and query) in bytes; longer is 414.
    public var maxRequestTargetBytes: Int = 8 * 1024
    /// Most header fields in one request; more is 431.
    public var maxHeaderCount: Int = 100
    /// Per-connection memory for the request line and headers; beyond it libmicrohttpd answers
    /// 414 or 431 on its own.
    public var connectionMemoryBytes: Int = 16 * 1024
    /// Largest request body; larger is 413.
    public var maxBodyBytes: Int = 1024 * 1024
    /// Largest reply body. A larger one is answered 500 `reply_too_large`, a sentence that says
    /// so, rather than cut: a JSON or HTML reply cut short is malformed, and a client would show
    /// part of a list as if it were all of it. A stream that passes it is cut (its length was
    /// not known when its head was sent), which the client sees as an error. 8 MiB is above any
    /// of Scout's replies (a page of 50 results, an image under the proxy's 5 MiB cap).
    public var maxReplyBytes: Int = 8 * 1024 * 1024
    /// Reply bytes held for clients that have not read them yet, all connections together (see
    /// ``ReplyMemoryBudget``); a reply beyond it is answered 503 with `Retry-After: 1`.
    public var maxInflightReplyBytes: Int = 64 * 1024 * 1024
    /// Pending connections the kernel queues before accept.
    public var listenBacklog: Int = 511

    public init() {}
}
