import BookCatalog
import Foundation

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

    /// SQLite, and PostgreSQL when `SCOUT_BENCH_POSTGRES_URL` names a server.
    static var available: [BenchStore] { [sqlite] }
}
