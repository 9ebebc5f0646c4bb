import Foundation
import ScoutTestSupport
import Testing

@testable import Redis

/// What the real server refuses — a wrong or missing password, an unknown command, a key of
/// another type, a database it lacks — each a typed error with a sentence, none showing the
/// password or the command's arguments; and the URL's database is selected.
@Suite(
    "Redis server errors", .enabled(if: Requirement.redis.mayRun, Comment(rawValue: Requirement.redis.skipReason)),
    .timeLimit(.minutes(1)))
struct RedisServerErrorTests {
    static func connection(_ url: RedisURL) -> RedisConnection {
        RedisConnection(url: url, configuration: TestRedisServer.configuration())
    }

    @Test("a wrong password: .authenticationFailed with a sentence, on send and on connect")
    func wrongPassword() async throws {
        let server = try TestRedisServer.url()
        let wrong = "wrong-password-canary"
        // A manual clock that never moves: after the first failure, the backoff holds every attempt.
        let connection = RedisConnection(
            url: RedisURL(host: server.host, port: server.port, password: wrong),
            configuration: TestRedisServer.configuration(clock: ManualClock()))
        let error = try await #require(throws: RedisError.self) { try await connection.send(["PING"]) }
        #expect(error.kind == .authenticationFailed && error.code == "WRONGPASS" && error.command == "AUTH")
        #expect(error.sentence.contains("refused the user name or password") && error.sentence.contains(server.address))
        let password = try TestRedisServer.password()
        for text in [error.description, error.debugDescription, "\(error)", String(reflecting: error)] {
            #expect(!text.contains(wrong) && !text.contains(password))
        }
        let connectError = try await #require(throws: RedisError.self) { try await connection.connect() }
        #expect(connectError == error)
        let statistics = await connection.statistics
        #expect(statistics.connects == 0 && statistics.failedConnects == 1)
    }

    @Test("no password for a server that wants one: .authenticationFailed saying a password is needed")
    func missingPassword() async throws {
        let server = try TestRedisServer.url()
        let connection = Self.connection(RedisURL(host: server.host, port: server.port, database: 2))
        let error = try await #require(throws: RedisError.self) { try await connection.send(["PING"]) }
        #expect(error.kind == .authenticationFailed && error.code == "NOAUTH")
        #expect(error.sentence.contains("requires a password"))
    }

    @Test("an unknown command: .server with its code; its arguments only in debugDescription")
    func unknownCommand() async throws {
        let connection = Self.connection(try TestRedisServer.url())
        let secret = "argument-canary"
        let error = try await #require(throws: RedisError.self) {
            try await connection.send(["FROBNICATE", .string(secret)])
        }
        #expect(error.kind == .server && error.code == "ERR" && error.command == "FROBNICATE")
        #expect(!error.description.contains(secret) && error.debugDescription.contains(secret))
        let password = try TestRedisServer.password()
        #expect(!error.debugDescription.contains(password))
        // An error reply leaves the connection as it was.
        #expect(try await connection.send(["PING"]) == .simple("PONG"))
        #expect(await connection.statistics.connects == 1)
    }

    @Test("a key of another type: .wrongType")
    func wrongType() async throws {
        let connection = Self.connection(try TestRedisServer.url())
        let key = RedisArgument.string(TestRedisServer.keyPrefix() + "list")
        _ = try await connection.send(["LPUSH", key, "a"])
        let error = try await #require(throws: RedisError.self) { try await connection.send(["GET", key]) }
        #expect(error.kind == .wrongType && error.code == "WRONGTYPE" && error.sentence.contains("GET"))
    }

    @Test("the URL's database is selected, and a database the server lacks is a sentence")
    func databases() async throws {
        let server = try TestRedisServer.url()
        let key = RedisArgument.string(TestRedisServer.keyPrefix() + "db")
        let five = Self.connection(
            RedisURL(host: server.host, port: server.port, database: 5, password: server.password))
        let zero = Self.connection(server)
        _ = try await five.send(["SET", key, "in five"])
        #expect(try await five.send(["GET", key]).stringValue == "in five")
        #expect(try await zero.send(["GET", key]) == .null)
        #expect(try await five.send(["CLIENT", "INFO"]).stringValue?.contains(" db=5 ") == true)
        #expect(try await five.send(["CLIENT", "GETNAME"]).stringValue == "scout-tests")

        let missing = Self.connection(
            RedisURL(host: server.host, port: server.port, database: 99, password: server.password))
        let error = try await #require(throws: RedisError.self) { try await missing.send(["PING"]) }
        #expect(error.kind == .server && error.command == "SELECT" && error.sentence.contains("no such database"))
    }
}
