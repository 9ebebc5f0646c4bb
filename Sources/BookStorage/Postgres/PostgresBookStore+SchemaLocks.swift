import BookCatalog
import Postgres

/// How long a schema change of the store's own waits for tables it must hold alone, and how it
/// waits (issue #37).
///
/// A full relation swap drops `relations` (which takes `books` alone too, to remove its foreign
/// keys' triggers there) and an import into an empty catalog drops indexes of `books`. Such a
/// statement waits for every transaction reading the table: an export's snapshot holds its read
/// locks for minutes. And while it waits, PostgreSQL queues every later reader of the table
/// behind it, `scout serve`'s searches included. So the store asks for the tables with a short
/// `lock_timeout`: readers wait at most ``attemptTimeout`` for it, short reads end within it
/// and the change goes on; a long one makes it let go, pause for ``pause`` while readers read,
/// and try again, up to ``attempts`` times, before it gives up saying why. ``onWait`` hears,
/// once, when a change starts waiting: a command shows it, lest it seem to hang.
///
/// ```swift
/// let store = try await PostgresBookStore(
///     database: database, schemaLockPatience: SchemaLockPatience(attemptTimeout: .milliseconds(50)))
/// ```
public struct SchemaLockPatience: Sendable {
    /// How long readers may queue behind one attempt.
    public var attemptTimeout: Duration
    /// How long the change waits between attempts, holding nothing its readers need.
    public var pause: Duration
    /// How many attempts before the change gives up; at least one is made.
    public var attempts: Int
    /// Told once, in a sentence, when a change's first attempt finds its tables held.
    public var onWait: (@Sendable (String) -> Void)?

    /// Each attempt `attemptTimeout`, `pause` between, `attempts` in all; `onWait` told when one waits.
    public init(
        attemptTimeout: Duration, pause: Duration = .seconds(1), attempts: Int = 3300,
        onWait: (@Sendable (String) -> Void)? = nil
    ) {
        self.attemptTimeout = attemptTimeout
        self.pause = pause
        self.attempts = attempts
        self.onWait = onWait
    }

    /// About an hour of attempts of 100 ms a second: longer than an export of ten million books
    /// (11 minutes), while searches wait at most 100 ms once a second meanwhile.
    public static let standard = SchemaLockPatience(attemptTimeout: .milliseconds(100))

    /// The longest the change waits in all, in words, for its error.
    var longestWait: String {
        let milliseconds = (attemptTimeout.milliseconds + pause.milliseconds) * Int64(max(attempts, 1))
        return milliseconds >= 120_000 ? "\(milliseconds / 60_000) minutes" : "\(milliseconds) ms"
    }
}

extension Duration {
    /// Whole milliseconds, at least 1 for a positive duration: what `lock_timeout` and `pg_sleep` are given.
    fileprivate var milliseconds: Int64 {
        guard self > .zero else { return 0 }
        return max(1, components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000)
    }
}

extension PostgresBookStore {
    /// Takes `tables` (the store's own names, never caller text) in `ACCESS EXCLUSIVE` mode in
    /// `tx` as ``SchemaLockPatience`` says, to `change` (what for, as in "replace the relations");
    /// throws ``BookStoreError`` (busy) when another session held them through every attempt,
    /// and the transaction then rolls back whole.
    static func lockAlone(
        _ tables: [String], to change: String, patience: SchemaLockPatience, in tx: borrowing PostgresTransaction
    ) throws {
        let list = tables.joined(separator: ", ")
        let named = tables.joined(separator: " and ")
        let timeout = max(patience.attemptTimeout.milliseconds, 1)
        try tx.execute("SELECT set_config('lock_timeout', $1, true)", [.text("\(timeout)ms")])
        for attempt in 1...max(patience.attempts, 1) {
            // A failed attempt aborts only what follows the savepoint: the transaction's work stays.
            try tx.execute("SAVEPOINT lock_alone")
            do {
                try tx.execute("LOCK TABLE \(list) IN ACCESS EXCLUSIVE MODE")
                try tx.execute("RELEASE SAVEPOINT lock_alone")
                try tx.execute("SET LOCAL lock_timeout TO DEFAULT")
                return
            } catch let error as PostgresError where error.sqlState == lockNotAvailable {
                try tx.execute("ROLLBACK TO SAVEPOINT lock_alone")
                if attempt == 1 {
                    patience.onWait?(
                        "Another session is reading \(named): waiting up to \(patience.longestWait) for it, to "
                            + "\(change) (searches go on meanwhile). \(holder)")
                }
            }
            // The server waits, holding none of the tables: their readers go on meanwhile.
            if patience.pause > .zero, attempt < patience.attempts {
                try tx.execute("SELECT pg_sleep($1::int8 / 1000.0)", [.integer(patience.pause.milliseconds)])
            }
        }
        throw BookStoreError(
            kind: .busy, database: .postgres,
            description:
                "Another session kept reading \(named) for \(patience.longestWait), so Scout could not \(change); "
                + "nothing was written. \(holder) Run the command again after it ends.")
    }

    /// Who holds a table in use for long, and where to look.
    private static let holder = "A `scout books export` or another long query holds them (see pg_stat_activity)."

    /// The SQLSTATE of a lock not granted within `lock_timeout`.
    private static let lockNotAvailable = "55P03"
}
