import Foundation
import Redis
import ScoutTestSupport
import Synchronization
import Testing

/// Every way a connection fails below the Redis protocol, against listeners on 127.0.0.1 that
/// misbehave on purpose: each is a typed error with a sentence, and none crashes the process.
@Suite("Redis connection failures", .timeLimit(.minutes(1)))
struct RedisConnectionFailureTests {
    static let password = "failure-canary-pw"

    /// A connection to `port` with a password (to check it never shows) and no client name, so
    /// the failure happens on the test's own command rather than in the login.
    static func connection(port: Int, connectTimeout: Duration = .seconds(2)) -> RedisConnection {
        RedisConnection(
            url: RedisURL(host: "127.0.0.1", port: port, password: nil),
            configuration: RedisConfiguration(
                connectTimeout: connectTimeout, commandTimeout: .seconds(2), reconnectDelay: .zero, clientName: nil))
    }

    static func expectNoSecrets(_ error: RedisError) {
        for text in [error.description, error.debugDescription, error.sentence] {
            #expect(!text.contains(password) && !text.contains("RedisError"))
        }
    }

    @Test("nothing listening: .connectionRefused, naming the address")
    func refused() async throws {
        let port = try LoopbackSockets.freePort()
        let connection = RedisConnection(
            url: RedisURL(host: "127.0.0.1", port: port, password: Self.password),
            configuration: RedisConfiguration(reconnectDelay: .zero))
        let error = try await #require(throws: RedisError.self) { try await connection.send(["PING"]) }
        #expect(error.kind == .connectionRefused && error.server == "127.0.0.1:\(port)")
        #expect(error.sentence.contains("127.0.0.1:\(port)") && error.description.contains("Connection refused"))
        Self.expectNoSecrets(error)
        let connectError = try await #require(throws: RedisError.self) { try await connection.connect() }
        #expect(connectError.kind == .connectionRefused)
        #expect(await connection.statistics.failedConnects == 2)
    }

    @Test("a handshake that never completes: .connectTimedOut after the connect timeout")
    func connectTimeout() async throws {
        try await LoopbackSockets.withFullBacklog { port in
            let connection = Self.connection(port: port, connectTimeout: .milliseconds(200))
            let clock = ContinuousClock()
            let start = clock.now
            let error = try await #require(throws: RedisError.self) { try await connection.send(["PING"]) }
            let elapsed = clock.now - start
            #expect(error.kind == .connectTimedOut && error.timeout == .milliseconds(200))
            #expect(error.sentence.contains("within 200 ms"))
            #expect(elapsed >= .milliseconds(150) && elapsed < .seconds(2), "took \(elapsed)")
        }
    }

    @Test("a host name that does not resolve: .connectionFailed")
    func unresolvable() async throws {
        let connection = RedisConnection(url: RedisURL(host: "no-such-host.invalid", port: 6379))
        let error = try await #require(throws: RedisError.self) { try await connection.send(["PING"]) }
        #expect(error.kind == .connectionFailed && error.sentence.contains("host name resolves"))
    }

    @Test("a server that is not Redis: .protocolError, and the connection is dropped")
    func notRedis() async throws {
        try await MisbehavingServer.with(.reply(Array("HTTP/1.1 400 Bad Request\r\n\r\n".utf8))) { server in
            let connection = Self.connection(port: server.port)
            let error = try await #require(throws: RedisError.self) { try await connection.send(["GET", "k"]) }
            #expect(error.kind == .protocolError && error.command == "GET")
            #expect(error.description.contains("Protocol error"))
            let statistics = await connection.statistics
            #expect(statistics.connects == 1 && statistics.droppedConnections == 1)
        }
    }

    @Test("a server that hangs up before answering: .connectionClosed; the next command reconnects")
    func closedBeforeAnswering() async throws {
        try await MisbehavingServer.with(.closeAfterRequest) { server in
            let connection = Self.connection(port: server.port)
            for _ in 0..<3 {
                let error = try await #require(throws: RedisError.self) { try await connection.send(["INCR", "k"]) }
                #expect(error.kind == .connectionClosed && error.sentence.contains("INCR"))
                #expect(error.kind.isTransient)
            }
            #expect(await connection.statistics.connects == 3)
            #expect(server.acceptedConnections == 3)
        }
    }

    /// SIGPIPEs delivered to the process while ``closedWhileWriting()`` counts them.
    static let sigpipes = Atomic(0)

    /// `scout serve` keeps SIGPIPE's default action (ending the process), but the test runner
    /// ignores it; so for this test a counting handler stands in for the default, and a SIGPIPE
    /// that reached the process would be counted instead of ignored.
    @Test("writing to a connection the server closed fails with an error, and raises no SIGPIPE")
    func closedWhileWriting() async throws {
        let previous = signal(SIGPIPE) { _ in _ = RedisConnectionFailureTests.sigpipes.add(1, ordering: .relaxed) }
        defer { signal(SIGPIPE, previous) }
        let value = RedisArgument.bytes([UInt8](repeating: 7, count: 8 << 20))  // more than the socket buffers hold
        try await MisbehavingServer.with(.closeOnAccept) { server in
            let connection = Self.connection(port: server.port)
            for _ in 0..<10 {
                let error = try await #require(throws: RedisError.self) {
                    try await connection.send(["SET", "k", value])
                }
                #expect([.connectionClosed, .connectionFailed].contains(error.kind), "\(error)")
            }
        }
        #expect(Self.sigpipes.load(ordering: .relaxed) == 0)
    }

    @Test("a closed connection and a cancelled caller send nothing")
    func misuse() async throws {
        let port = try LoopbackSockets.freePort()
        let connection = Self.connection(port: port)
        await connection.close()
        let error = try await #require(throws: RedisError.self) { try await connection.send(["PING"]) }
        #expect(error.kind == .misuse && error.sentence.contains("closed"))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Self.connection(port: port).send(["PING"])
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
