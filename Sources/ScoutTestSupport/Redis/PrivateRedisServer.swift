import Foundation
import Redis
import Synchronization

/// A `redis-server` of one test's own, in a temporary directory, on a port it keeps across
/// restarts: for the tests that stop, restart or pause a server, which must not disturb the
/// shared one. Like the shared server it keeps nothing on disk and wants a password.
///
/// ```swift
/// try await PrivateRedisServer.with { server in
///     try await server.stop()
///     try await server.start()  // same port, empty
/// }
/// ```
public final class PrivateRedisServer: Sendable {
    public let port: Int
    public let password = "private-\(UUID().uuidString.prefix(8))"
    public let directory: URL
    private let running = Mutex<RunningServer?>(nil)

    /// The `redis-server` to run: `SCOUT_TEST_REDIS_SERVER` (set by scripts/with-redis.sh), else Debian's.
    public static var serverBinary: String {
        ProcessInfo.processInfo.environment["SCOUT_TEST_REDIS_SERVER"] ?? "/usr/bin/redis-server"
    }

    /// The server's URL, password included.
    public var url: RedisURL { RedisURL(host: "127.0.0.1", port: port, password: password) }

    private init() throws {
        port = try LoopbackSockets.freePort()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("scout-redis-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Starts a server, runs `body` with it, then stops it and removes its directory however
    /// `body` ends.
    public static func with<T>(_ body: (PrivateRedisServer) async throws -> T) async throws -> T {
        let server = try PrivateRedisServer()
        defer { try? FileManager.default.removeItem(at: server.directory) }
        let outcome: Result<T, any Error>
        do {
            try await server.start()
            outcome = .success(try await body(server))
        } catch {
            outcome = .failure(error)
        }
        await server.stop()
        return try outcome.get()
    }

    /// Starts the server on ``port`` and returns once it accepts connections.
    public func start() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.serverBinary)
        process.arguments = ["-"]  // the configuration comes on stdin, so no password is in `ps`
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        let server = RunningServer(process: process)
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil } else { server.read(data) }
        }
        process.terminationHandler = { _ in server.exited() }
        try process.run()
        running.withLock { $0 = server }
        let configuration = [
            "port \(port)", "bind 127.0.0.1", "dir \(directory.path)", "save \"\"", "appendonly no",
            "requirepass \(password)", "daemonize no",
        ]
        try input.fileHandleForWriting.write(contentsOf: Data((configuration.joined(separator: "\n") + "\n").utf8))
        try input.fileHandleForWriting.close()
        guard await server.waitUntilReady() else {
            throw ServerFailed(output: server.output)
        }
    }

    /// Stops the server (SIGKILL: it keeps nothing, and a process started from a dispatch thread
    /// inherits that thread's blocked signals, SIGTERM among them) and waits until it has exited;
    /// nothing if it is not running.
    public func stop() async {
        guard let server = running.withLock({ $0 }) else { return }
        server.terminate()
        await server.waitUntilExited()
        running.withLock { $0 = nil }
    }

    /// Freezes the server (SIGSTOP): it keeps its connections and answers nothing — a Redis
    /// that does not answer — until ``resume()``.
    public func pause() {
        running.withLock { $0 }?.signal(SIGSTOP)
    }

    /// Lets a paused server answer again (SIGCONT), at once.
    public func resume() {
        running.withLock { $0 }?.signal(SIGCONT)
    }

    /// Waits until the server exited by itself (after `SHUTDOWN`); kills it after 10 s, so a
    /// server that ignored the command fails the test instead of hanging it.
    public func waitUntilExited() async {
        guard let server = running.withLock({ $0 }) else { return }
        let deadline = Task {
            try await Task.sleep(for: .seconds(10))
            server.terminate()
        }
        await server.waitUntilExited()
        deadline.cancel()
        running.withLock { $0 = nil }
    }

    struct ServerFailed: Error, CustomStringConvertible {
        let output: String
        var description: String { "The private redis-server did not start. Its output:\n\(output)" }
    }
}

/// One run of the server process: its output so far, and who waits for it to be ready or gone.
///
/// `@unchecked Sendable` because `Process` is not: after `run()` this class only calls
/// `terminate()` on it, which may be called from any thread; the rest is behind the mutex.
private final class RunningServer: @unchecked Sendable {
    private struct State {
        var output = ""
        var isReady = false
        var hasExited = false
        var readyWaiters: [CheckedContinuation<Bool, Never>] = []
        var exitWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let process: Process
    private let state = Mutex(State())

    init(process: Process) { self.process = process }

    var output: String { state.withLock { $0.output } }

    func read(_ data: Data) {
        let ready: [CheckedContinuation<Bool, Never>] = state.withLock { state in
            state.output += String(decoding: data, as: UTF8.self)
            guard !state.isReady, state.output.contains("Ready to accept connections") else { return [] }
            state.isReady = true
            defer { state.readyWaiters = [] }
            return state.readyWaiters
        }
        for waiter in ready { waiter.resume(returning: true) }
    }

    func exited() {
        let (ready, exits) = state.withLock { state in
            state.hasExited = true
            defer {
                state.readyWaiters = []
                state.exitWaiters = []
            }
            return (state.readyWaiters, state.exitWaiters)
        }
        for waiter in ready { waiter.resume(returning: false) }
        for waiter in exits { waiter.resume() }
    }

    func terminate() { signal(SIGKILL) }

    /// Sends `signal` to the server unless it has exited.
    func signal(_ signal: Int32) {
        guard !state.withLock({ $0.hasExited }) else { return }
        kill(process.processIdentifier, signal)
    }

    func waitUntilReady() async -> Bool {
        await withCheckedContinuation { continuation in
            let answer: Bool? = state.withLock { state in
                if state.isReady { return true }
                if state.hasExited { return false }
                state.readyWaiters.append(continuation)
                return nil
            }
            if let answer { continuation.resume(returning: answer) }
        }
    }

    func waitUntilExited() async {
        await withCheckedContinuation { continuation in
            let hasExited = state.withLock { state in
                if !state.hasExited { state.exitWaiters.append(continuation) }
                return state.hasExited
            }
            if hasExited { continuation.resume() }
        }
    }
}
