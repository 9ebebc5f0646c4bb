import BookCatalog
import BookStorage
import Foundation
import Postgres

/// A kind of store the book benchmarks run against.
struct BenchStore: Sendable {
    let name: String
    /// Where the catalog `name` lives: a file under `directory`, or a database URL.
    let location: @Sendable (_ directory: URL, _ name: String) -> String
    let open: @Sendable (_ location: String) async throws -> any BookStore

    func location(in directory: URL, name: String) -> String { location(directory, name) }

    func open(in directory: URL, name: String) async throws -> any BookStore {
        try await open(location(directory, name))
    }

    static let sqlite = BenchStore(
        name: "SQLite", location: { $0.appending(path: "\($1).sqlite").path },
        open: { try await SQLiteBookStore(path: $0) })

    /// PostgreSQL on the server `SCOUT_BENCH_POSTGRES_URL` names (a superuser URL): one fresh
    /// database per catalog, dropped first if an earlier run left it.
    static func postgres(server: String) -> BenchStore {
        BenchStore(
            name: "PostgreSQL",
            location: { _, name in Self.databaseURL(server: server, name: "scout_bench_\(name)") },
            open: { location in
                let name = String(location.split(separator: "/").last?.split(separator: "?").first ?? "")
                let admin = try await PostgresDatabase(url: try PostgresURL(server))
                _ = try await admin.execute("DROP DATABASE IF EXISTS \(name)")
                _ = try await admin.execute("CREATE DATABASE \(name)")
                return try await BookStores.open(location)
            })
    }

    /// `server` with its database path replaced by `name`.
    static func databaseURL(server: String, name: String) -> String {
        guard var components = URLComponents(string: server) else { return server }
        components.path = "/" + name
        return components.string ?? server
    }

    /// SQLite, and PostgreSQL when `SCOUT_BENCH_POSTGRES_URL` names a server; only those
    /// `SCOUT_BENCH_STORES` names when set, in any case (`SCOUT_BENCH_STORES=PostgreSQL`, to
    /// tune one store).
    static func available() throws -> [BenchStore] {
        let environment = ProcessInfo.processInfo.environment
        let server = environment["SCOUT_BENCH_POSTGRES_URL"] ?? ""
        let stores = server.isEmpty ? [sqlite] : [sqlite, postgres(server: server)]
        guard let names = environment["SCOUT_BENCH_STORES"]?.split(separator: ",") else { return stores }
        let chosen = stores.filter { store in names.contains { $0.lowercased() == store.name.lowercased() } }
        guard chosen.count == names.count else {
            throw BenchmarkFailure(
                "SCOUT_BENCH_STORES=\(names.joined(separator: ",")) names a store not available here; "
                    + "choose from \(stores.map(\.name).joined(separator: ", ")) (PostgreSQL needs SCOUT_BENCH_POSTGRES_URL)."
            )
        }
        return chosen
    }
}
