import Dispatch
import Synchronization

/// One connection to a Redis server, safe to share between tasks.
///
/// hiredis contexts are not thread-safe, so the connection's context has one owner: a serial
/// `DispatchQueue` runs every blocking hiredis call, never the Swift concurrency pool, and
/// callers suspend on a continuation until their block finishes. The queue also orders
/// callers, so one caller's pipeline is never interleaved with another's commands.
///
/// The connection opens on first use (or ``connect()``), logs in (`AUTH`), selects the URL's
/// database and names itself (`CLIENT SETNAME`). Every wait on the socket is bounded: the TCP
/// connect by ``RedisConfiguration/connectTimeout``, each command by
/// ``RedisConfiguration/commandTimeout`` or the call's own `timeout`. A command that times out
/// or finds the connection broken throws, and the context is freed; the next command
/// reconnects — at once after a break, then with exponential backoff and jitter while the
/// server stays unreachable (commands in between fail fast with the last error). A server that
/// closed the connection while it was idle is noticed before anything is sent, so a restart
/// costs idle connections nothing.
///
/// A read-check-write must be one Lua script (``evaluate(_:keys:arguments:timeout:)``): a
/// script runs atomically on the server, so callers on other connections — or other Scout
/// instances — cannot interleave with it.
///
/// ```swift
/// let connection = RedisConnection(url: try RedisURL("redis://:s3cret@127.0.0.1:6379/0"))
/// _ = try await connection.send(["SET", "greeting", "hello", "PX", 60_000])
/// let greeting = try await connection.send(["GET", "greeting"]).stringValue  // "hello"
/// ```
public final class RedisConnection: Sendable {
    /// The server; its description hides the password.
    public let url: RedisURL
    /// Timeouts, backoff and clock.
    public let configuration: RedisConfiguration

    private let session: RedisSession
    private let queue: DispatchQueue
    /// Calls enqueued and not yet finished, for ``RedisClient`` to pick the least busy connection.
    private let pending = Atomic<Int>(0)

    /// How often this connection connected, failed to, and dropped a context.
    ///
    /// ```swift
    /// let reconnects = await connection.statistics.connects - 1
    /// ```
    public struct Statistics: Sendable, Equatable {
        /// Successful connects (the first one included).
        public var connects = 0
        /// Connect attempts that failed (refused, timed out, wrong password …).
        public var failedConnects = 0
        /// Contexts freed because they broke, timed out, were closed by the server, or by ``close()``.
        public var droppedConnections = 0
        /// Times a script's source was sent because the server did not know its SHA-1 (`NOSCRIPT`).
        public var scriptsSent = 0

        /// All zero.
        public init() {}
    }

    /// A connection to `url`; nothing is opened until the first command or ``connect()``.
    ///
    /// ```swift
    /// let connection = RedisConnection(url: url, configuration: RedisConfiguration(commandTimeout: .milliseconds(300)))
    /// ```
    public init(url: RedisURL, configuration: RedisConfiguration = RedisConfiguration()) {
        self.url = url
        self.configuration = configuration
        self.session = RedisSession(url: url, configuration: configuration)
        self.queue = DispatchQueue(label: "scout.redis")
    }

    /// Opens the connection now, so a wrong address or password shows at start-up. Throws a
    /// ``RedisError``.
    ///
    /// ```swift
    /// try await connection.connect()
    /// ```
    public func connect() async throws {
        try await perform { session throws(RedisError) in try session.connect() }
    }

    /// Runs one command and returns its reply. Throws a ``RedisError`` for an error reply (with
    /// the server's code), a timeout, a broken connection; `CancellationError` if the task was
    /// cancelled before the command was sent.
    ///
    /// ```swift
    /// let hits = try await connection.send(["INCR", "hits"]).expectInteger()
    /// let job = try await connection.send(["BLPOP", "jobs", 5], timeout: .seconds(6))
    /// ```
    ///
    /// - Parameter timeout: This command's deadline for each wait on the socket, instead of the
    ///   configuration's (for blocking commands).
    public func send(_ command: [RedisArgument], timeout: Duration? = nil) async throws -> RedisValue {
        try await perform { session throws(RedisError) in try session.send(command, timeout: timeout) }
    }

    /// Sends every command, then reads every reply: one round trip for all of them. Error
    /// replies come back in place as ``RedisValue/error(_:)``, so one failure does not hide the
    /// other results; a timeout or broken connection throws ``RedisError`` (and which commands
    /// ran is unknown).
    ///
    /// ```swift
    /// let replies = try await connection.pipeline([["INCR", "a"], ["EXPIRE", "a", 60], ["GET", "b"]])
    /// ```
    public func pipeline(_ commands: [[RedisArgument]], timeout: Duration? = nil) async throws -> [RedisValue] {
        guard !commands.isEmpty else { return [] }
        return try await perform { session throws(RedisError) in try session.run(commands, timeout: timeout) }
    }

    /// Runs a Lua script atomically: `EVALSHA` with its SHA-1, and `EVAL` with its source when the
    /// server does not know it yet. Throws ``RedisError`` for the script's error replies too.
    ///
    /// ```swift
    /// let reply = try await connection.evaluate(.acquireLease, keys: ["lease:q"], arguments: ["me", 5_000])
    /// ```
    public func evaluate(
        _ script: RedisScript, keys: [RedisArgument] = [], arguments: [RedisArgument] = [], timeout: Duration? = nil
    ) async throws -> RedisValue {
        try await perform { session throws(RedisError) in
            try session.evaluate(script, keys: keys, arguments: arguments, timeout: timeout)
        }
    }

    /// Closes the connection; later calls throw `.misuse`. The context is also freed when the
    /// last reference to the connection goes away.
    ///
    /// ```swift
    /// await connection.close()
    /// ```
    public func close() async {
        _ = try? await perform(checkingCancellation: false) { session throws(RedisError) in session.close() }
    }

    /// The counters so far, read on the connection's queue (after every call enqueued before).
    public var statistics: Statistics {
        get async {
            let statistics = try? await perform(checkingCancellation: false) { session throws(RedisError) in
                session.statistics
            }
            return statistics ?? Statistics()
        }
    }

    /// How many calls are waiting for or using the connection right now.
    var pendingCalls: Int { pending.load(ordering: .relaxed) }

    /// Runs `work` on the connection's queue and resumes the caller with its result.
    private func perform<T: Sendable>(
        checkingCancellation: Bool = true, _ work: @escaping @Sendable (RedisSession) throws(RedisError) -> T
    ) async throws -> T {
        if checkingCancellation { try Task.checkCancellation() }
        let session = session
        pending.add(1, ordering: .relaxed)
        defer { pending.subtract(1, ordering: .relaxed) }
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { () throws(RedisError) -> T in try work(session) })
            }
        }
    }
}
