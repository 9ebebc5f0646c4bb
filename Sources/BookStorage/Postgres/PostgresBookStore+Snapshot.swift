import BookCatalog
import Postgres

extension PostgresBookStore: BackupPaging {
    /// ``BackupPaging/readingSnapshot(_:)``: a connection of its own in a `REPEATABLE READ, READ
    /// ONLY` transaction, which sees the catalog as its first statement found it, and never
    /// waits for a writer nor makes one wait. A connection that drops comes back outside the
    /// transaction (``Postgres/PostgresDatabase`` reconnects), so the snapshot checks at its
    /// end that it is still the server session that began it, and throws if not: pages read
    /// after the drop were not of the one moment.
    public func readingSnapshot<T>(_ body: (any BackupPages) async throws -> T) async throws -> T {
        let connection = try await storeWork {
            try await PostgresDatabase(url: database.url, settings: Self.sessionSettings)
        }
        let pages = CatalogSnapshot<PostgresBookStore>(database: connection)
        let session = try await storeWork {
            _ = try await connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            // The transaction's first query, which fixes its snapshot.
            return try await Self.session(of: connection)
        }
        let result = try await body(pages)
        try await storeWork {
            guard try await Self.session(of: connection) == session else { throw Self.snapshotLost(connection.url) }
            _ = try await connection.execute("COMMIT")
        }
        return result
    }

    /// What tells `connection`'s server session from any other: its process and when it began
    /// (a process id alone may be reused).
    private static func session(of connection: PostgresDatabase) async throws -> [String] {
        try await connection.query(
            "SELECT pid::text || ' ' || backend_start::text FROM pg_stat_activity WHERE pid = pg_backend_pid()"
        ) { try $0.string(0) }
    }

    /// The error of a snapshot whose connection dropped before it ended.
    private static func snapshotLost(_ url: PostgresURL) -> BookStoreError {
        BookStoreError(
            kind: .unavailable, database: .postgres,
            description:
                "The connection to \(url) dropped while the catalog was being read, so what was read is not of one "
                + "moment. Check that the server is up, then run the command again.")
    }
}
