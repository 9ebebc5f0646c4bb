import Foundation
import Testing

@testable import Postgres

/// The PostgreSQL server `scripts/with-postgres.sh` starts for the tests (`SCOUT_TEST_POSTGRES_URL`):
/// the one place the wrapper's suites learn whether it runs and connect to it.
enum TestServer {
    /// The server's URL, or `nil` outside `scripts/with-postgres.sh`.
    static let url = ProcessInfo.processInfo.environment["SCOUT_TEST_POSTGRES_URL"]

    /// Why a suite needing the server does not run without it.
    static let missing: Comment =
        "SCOUT_TEST_POSTGRES_URL is not set: run the tests under scripts/with-postgres.sh (make test does)."

    /// A connection to the server with `settings` for its session.
    static func connect(settings: [String: String] = [:]) async throws -> PostgresDatabase {
        let url = try #require(url)
        return try await PostgresDatabase(url: try PostgresURL(url), settings: settings)
    }
}
