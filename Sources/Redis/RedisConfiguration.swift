/// How a ``RedisConnection`` waits and reconnects: timeouts, backoff, the clock it reads.
///
/// The defaults suit a cache on the same network: a server that takes longer than a second is
/// treated as down for that command, and a lost server is retried after 100 ms, then 200 ms, …
/// up to 10 s.
///
/// ```swift
/// var configuration = RedisConfiguration()
/// configuration.commandTimeout = .milliseconds(250)
/// let client = RedisClient(url: url, configuration: configuration)
/// ```
public struct RedisConfiguration: Sendable {
    /// How long the TCP connect may take.
    public var connectTimeout: Duration
    /// How long the server may take to accept and answer each command (each wait on the
    /// socket); a command that overruns closes the connection. A call may pass a longer one.
    public var commandTimeout: Duration
    /// The wait after the first failed reconnect; it doubles with each failure.
    public var reconnectDelay: Duration
    /// The longest wait between reconnect attempts.
    public var maximumReconnectDelay: Duration
    /// The name `CLIENT SETNAME` gives each connection (seen in `CLIENT LIST`), or `nil` for none.
    public var clientName: String?
    /// The clock the reconnect backoff reads (a manual one in tests).
    public var clock: any Clock<Duration>
    /// A number in 0…1 for each backoff's jitter; random by default.
    public var jitter: @Sendable () -> Double
    /// Hears how long each ``RedisClient`` call took and how it failed (for metrics), timed on
    /// ``clock``; nil tells no one.
    public var observer: (any RedisObserver)?

    /// A configuration; every parameter has a default.
    ///
    /// ```swift
    /// let configuration = RedisConfiguration(commandTimeout: .milliseconds(200), clock: manualClock)
    /// ```
    public init(
        connectTimeout: Duration = .seconds(2), commandTimeout: Duration = .seconds(1),
        reconnectDelay: Duration = .milliseconds(100), maximumReconnectDelay: Duration = .seconds(10),
        clientName: String? = "scout", clock: any Clock<Duration> = ContinuousClock(),
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0...1) },
        observer: (any RedisObserver)? = nil
    ) {
        self.connectTimeout = connectTimeout
        self.commandTimeout = commandTimeout
        self.reconnectDelay = reconnectDelay
        self.maximumReconnectDelay = maximumReconnectDelay
        self.clientName = clientName
        self.clock = clock
        self.jitter = jitter
        self.observer = observer
    }
}
