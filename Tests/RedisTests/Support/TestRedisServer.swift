import Foundation
import ScoutTestSupport
import Testing

@testable import Redis

/// The Redis server `scripts/with-redis.sh` starts for the tests: a URL with a password in
/// `SCOUT_TEST_REDIS_URL`, and the `redis-server` binary in `SCOUT_TEST_REDIS_SERVER` for tests
/// that run a server of their own.
///
/// The live suites declare ``Requirement/redis``: skipped locally without the URL; on CI they
/// run anyway and fail, so a CI job cannot pass without Redis.
enum TestRedisServer {
    private static let environment = ProcessInfo.processInfo.environment

    /// The server's URL text, or `nil` when the tests run without one.
    static let urlText = environment["SCOUT_TEST_REDIS_URL"].flatMap { $0.isEmpty ? nil : $0 }

    /// The shared server's URL; throws (failing the test) when there is none, as on CI without Redis.
    static func url() throws -> RedisURL {
        guard let urlText else { throw MissingServer() }
        return try RedisURL(urlText)
    }

    /// The shared server's password, to check it never shows.
    static func password() throws -> String {
        let url = try url()
        return try #require(url.password)
    }

    /// The `redis-server` to run private servers with.
    static var serverBinary: String { PrivateRedisServer.serverBinary }

    /// A key prefix no other test uses: `scout-test:<uuid>:`.
    static func keyPrefix() -> String { "scout-test:\(UUID().uuidString):" }

    /// A configuration with short timeouts, so failing tests fail fast.
    static func configuration(
        commandTimeout: Duration = .seconds(5), clock: any Clock<Duration> = ContinuousClock()
    ) -> RedisConfiguration {
        RedisConfiguration(
            connectTimeout: .seconds(2), commandTimeout: commandTimeout, reconnectDelay: .milliseconds(10),
            maximumReconnectDelay: .milliseconds(100), clientName: "scout-tests", clock: clock)
    }

    struct MissingServer: Error, CustomStringConvertible {
        var description: String {
            "SCOUT_TEST_REDIS_URL is not set, and on CI the Redis tests must run: run them under scripts/with-redis.sh."
        }
    }
}
