import BookCatalog
import Postgres

/// The store's own schema changes beside long readers (issue #37).
///
/// A full relation swap drops `relations` (which takes `books` alone too, to remove its foreign
/// keys' triggers there), an import into an empty catalog drops indexes of `books`, and a
/// migration at open may alter `books`. Such a statement waits for every transaction reading the
/// table: an export's snapshot holds its read locks for minutes. And while it waits, PostgreSQL
/// queues every later reader of the table behind it, `scout serve`'s searches included. So each
/// takes its tables as the store's ``SchemaLockPatience`` says: in short attempts, pausing
/// between them while readers read.
extension PostgresBookStore {
    /// Takes `tables` (the store's own names, never caller text) in `ACCESS EXCLUSIVE` mode in
    /// `tx` as ``SchemaLockPatience`` says, to `change` (what for, as in "replace the relations");
    /// throws ``BookStoreError`` (busy) when another session held them through every attempt,
    /// and the transaction then rolls back whole.
    static func lockAlone(
        _ tables: [String], to change: String, patience: SchemaLockPatience, in tx: borrowing PostgresTransaction
    ) throws {
        let named = tables.joined(separator: " and ")
        let notice = waitNotice(reading: named, to: change, patience)
        let locked = try tx.tryPatiently(patience, noticeWhenWaiting: notice) {
            try $0.execute("LOCK TABLE \(tables.joined(separator: ", ")) IN ACCESS EXCLUSIVE MODE")
        }
        guard locked else { throw busy(reading: named, to: change, patience, leaving: "nothing was written") }
    }

    /// Migrates `database` to ``migrations`` as `patience` says: an upgrade that alters `books`
    /// beside an export waits for it in short attempts, so searches go on meanwhile. Throws
    /// ``BookStoreError`` (busy) when the export outlasts the patience, the schema left at the
    /// last version applied.
    static func migrate(_ database: PostgresDatabase, patience: SchemaLockPatience) async throws {
        let change = "bring the catalog's schema up to date"
        do {
            // Told as Scout's other changes tell it, with the likely cause, not the version that waits.
            try await database.migrate(
                migrations, patience: patience,
                waitNotice: waitNotice(reading: "the catalog's tables", to: change, patience))
        } catch let error as PostgresError where error.kind == .lockNotAvailable {
            throw busy(
                reading: "the catalog's tables", to: change, patience,
                leaving: "no upgrade step was left half done")
        }
    }

    /// What `onWait` is told when a change to `change` finds `tables` (in words) held.
    private static func waitNotice(reading tables: String, to change: String, _ patience: SchemaLockPatience)
        -> String
    {
        "Another session is reading \(tables): waiting up to \(patience.longestWait) for it, to \(change) "
            + "(searches go on meanwhile). \(holder)"
    }

    /// The error of a change to `change` that never got `tables` (in words), and left the catalog as `leaving` says.
    private static func busy(
        reading tables: String, to change: String, _ patience: SchemaLockPatience, leaving outcome: String
    ) -> BookStoreError {
        BookStoreError(
            kind: .busy, database: .postgres,
            description:
                "Another session kept reading \(tables) for \(patience.longestWait), so Scout could not \(change); "
                + "\(outcome). \(holder) Run the command again after it ends.")
    }

    /// Who holds a table in use for long, and where to look.
    private static let holder = "A `scout books export` or another long query holds them (see pg_stat_activity)."
}
