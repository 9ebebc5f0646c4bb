import Synchronization

/// Scout's handle on one Redis server: a few ``RedisConnection``s, each call on the least busy.
///
/// Each connection is one socket with one owner, so calls on the same connection queue behind
/// each other; several connections let a slow command (a 1 MiB value, a blocking pop) hold up
/// only its own. Commands are `redis-cli`-like arrays of ``RedisArgument``; shared state is
/// changed only by ``RedisScript``s, so no two instances interleave a read-check-write.
///
/// ```swift
/// let url = try RedisURL("redis://:s3cret@cache.internal:6379/0")
/// let redis = RedisClient(url: url)
/// try await redis.set("search:dune", json, expiresIn: .seconds(30))
/// let cached = try await redis.get("search:dune")
/// ```
public final class RedisClient: Sendable {
    /// The server; its description hides the password.
    public let url: RedisURL
    /// The connections calls are spread over.
    public let connections: [RedisConnection]
    private let turn = Atomic<UInt>(0)
    private let observer: (any RedisObserver)?
    /// Time on the configuration's clock since the client was made (for the observer).
    private let now: @Sendable () -> Duration

    /// A client with `connections` connections (at least one) to `url`; none opens before it is
    /// used (see ``connect()``).
    ///
    /// ```swift
    /// let redis = RedisClient(url: try RedisURL("redis://127.0.0.1:6379/0"), connections: 4)
    /// ```
    public init(url: RedisURL, connections: Int = 4, configuration: RedisConfiguration = RedisConfiguration()) {
        self.url = url
        self.connections = (0..<max(1, connections)).map { _ in RedisConnection(url: url, configuration: configuration)
        }
        self.observer = configuration.observer
        self.now = Self.elapsed(on: configuration.clock)
    }

    private static func elapsed<C: Clock>(on clock: C) -> @Sendable () -> Duration where C.Duration == Duration {
        let origin = clock.now
        return { origin.duration(to: clock.now) }
    }

    /// Runs `call`, telling the observer how long it took and how it failed (a cancelled call is
    /// neither).
    private func observed<T>(_ call: () async throws -> T) async throws -> T {
        guard let observer else { return try await call() }
        let started = now()
        do {
            let result = try await call()
            observer.callFinished(duration: now() - started, failure: nil)
            return result
        } catch let error as RedisError {
            observer.callFinished(duration: now() - started, failure: error.kind)
            throw error
        }
    }

    /// Opens every connection now, so a wrong address or password shows at start-up. Throws a
    /// ``RedisError``.
    ///
    /// ```swift
    /// try await redis.connect()
    /// ```
    public func connect() async throws {
        for connection in connections { try await connection.connect() }
    }

    /// Runs one command on the least busy connection; see ``RedisConnection/send(_:timeout:)``.
    ///
    /// ```swift
    /// let size = try await redis.send(["DBSIZE"]).expectInteger()
    /// ```
    public func send(_ command: [RedisArgument], timeout: Duration? = nil) async throws -> RedisValue {
        try await observed { try await nextConnection().send(command, timeout: timeout) }
    }

    /// Runs commands in one round trip on one connection; see ``RedisConnection/pipeline(_:timeout:)``.
    ///
    /// ```swift
    /// let replies = try await redis.pipeline([["INCR", "hits"], ["PEXPIRE", "hits", 3_600_000]])
    /// ```
    public func pipeline(_ commands: [[RedisArgument]], timeout: Duration? = nil) async throws -> [RedisValue] {
        try await observed { try await nextConnection().pipeline(commands, timeout: timeout) }
    }

    /// Runs a Lua script atomically; see ``RedisConnection/evaluate(_:keys:arguments:timeout:)``.
    ///
    /// ```swift
    /// let reply = try await redis.evaluate(.takeTokens, keys: ["bucket:ip:127.0.0.1"], arguments: [20, 10, 1])
    /// ```
    public func evaluate(
        _ script: RedisScript, keys: [RedisArgument] = [], arguments: [RedisArgument] = [], timeout: Duration? = nil
    ) async throws -> RedisValue {
        try await observed {
            try await nextConnection().evaluate(script, keys: keys, arguments: arguments, timeout: timeout)
        }
    }

    /// The bytes stored at `key`, or `nil` when there are none.
    ///
    /// ```swift
    /// let page = try await redis.get("search:dune")
    /// ```
    public func get(_ key: String) async throws -> [UInt8]? {
        try await send(["GET", .string(key)]).expectBytes()
    }

    /// Stores `value` at `key`, for `expiresIn` (whole milliseconds, rounded up) or for good.
    ///
    /// ```swift
    /// try await redis.set("search:dune", json, expiresIn: .seconds(30))
    /// ```
    public func set(_ key: String, _ value: [UInt8], expiresIn lifetime: Duration? = nil) async throws {
        let expiry: [RedisArgument] = lifetime.map { ["PX", .milliseconds($0)] } ?? []
        _ = try await send(["SET", .string(key), .bytes(value)] + expiry)
    }

    /// Deletes `keys`; returns how many existed.
    ///
    /// ```swift
    /// let removed = try await redis.delete(["search:dune"])
    /// ```
    @discardableResult
    public func delete(_ keys: [String]) async throws -> Int {
        guard !keys.isEmpty else { return 0 }
        return Int(try await send(["DEL"] + keys.map { .string($0) }).expectInteger())
    }

    /// Closes every connection; later calls throw `.misuse`.
    public func close() async {
        for connection in connections { await connection.close() }
    }

    /// The connection with the fewest calls in flight, ties broken in turn.
    private func nextConnection() -> RedisConnection {
        let start = Int(turn.add(1, ordering: .relaxed).newValue % UInt(connections.count))
        var best = connections[start]
        for offset in 1..<connections.count {
            let candidate = connections[(start + offset) % connections.count]
            if candidate.pendingCalls < best.pendingCalls { best = candidate }
        }
        return best
    }
}
