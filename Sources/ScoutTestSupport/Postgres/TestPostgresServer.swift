import Foundation
import Postgres

/// The PostgreSQL server `scripts/with-postgres.sh` starts for the tests: a superuser URL in
/// `SCOUT_TEST_POSTGRES_URL`. Each test gets a database of its own, dropped afterwards.
///
/// ```swift
/// try await TestPostgresServer.withTemporaryDatabase { url in
///     let store = try await PostgresBookStore(url: url)
/// }
/// ```
public enum TestPostgresServer {
    /// The server URL, or `nil` when the tests run without one.
    public static let url = ProcessInfo.processInfo.environment["SCOUT_TEST_POSTGRES_URL"].flatMap {
        $0.isEmpty ? nil : $0
    }

    /// Whether a server is configured.
    public static var isConfigured: Bool { url != nil }

    /// Why the PostgreSQL cases did not run, shown next to the skipped test.
    public static let skipReason =
        "SCOUT_TEST_POSTGRES_URL is not set, so the PostgreSQL store was not tested: run the tests "
        + "under scripts/with-postgres.sh (make test does)."

    /// Runs `body` with the URL of a new, empty database (with `amcheck`, so integrity checks run
    /// it), dropped afterwards however `body` ends; `WITH (FORCE)` closes connections still open.
    public static func withTemporaryDatabase<T>(_ body: (String) async throws -> T) async throws -> T {
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

    /// Closes every connection to the temporary database at `url` and refuses new ones
    /// (`refused`), or lets them in again: the database as clients see it when its server is
    /// down, while the server itself goes on serving the other tests.
    public static func refuseConnections(_ refused: Bool, to url: String) async throws {
        guard let server = self.url else {
            throw PostgresError(kind: .misuse, message: "SCOUT_TEST_POSTGRES_URL is not set.")
        }
        let name = (URL(string: url)?.lastPathComponent ?? "").filter { $0.isLetter || $0.isNumber || $0 == "_" }
        let admin = try await PostgresDatabase(url: try PostgresURL(server))
        _ = try await admin.execute("ALTER DATABASE \(name) ALLOW_CONNECTIONS \(refused ? "false" : "true")")
        if refused {
            _ = try await admin.query(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)'")
        }
    }
}
