import Foundation
import Redis
import ScoutTestSupport
import Testing

/// Reconnecting: a server restarted on the same port (a private one), a connection killed while
/// idle, and the backoff between attempts while the server is down — on a manual clock, so the
/// test decides when time passes. Every reconnect logs in and selects the database again.
@Suite(
    "Redis reconnect", .enabled(if: Requirement.redis.mayRun, Comment(rawValue: Requirement.redis.skipReason)),
    .timeLimit(.minutes(1)))
struct RedisReconnectTests {
    @Test("a server restart: typed errors while it is down, backoff between attempts, then AUTH and SELECT again")
    func restartOnTheSamePort() async throws {
        try await PrivateRedisServer.with { server in
            let clock = ManualClock()
            var configuration = TestRedisServer.configuration(clock: clock)
            configuration.reconnectDelay = .seconds(1)
            configuration.maximumReconnectDelay = .seconds(8)
            configuration.jitter = { 1 }  // the full delay: 1 s, then 2 s, …
            let url = RedisURL(host: "127.0.0.1", port: server.port, database: 3, password: server.password)
            let connection = RedisConnection(url: url, configuration: configuration)
            #expect(try await connection.send(["SET", "k", "before"]) == .simple("OK"))

            // SHUTDOWN answers nothing: the server closes the connection as it exits.
            let shutdown = try await #require(throws: RedisError.self) {
                try await connection.send(["SHUTDOWN", "NOSAVE"])
            }
            #expect(shutdown.kind == .connectionClosed && shutdown.command == "SHUTDOWN")
            await server.waitUntilExited()

            let down = try await #require(throws: RedisError.self) { try await connection.send(["PING"]) }
            #expect(down.kind == .connectionRefused && down.sentence.contains("127.0.0.1:\(server.port)"))
            #expect(await connection.statistics.failedConnects == 1)
            // Within the backoff, commands fail at once with the same error and no new attempt.
            for _ in 0..<5 {
                let fast = try await #require(throws: RedisError.self) { try await connection.send(["PING"]) }
                #expect(fast == down)
            }
            #expect(await connection.statistics.failedConnects == 1)
            clock.advance(by: .seconds(1))
            await #expect(throws: RedisError.self) { try await connection.send(["PING"]) }
            #expect(await connection.statistics.failedConnects == 2)  // the next wait is 2 s
            clock.advance(by: .seconds(1))
            await #expect(throws: RedisError.self) { try await connection.send(["PING"]) }
            #expect(await connection.statistics.failedConnects == 2)

            try await server.start()  // the same port, empty
            await #expect(throws: RedisError.self) { try await connection.send(["PING"]) }  // still waiting
            clock.advance(by: .seconds(1))
            #expect(try await connection.send(["PING"]) == .simple("PONG"))
            #expect(try await connection.send(["GET", "k"]) == .null)  // nothing was kept on disk
            #expect(try await connection.send(["CLIENT", "INFO"]).stringValue?.contains(" db=3 ") == true)
            #expect(try await connection.send(["CLIENT", "GETNAME"]).stringValue == "scout-tests")
            let statistics = await connection.statistics
            #expect(statistics.connects == 2 && statistics.failedConnects == 2)
        }
    }

    @Test("an idle connection the server closed is reopened before the next command, which succeeds")
    func idleConnectionClosedByTheServer() async throws {
        try await PrivateRedisServer.with { server in
            let connection = RedisConnection(url: server.url, configuration: TestRedisServer.configuration())
            let other = RedisConnection(url: server.url, configuration: TestRedisServer.configuration())
            let id = try await connection.send(["CLIENT", "ID"]).expectInteger()
            #expect(try await other.send(["CLIENT", "KILL", "ID", .integer(id)]) == .integer(1))
            let newID = try await connection.send(["CLIENT", "ID"]).expectInteger()
            #expect(newID != id)

            // A restart while idle costs idle connections nothing either.
            await server.stop()
            try await server.start()
            #expect(try await connection.send(["PING"]) == .simple("PONG"))
            #expect(try await other.send(["PING"]) == .simple("PONG"))
            let statistics = await connection.statistics
            #expect(statistics.connects == 3 && statistics.droppedConnections == 2 && statistics.failedConnects == 0)
        }
    }

    @Test("a script survives the restart: NOSCRIPT on the empty server sends its source again")
    func scriptAfterRestart() async throws {
        try await PrivateRedisServer.with { server in
            let connection = RedisConnection(url: server.url, configuration: TestRedisServer.configuration())
            let arguments: [RedisArgument] = ["me", 10_000]
            #expect(
                try await connection.evaluate(.acquireLease, keys: ["l"], arguments: arguments).expectArray().first
                    == .integer(1))
            await server.stop()
            try await server.start()
            #expect(
                try await connection.evaluate(.acquireLease, keys: ["l"], arguments: arguments).expectArray().first
                    == .integer(1))
            #expect(await connection.statistics.scriptsSent == 2)
        }
    }
}
