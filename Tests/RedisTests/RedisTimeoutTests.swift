import Foundation
import Redis
import ScoutTestSupport
import Testing

/// Deadlines: a server that stops answering (`CLIENT PAUSE` on a private server) makes the
/// command throw `.timedOut` on time, and the connection recovers by itself; a call's own
/// timeout serves blocking commands without changing the others'.
@Suite(
    "Redis timeouts", .enabled(if: Requirement.redis.mayRun, Comment(rawValue: Requirement.redis.skipReason)),
    .timeLimit(.minutes(1)))
struct RedisTimeoutTests {
    @Test("a paused server: .timedOut within the deadline, then a fresh connection serves the next command")
    func pausedServer() async throws {
        try await PrivateRedisServer.with { server in
            let connection = RedisConnection(
                url: server.url, configuration: TestRedisServer.configuration(commandTimeout: .milliseconds(200)))
            let other = RedisConnection(url: server.url, configuration: TestRedisServer.configuration())
            let firstID = try await connection.send(["CLIENT", "ID"]).expectInteger()

            #expect(try await other.send(["CLIENT", "PAUSE", 800, "ALL"]) == .simple("OK"))
            let clock = ContinuousClock()
            let start = clock.now
            let error = try await #require(throws: RedisError.self) { try await connection.send(["GET", "k"]) }
            let elapsed = clock.now - start
            #expect(error.kind == .timedOut && error.command == "GET" && error.timeout == .milliseconds(200))
            #expect(error.sentence.contains("did not answer GET within 200 ms"))
            #expect(!error.debugDescription.contains(server.password))
            #expect(elapsed >= .milliseconds(150) && elapsed < .milliseconds(700), "took \(elapsed)")

            // The pause holds every client's commands, this one's too: its PING returns once it ends.
            #expect(try await other.send(["PING"], timeout: .seconds(5)) == .simple("PONG"))
            #expect(try await connection.send(["PING"]) == .simple("PONG"))
            #expect(try await connection.send(["CLIENT", "ID"]).expectInteger() != firstID)
            let statistics = await connection.statistics
            #expect(statistics.connects == 2 && statistics.droppedConnections == 1)
        }
    }

    @Test("a call's own timeout lets a blocking command wait longer; the next call has the usual one")
    func perCallTimeout() async throws {
        let connection = RedisConnection(
            url: try TestRedisServer.url(),
            configuration: TestRedisServer.configuration(commandTimeout: .milliseconds(200)))
        let list = RedisArgument.string(TestRedisServer.keyPrefix() + "queue")
        #expect(try await connection.send(["BLPOP", list, .number(0.5)], timeout: .seconds(3)) == .null)
        let error = try await #require(throws: RedisError.self) { try await connection.send(["BLPOP", list, "0.5"]) }
        #expect(error.kind == .timedOut && error.command == "BLPOP")
        _ = try await connection.send(["RPUSH", list, "job"])
        let job = try await connection.pipeline([["BLPOP", list, "0.5"]], timeout: .seconds(3))
        #expect(job == [.array([.bulk(Array(list.bytes)), .bulk(Array("job".utf8))])])
    }
}
