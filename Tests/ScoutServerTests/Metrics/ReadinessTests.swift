import BookStorage
import Foundation
import HTTPServer
import Postgres
import ScoutServer
import ScoutTestSupport
import Testing

/// `GET /readyz`: 200 while the catalog and Redis (each when configured) answer, 503 with a
/// sentence naming the one that does not.
@Suite("GET /readyz", .timeLimit(.minutes(10)))
struct ReadinessTests {
    static let postgresURL = ProcessInfo.processInfo.environment["SCOUT_TEST_POSTGRES_URL"].flatMap {
        $0.isEmpty ? nil : $0
    }

    @Test("with neither a catalog nor Redis it is ready, and says neither is configured")
    func nothingConfigured() async throws {
        try await withScoutApp(pages: []) { _, _, port in
            let reply = try await RawHTTPConnection(port: port).get("/readyz")
            #expect(reply.status == 200)
            #expect(reply.headers["Content-Type"] == "application/json")
            let validator = try await SearchAPITests.validator(port: port)
            #expect(validator.problems(try reply.json(), schema: validator.schema("Readiness")) == [])
            #expect(
                reply.text == #"{"catalog":"not_configured","redis":"not_configured","status":"ready"}"#)
        }
    }

    @Test(
        "ready while the SQLite catalog and Redis answer; 503 naming Redis once it stops, its failures counted",
        .enabled(if: Requirement.redis.mayRun, Comment(rawValue: Requirement.redis.skipReason)))
    func redisStopped() async throws {
        try await withTemporaryDirectory { directory in
            let store = try await SQLiteBookStore(path: directory.appending(path: "books.sqlite").path)
            try await PrivateRedisServer.with { redis in
                try await withScoutApp(pages: [], books: store, configure: { $0.fleet.redisURL = redis.url }) {
                    _, _, port in
                    let ready = try await RawHTTPConnection(port: port).get("/readyz")
                    #expect(ready.status == 200)
                    #expect(ready.text == #"{"catalog":"ok","redis":"ok","status":"ready"}"#)
                    await redis.stop()
                    let unready = try await RawHTTPConnection(port: port).get("/readyz")
                    #expect(unready.status == 503)
                    let body = try unready.json()
                    let validator = try await SearchAPITests.validator(port: port)
                    #expect(validator.problems(body, schema: validator.schema("Readiness")) == [])
                    #expect(body["status"] == "not_ready")
                    #expect(body["catalog"] == "ok")
                    #expect(body["redis"] == "failing")
                    let message = try #require(body["message"]?.stringValue)
                    #expect(message.hasPrefix("Redis at 127.0.0.1:\(redis.port) did not answer PING"))
                    #expect(message.contains("SCOUT_REDIS"))
                    #expect(!message.contains(redis.password))
                    let metrics = try await MetricsScrape.scrape(port: port)
                    let errors = metrics.samples.filter { $0.key.hasPrefix("scout_redis_errors_total{") }
                    #expect(errors.values.reduce(0, +) >= 1)
                }
            }
        }
    }

    @Test(
        "ready while the PostgreSQL catalog answers; 503 naming the catalog once its database is gone",
        .enabled(if: Requirement.postgres.mayRun, Comment(rawValue: Requirement.postgres.skipReason)))
    func postgresGone() async throws {
        let server = try PostgresURL(try #require(Self.postgresURL, "run under scripts/with-postgres.sh"))
        let admin = try await PostgresDatabase(url: server)
        let name = "scout_readyz_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try await admin.execute("CREATE DATABASE \(name)")
        defer { Task { try? await admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") } }
        let store = try await BookStores.open(try server.replacingDatabase(with: name).string)
        try await withScoutApp(pages: [], books: store) { _, _, port in
            let ready = try await RawHTTPConnection(port: port).get("/readyz")
            #expect(ready.status == 200)
            #expect(ready.text == #"{"catalog":"ok","redis":"not_configured","status":"ready"}"#)
            // The store's connection is cut and its database dropped: nothing answers it now.
            try await admin.execute("DROP DATABASE \(name) WITH (FORCE)")
            let unready = try await RawHTTPConnection(port: port).get("/readyz")
            #expect(unready.status == 503)
            let body = try unready.json()
            #expect(body["catalog"] == "failing")
            #expect(body["redis"] == "not_configured")
            let message = try #require(body["message"]?.stringValue)
            #expect(message.hasPrefix("The book catalog did not answer"))
            #expect(message.contains("SCOUT_DATABASE"))
        }
    }
}
