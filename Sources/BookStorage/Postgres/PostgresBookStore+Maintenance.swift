import BookCatalog
import Postgres
import Synchronization

extension PostgresBookStore {
    /// The tables whose size and statistics matter to the store's reads.
    static let maintainedTables = ["books", "relations", "readings"]

    /// Counts what a committed write changed and runs the `VACUUM` (and `ANALYZE`) that
    /// ``MaintenanceSchedule`` finds due, so searches right after an import get good plans and
    /// index-only walks (see ``MaintenanceSchedule`` for why autovacuum alone is too late).
    ///
    /// Best effort: the write it follows has committed, so a failure here (say the user may not
    /// vacuum a table it does not own) must not report that write as failed; autovacuum still
    /// comes, and the next threshold tries again.
    ///
    /// `indexesDeferred` while an import defers the search indexes of `books`: its vacuums wait
    /// for them (see ``MaintenanceSchedule/record(_:in:postponingVacuum:)``).
    ///
    /// ```swift
    /// await maintain(after: ["books": result.inserted + result.updated])
    /// ```
    func maintain(after writes: [String: Int], indexesDeferred: Bool = false) async {
        for (table, rows) in writes.sorted(by: { $0.key < $1.key }) where rows > 0 {
            let postponing = indexesDeferred && table == "books"
            guard let work = maintenance.withLock({ $0.record(rows, in: table, postponingVacuum: postponing) })
            else { continue }
            let tableRows = try? await run(work)
            maintenance.withLock { $0.finish(work, tableRows: tableRows) }
        }
    }

    /// Vacuums and analyzes every table the store reads now, whatever the schedule says: for
    /// data written around the store, or before measuring. Throws ``BookStoreError``.
    ///
    /// ```swift
    /// try await store.database.execute("COPY books FROM …")
    /// try await store.vacuumAndAnalyze()
    /// ```
    public func vacuumAndAnalyze() async throws {
        try await storeWork {
            for table in Self.maintainedTables {
                _ = try await run(MaintenanceSchedule.Work(table: table, analyzes: true))
            }
        }
    }

    /// The columns of `books` the import's matching looks up, all a deferring import analyzes:
    /// the statistics of `search` (every word counted) and of the `jsonb` columns made each
    /// `ANALYZE` of the whole table cost 1.2 s at 100,000 books, under load, and only the index
    /// build at the end needs them (see ``rebuildDeferredIndexes(in:)``). Any `ANALYZE` updates
    /// the table's size too.
    static let matchedColumns = ["id", "isbn13", "isbn10", "match_key"]

    /// Runs `work` and returns the table's size as the statistics now say.
    private func run(_ work: MaintenanceSchedule.Work) async throws -> Int {
        precondition(Self.maintainedTables.contains(work.table), "not a store table: \(work.table)")
        // The table name is one of the store's own (checked above), never caller text; VACUUM
        // takes no parameters. It cannot run in a transaction, and this runs outside any.
        if work.vacuums {
            try await database.execute(work.analyzes ? "VACUUM (ANALYZE) \(work.table)" : "VACUUM \(work.table)")
        } else {
            try await database.execute("ANALYZE \(work.table) (\(Self.matchedColumns.joined(separator: ", ")))")
        }
        let rows = try await database.query(
            "SELECT reltuples::int8 FROM pg_class WHERE oid = $1::regclass", [.text(work.table)]
        ) { row in try row.int(0) }
        return rows.first ?? 0
    }
}
