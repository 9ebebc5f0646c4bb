import BookCatalog

/// When the PostgreSQL store vacuums and analyzes a table after its own writes: pure
/// bookkeeping, so the rule is tested without a server.
///
/// Autovacuum gets there too, but up to a minute later, and the first searches after an import
/// cannot wait: without statistics the planner joined `relations` to every book (8 ms instead of
/// 0.2), without `VACUUM` new rows are not marked all-visible, so walking `books_by_rank` visits
/// the table after all, and the GIN index's pending list of new entries is read through by every
/// search until a vacuum merges it. (A vacuum right after a commit may leave that commit's pages
/// unmarked — seen with `synchronous_commit = off` — and the next one marks them.)
///
/// `VACUUM` only visits pages changed since the last one, so it runs often: once rows written
/// reach a tenth of the table. `ANALYZE` reads a fixed sample (30,000 rows) however little
/// changed, so it runs when the writes reach half the table, a few dozen times over any import.
/// Both wait for ``minimumRows`` first, so small writes cost nothing.
///
/// ```swift
/// var schedule = MaintenanceSchedule()
/// if let work = schedule.record(5000, in: "books") {
///     // run `VACUUM` (with ANALYZE when work.analyzes), then:
///     schedule.finish(work, tableRows: rowsNow)
/// }
/// ```
struct MaintenanceSchedule: Sendable {
    /// What to run on one table.
    struct Work: Sendable, Equatable {
        let table: String
        /// Whether statistics are due too (`VACUUM (ANALYZE)` rather than `VACUUM`).
        let analyzes: Bool
        /// Whether the table is vacuumed; `false`: `ANALYZE` alone (see ``record(_:in:postponingVacuum:)``).
        var vacuums = true
    }

    /// Rows written before any maintenance: below this, autovacuum keeps up.
    static let minimumRows = 1000
    /// The share of the table written that calls for `VACUUM`.
    static let vacuumShare = 0.1
    /// The share of the table written that calls for `ANALYZE`.
    static let analyzeShare = 0.5

    private struct TableState {
        var sinceVacuum = 0
        var sinceAnalyze = 0
        /// The table's size when last maintained (0 before: this process has not seen it).
        var rows = 0
        var isRunning = false
    }

    private var tables: [String: TableState] = [:]

    /// Counts `rows` written to `table` and returns the work now due, if any; the caller runs it
    /// and then calls ``finish(_:tableRows:)``. Nothing is due for a table while its work runs,
    /// so concurrent writers do not vacuum twice.
    ///
    /// `postponingVacuum` while an import defers the search indexes (see
    /// ``PostgresBookStore/deferredIndexesMigration``): what `VACUUM` is for here (pages marked
    /// all-visible for `books_by_rank`, the GIN index's pending list merged) waits for them, and
    /// its scans of the GIN index cost most of it, so only `ANALYZE` runs, of the columns the
    /// import's matching needs; the rows written stay counted, and the first write after the
    /// build vacuums.
    mutating func record(_ rows: Int, in table: String, postponingVacuum: Bool = false) -> Work? {
        var state = tables[table] ?? TableState()
        defer { tables[table] = state }
        state.sinceVacuum += max(rows, 0)
        state.sinceAnalyze += max(rows, 0)
        if postponingVacuum {
            guard !state.isRunning, state.sinceAnalyze >= threshold(Self.analyzeShare, of: state.rows) else {
                return nil
            }
            state.isRunning = true
            state.sinceAnalyze = 0
            return Work(table: table, analyzes: true, vacuums: false)
        }
        guard !state.isRunning, state.sinceVacuum >= threshold(Self.vacuumShare, of: state.rows) else { return nil }
        let analyzes = state.sinceAnalyze >= threshold(Self.analyzeShare, of: state.rows)
        state.isRunning = true
        state.sinceVacuum = 0
        if analyzes { state.sinceAnalyze = 0 }
        return Work(table: table, analyzes: analyzes)
    }

    /// Records that `work` ended with the table holding about `tableRows` rows; `nil` when it
    /// failed, which is not retried before the next threshold (autovacuum still comes).
    mutating func finish(_ work: Work, tableRows: Int?) {
        var state = tables[work.table] ?? TableState()
        state.isRunning = false
        if let tableRows { state.rows = max(tableRows, 0) }
        tables[work.table] = state
    }

    private func threshold(_ share: Double, of rows: Int) -> Int {
        max(Self.minimumRows, Int(share * Double(rows)))
    }
}
