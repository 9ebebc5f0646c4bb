import BookCatalog
import Foundation
import HTTPServer
import Networking
import Redis
import ScoutTestSupport
import Testing

@testable import ScoutServer

/// The Redis server `scripts/with-redis.sh` started (`SCOUT_TEST_REDIS_URL`), for the fleet
/// suites, which declare ``Requirement/redis``: they run when it is there, and on CI always —
/// failing without it.
enum FleetRedis {
    static let urlText = ProcessInfo.processInfo.environment["SCOUT_TEST_REDIS_URL"].flatMap { $0.isEmpty ? nil : $0 }

    /// The server's URL; fails the test when there is none.
    static func url() throws -> RedisURL {
        try RedisURL(
            try #require(urlText, "SCOUT_TEST_REDIS_URL is not set: run the tests under scripts/with-redis.sh"))
    }

    /// Forty Wikipedia pages, all matching "alpha".
    static let pages = (1...40).map { FakeWikipedia.Page(pageID: $0, title: "Alpha \($0)") }

    /// A client of the test's own, to look at or disturb the shared state.
    static func client() throws -> RedisClient { RedisClient(url: try url(), connections: 1) }
}

/// One of a test's Scout instances: its app and the port it serves on.
struct FleetInstance: Sendable {
    let app: ScoutApp
    let port: UInt16

    /// A GET on its own connection.
    func get(_ target: String, timeout: Duration = .seconds(20)) async throws -> RawHTTPResponse {
        try await RawHTTPConnection(port: port, timeout: timeout).get(target)
    }
}

/// `count` Scout instances on 127.0.0.1 searching one FakeWikipedia — called `wikimedia` by
/// their host policy, so ≤ 3 at once, at 127.0.0.1 and at every `<lang>.localhost` of its
/// ``FakeWikipedia/languageTemplate`` — and sharing `redis` under a key prefix no other test
/// uses (nil: each alone, as without `--redis`); instance `i` serves the catalog `books[i]`,
/// if there is one. `fakeClock` runs the fake's latency; `configureForFake` sets what needs
/// the fake (its language template).
func withFleet<T>(
    instances count: Int = 3, pages: [FakeWikipedia.Page], redis: RedisURL?,
    policy: HostPolicy = .wikimedia, books: [any BookStore] = [],
    configure: (inout ScoutServerConfiguration) -> Void = { _ in },
    configureForFake: (inout ScoutServerConfiguration, FakeWikipedia) -> Void = { _, _ in },
    fakeClock: any Clock<Duration> = ContinuousClock(),
    _ body: (FakeWikipedia, [FleetInstance], String) async throws -> T
) async throws -> T {
    try await withFakeWikipedia(pages: pages, clock: fakeClock) { fake in
        var configuration = ScoutServerConfiguration(clock: ContinuousClock())
        configuration.wikipediaAPITemplate = fake.baseURL.absoluteString
        configuration.imageCacheDirectory = nil
        configuration.clientBurst = 1000
        configuration.clientRequestsPerSecond = 1000
        configuration.fleet.redisURL = redis
        configuration.fleet.keyPrefix = "scout-test:\(UUID().uuidString):"
        configure(&configuration)
        configureForFake(&configuration, fake)
        var server = ServerConfiguration(host: "127.0.0.1", port: 0, accessLog: nil)
        server.shutdownGracePeriod = .milliseconds(200)
        server.limits.maxConnectionsPerIP = 512
        let settings = configuration
        let client = APIClient(
            configuration: .init(
                userAgent: configuration.userAgent, hostPolicies: ["127.0.0.1": policy, "localhost": policy]),
            clock: configuration.clock)
        func start(_ started: [FleetInstance]) async throws -> T {
            guard started.count < count else { return try await body(fake, started, settings.fleet.keyPrefix) }
            let catalog = started.count < books.count ? books[started.count] : nil
            let app = ScoutApp(configuration: settings, books: catalog, client: client)
            return try await Server.withRunning(server, responder: app.router) { running in
                try await start(started + [FleetInstance(app: app, port: running.port)])
            }
        }
        return try await start([])
    }
}

/// Sends one GET per target at once, each on its own connection to the instance `target`
/// names, and returns the replies in order.
func getAll(_ requests: [(FleetInstance, String)]) async throws -> [RawHTTPResponse] {
    var connections: [RawHTTPConnection] = []
    for (instance, target) in requests {
        let connection = try RawHTTPConnection(port: instance.port, timeout: .seconds(30))
        try await connection.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
        connections.append(connection)
    }
    var replies: [RawHTTPResponse] = []
    for connection in connections { replies.append(try await connection.readResponse()) }
    return replies
}

extension FleetRedis {
    /// A fleet state of its own (its own Redis client) under `prefix`, beating every 100 ms,
    /// logging nothing.
    static func state(
        _ url: RedisURL, prefix: String, fleetSize: Int = 1, slotLease: Duration = .seconds(1)
    ) -> RedisFleetState {
        let client = RedisClient(
            url: url, connections: 1,
            configuration: RedisConfiguration(
                connectTimeout: .milliseconds(500), commandTimeout: .milliseconds(250),
                maximumReconnectDelay: .milliseconds(200)))
        return RedisFleetState(
            client: client, prefix: prefix, limiter: ClientRateLimiter(requestsPerSecond: 10, burst: 30),
            clientRate: (10, 30), fleetSize: fleetSize, heartbeatInterval: .milliseconds(100), slotLease: slotLease,
            log: { _ in })
    }
}
