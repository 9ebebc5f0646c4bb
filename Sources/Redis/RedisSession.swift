internal import CHiredis
import Foundation

/// The one owner of a `redisContext`: connects, logs in, runs commands, and frees the context
/// when it breaks, when the connection is closed, and in `deinit`.
///
/// `@unchecked Sendable` because ``RedisConnection`` hands it to its serial queue: every use
/// happens on that queue, one block at a time (hiredis contexts are not thread-safe), and
/// `deinit` runs only when no block holds it.
final class RedisSession: @unchecked Sendable {
    let url: RedisURL
    let configuration: RedisConfiguration
    /// Counters for tests and metrics.
    private(set) var statistics = RedisConnection.Statistics()
    /// Time since the session was made, on the configuration's clock.
    private let now: @Sendable () -> Duration
    private var context: UnsafeMutablePointer<redisContext>?
    private var backoff: RedisBackoff
    /// Why the last connect failed; thrown again until the backoff allows another attempt.
    private var lastConnectError: RedisError?
    private var isClosed = false

    init(url: RedisURL, configuration: RedisConfiguration) {
        self.url = url
        self.configuration = configuration
        self.now = Self.timeline(configuration.clock)
        self.backoff = RedisBackoff(
            initialDelay: configuration.reconnectDelay, maximumDelay: configuration.maximumReconnectDelay)
    }

    deinit { if let context { redisFree(context) } }

    private static func timeline(_ clock: some Clock<Duration>) -> @Sendable () -> Duration {
        let origin = clock.now
        return { origin.duration(to: clock.now) }
    }

    /// Frees the context; every later call throws `.misuse`.
    func close() {
        drop()
        isClosed = true
    }

    /// Connects now unless connected (or waiting out the backoff, which throws the last error).
    func connect() throws(RedisError) { _ = try connectedContext() }

    /// Runs one command; an error reply is thrown.
    func send(_ command: [RedisArgument], timeout: Duration?) throws(RedisError) -> RedisValue {
        let name = RedisArgument.commandName(of: command)
        return try checked(run([command], timeout: timeout, label: name)[0], command: name)
    }

    /// Runs `EVALSHA`, and `EVAL` with the source when the server answers `NOSCRIPT` (it has
    /// restarted, or never saw the script); an error reply is thrown.
    func evaluate(
        _ script: RedisScript, keys: [RedisArgument], arguments: [RedisArgument], timeout: Duration?
    ) throws(RedisError) -> RedisValue {
        let label = "script \(script.name)"
        let tail = [RedisArgument.integer(keys.count)] + keys + arguments
        let reply = try run([["EVALSHA", .string(script.sha1)] + tail], timeout: timeout, label: label)[0]
        if case .error(let message) = reply, message.hasPrefix("NOSCRIPT") {
            statistics.scriptsSent += 1
            return try checked(
                run([["EVAL", .string(script.source)] + tail], timeout: timeout, label: label)[0], command: label)
        }
        return try checked(reply, command: label)
    }

    /// Sends every command, then reads every reply: one round trip. Error replies come back as
    /// `.error` values; a timeout or broken connection throws and frees the context.
    func run(_ commands: [[RedisArgument]], timeout: Duration?, label: String? = nil) throws(RedisError)
        -> [RedisValue]
    {
        guard !isClosed else { throw .misuse("This Redis connection was closed: make a new one.") }
        guard commands.allSatisfy({ !$0.isEmpty }) else {
            throw .misuse("A Redis command needs at least its name, as in [\"PING\"].")
        }
        guard !commands.isEmpty else { return [] }
        let label = label ?? (commands.count == 1 ? nil : "a pipeline of \(commands.count) commands")
        let context = try connectedContext()
        let deadline = timeout ?? configuration.commandTimeout
        do throws(RedisError) {
            if deadline != configuration.commandTimeout { try setTimeout(deadline, on: context, label: label) }
            let values = try exchange(commands, on: context, deadline: deadline, label: label)
            if deadline != configuration.commandTimeout {
                try setTimeout(configuration.commandTimeout, on: context, label: label)
            }
            return values
        } catch {
            drop()
            throw error
        }
    }

    /// The open context, connecting first when there is none or the server closed it while idle.
    private func connectedContext() throws(RedisError) -> UnsafeMutablePointer<redisContext> {
        if let context {
            // A server sends nothing unasked: anything to read means it hung up (a restart, CLIENT
            // KILL, an idle timeout). Reconnecting now is safe, as no command was sent.
            if scout_redis_is_stale(context) == 0 { return context }
            drop()
        }
        guard backoff.allowsAttempt(at: now()) else {
            throw lastConnectError ?? .misuse("The Redis connection is waiting to reconnect.")
        }
        do throws(RedisError) {
            let context = try openContext()
            self.context = context
            backoff.recordSuccess()
            lastConnectError = nil
            statistics.connects += 1
            return context
        } catch {
            backoff.recordFailure(at: now(), jitter: configuration.jitter())
            lastConnectError = error
            statistics.failedConnects += 1
            throw error
        }
    }

    /// A new context, connected, with the command timeout set, logged in and on its database.
    private func openContext() throws(RedisError) -> UnsafeMutablePointer<redisContext> {
        var errorNumber: Int32 = 0
        let timeout = Self.milliseconds(configuration.connectTimeout)
        guard let context = scout_redis_connect(url.host, Int32(url.port), timeout, &errorNumber) else {
            throw RedisError(kind: .connectionFailed, message: "hiredis is out of memory", server: url.address)
        }
        var isReady = false
        defer { if !isReady { redisFree(context) } }
        if context.pointee.err != 0 {
            throw transportError(
                context, errorNumber: errorNumber, label: nil, deadline: configuration.connectTimeout,
                isConnecting: true)
        }
        try setTimeout(configuration.commandTimeout, on: context, label: nil)
        try handshake(on: context)
        isReady = true
        return context
    }

    /// `AUTH`, `SELECT` and `CLIENT SETNAME` in one round trip; a name the server refuses is no
    /// reason to fail.
    private func handshake(on context: UnsafeMutablePointer<redisContext>) throws(RedisError) {
        var commands: [[RedisArgument]] = []
        var names: [String] = []
        if let password = url.password {
            commands.append(["AUTH"] + (url.username.map { [.string($0)] } ?? []) + [.string(password)])
            names.append("AUTH")
        }
        if url.database != 0 {
            commands.append(["SELECT", .integer(url.database)])
            names.append("SELECT")
        }
        if let name = configuration.clientName, !name.isEmpty, !name.contains(where: { $0 == " " || !$0.isASCII }) {
            commands.append(["CLIENT", "SETNAME", .string(name)])
            names.append("CLIENT")
        }
        guard !commands.isEmpty else { return }
        let replies = try exchange(commands, on: context, deadline: configuration.commandTimeout, label: names.first)
        for (reply, name) in zip(replies, names) where name != "CLIENT" {
            guard case .error(let message) = reply else { continue }
            let error = RedisError.reply(url.scrubbed(message), command: name, server: url.address)
            guard name == "AUTH" else { throw error }
            throw RedisError(
                kind: .authenticationFailed, code: error.code, message: error.message, command: name,
                server: url.address)
        }
    }

    /// Appends every command, then reads one reply per command. Does not free the context.
    private func exchange(
        _ commands: [[RedisArgument]], on context: UnsafeMutablePointer<redisContext>, deadline: Duration,
        label: String?
    ) throws(RedisError) -> [RedisValue] {
        for command in commands where Self.append(command, to: context) != REDIS_OK {
            throw transportError(context, errorNumber: 0, label: label, deadline: deadline)
        }
        var values: [RedisValue] = []
        values.reserveCapacity(commands.count)
        for _ in commands {
            var reply: UnsafeMutablePointer<redisReply>?
            var errorNumber: Int32 = 0
            guard scout_redis_get_reply(context, &reply, &errorNumber) == REDIS_OK, let reply else {
                throw transportError(context, errorNumber: errorNumber, label: label, deadline: deadline)
            }
            defer { freeReplyObject(reply) }
            values.append(RedisValue(copying: reply))
        }
        return values
    }

    /// Queues `command` with explicit lengths, so no byte of it is read as a format.
    private static func append(_ command: [RedisArgument], to context: UnsafeMutablePointer<redisContext>) -> Int32 {
        var joined: [UInt8] = []
        joined.reserveCapacity(command.reduce(1) { $0 + $1.bytes.count })
        for argument in command { joined += argument.bytes }
        joined.append(0)  // never empty, so the buffer has an address
        let lengths = command.map(\.bytes.count)
        return joined.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters -> Int32 in
                guard let base = characters.baseAddress else { return REDIS_ERR }
                var offset = 0
                var arguments: [UnsafePointer<CChar>?] = lengths.map { length in
                    defer { offset += length }
                    return UnsafePointer(base + offset)
                }
                return arguments.withUnsafeMutableBufferPointer { argv in
                    lengths.withUnsafeBufferPointer { argvlen in
                        scout_redis_append(context, Int32(command.count), argv.baseAddress, argvlen.baseAddress)
                    }
                }
            }
        }
    }

    private func setTimeout(_ timeout: Duration, on context: UnsafeMutablePointer<redisContext>, label: String?)
        throws(RedisError)
    {
        guard scout_redis_set_timeout(context, Self.milliseconds(timeout)) == REDIS_OK else {
            throw transportError(context, errorNumber: errno, label: label, deadline: timeout)
        }
    }

    /// The error hiredis reports on `context`, classified; `errorNumber` is `errno` right after
    /// the call that failed.
    private func transportError(
        _ context: UnsafeMutablePointer<redisContext>, errorNumber: Int32, label: String?, deadline: Duration,
        isConnecting: Bool = false
    ) -> RedisError {
        let message = url.scrubbed(cString(context.pointee.errstr))
        var kind: RedisError.Kind
        switch context.pointee.err {
        case REDIS_ERR_EOF: kind = .connectionClosed
        case REDIS_ERR_PROTOCOL: kind = .protocolError
        case REDIS_ERR_IO:
            if [EAGAIN, EWOULDBLOCK, ETIMEDOUT, EINPROGRESS].contains(errorNumber) || message.contains("timed out") {
                kind = isConnecting ? .connectTimedOut : .timedOut
            } else if errorNumber == ECONNREFUSED || message.contains("refused") {
                kind = .connectionRefused
            } else if [ECONNRESET, EPIPE, ECONNABORTED].contains(errorNumber) {
                kind = .connectionClosed
            } else {
                kind = .connectionFailed
            }
        default: kind = .connectionFailed  // name resolution (REDIS_ERR_OTHER), out of memory
        }
        return RedisError(
            kind: kind, message: message, command: label, server: url.address,
            timeout: kind == .timedOut || kind == .connectTimedOut ? deadline : nil)
    }

    private func checked(_ value: RedisValue, command: String?) throws(RedisError) -> RedisValue {
        guard case .error(let message) = value else { return value }
        throw .reply(url.scrubbed(message), command: command, server: url.address)
    }

    private func drop() {
        guard let context else { return }
        redisFree(context)
        self.context = nil
        statistics.droppedConnections += 1
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(clamping: min(max(seconds, 0), 100_000_000)) * 1000
            + Int(max(attoseconds, 0) / 1_000_000_000_000_000)
    }
}
