import Foundation
import Postgres
import Testing

/// The PostgreSQL server `scripts/with-postgres.sh` starts for the tests: a superuser URL in
/// `SCOUT_TEST_POSTGRES_URL`. Each test gets a database of its own, dropped afterwards.
enum TestPostgresServer {
    /// The server URL, or `nil` when the tests run without one.
    static let url = ProcessInfo.processInfo.environment["SCOUT_TEST_POSTGRES_URL"].flatMap {
        $0.isEmpty ? nil : $0
    }

    /// Whether a server is configured.
    static var isConfigured: Bool { url != nil }

    /// Why the PostgreSQL cases did not run, shown next to the skipped test.
    static let skipReason = Comment(
        rawValue: "SCOUT_TEST_POSTGRES_URL is not set, so the PostgreSQL store was not tested: run the tests "
            + "under scripts/with-postgres.sh (make test does).")

    /// Runs `body` with the URL of a new, empty database (with `amcheck`, so integrity checks run
    /// it), dropped afterwards however `body` ends; `WITH (FORCE)` closes connections still open.
    static func withTemporaryDatabase<T>(_ body: (String) async throws -> T) async throws -> T {
        guard let url else { throw PostgresError(kind: .misuse, message: "SCOUT_TEST_POSTGRES_URL is not set.") }
        let server = try PostgresURL(url)
        let admin = try await PostgresDatabase(url: server)
        let name = "scout_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try await admin.execute("CREATE DATABASE \(name)")
        let result: Result<T, any Error>
        do {
            let scratch = try server.replacingDatabase(with: name)
            try await PostgresDatabase(url: scratch).execute("CREATE EXTENSION IF NOT EXISTS amcheck")
            result = .success(try await body(scratch.string))
        } catch {
            result = .failure(error)
        }
        try await admin.execute("DROP DATABASE \(name) WITH (FORCE)")
        return try result.get()
    }
}
