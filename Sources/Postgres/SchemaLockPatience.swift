import Synchronization

/// How long a schema change waits for tables other sessions are reading, and how it waits.
///
/// A statement that must hold a table alone (`ALTER TABLE`, `DROP INDEX`, `LOCK TABLE … IN ACCESS
/// EXCLUSIVE MODE`) waits for every transaction reading it: a long report or export holds its
/// read locks for minutes. And while it waits, PostgreSQL queues every later reader of the table
/// behind it. So a patient change asks for its tables with a short `lock_timeout`: readers wait
/// at most ``attemptTimeout`` for it, short reads end within it and the change goes on; a long
/// one makes it let go, pause for ``pause`` while readers read, and try again, up to
/// ``attempts`` times, before it gives up. ``onWait`` hears, once, when a change starts waiting:
/// a command shows it, lest it seem to hang. See
/// ``PostgresTransaction/tryPatiently(_:noticeWhenWaiting:_:)`` and
/// ``PostgresDatabase/migrate(_:patience:waitNotice:)``.
///
/// ```swift
/// let patience = SchemaLockPatience(attemptTimeout: .milliseconds(50), onWait: { print($0) })
/// try await db.migrate(migrations, patience: patience)
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
    /// (11 minutes), while readers wait at most 100 ms once a second meanwhile.
    public static let standard = SchemaLockPatience(attemptTimeout: .milliseconds(100))

    /// The longest the change waits in all, in words, for notices and errors: "55 minutes", "150 ms".
    public var longestWait: String {
        let milliseconds = (attemptTimeout.milliseconds + pause.milliseconds) * Int64(max(attempts, 1))
        return milliseconds >= 120_000 ? "\(milliseconds / 60_000) minutes" : "\(milliseconds) ms"
    }
}

extension SchemaLockPatience {
    /// This patience with `onWait` told at most once, however many changes wait with it.
    func tellingOnce() -> SchemaLockPatience {
        guard let onWait else { return self }
        let told = OnceFlag()
        var once = self
        once.onWait = { notice in if told.claim() { onWait(notice) } }
        return once
    }
}

/// A flag set once: the first ``claim()`` gets true, every later one false.
private final class OnceFlag: Sendable {
    private let claimed = Mutex(false)

    func claim() -> Bool {
        claimed.withLock { claimed in
            defer { claimed = true }
            return !claimed
        }
    }
}

extension Duration {
    /// Whole milliseconds, at least 1 for a positive duration: what `lock_timeout` and `pg_sleep` are given.
    fileprivate var milliseconds: Int64 {
        guard self > .zero else { return 0 }
        return max(1, components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000)
    }
}

extension Connection {
    /// Runs `body` in a savepoint of the open transaction with `lock_timeout` set to the
    /// patience's attempt; when a lock wait of it times out, rolls back to the savepoint (the
    /// transaction's earlier work stays), pauses holding nothing `body` took, and runs it again,
    /// as ``SchemaLockPatience`` says. Returns false when every attempt timed out; throws any
    /// other error of `body`'s. `notice` is told to `onWait` after the first attempt that timed out.
    func tryPatiently(_ patience: SchemaLockPatience, notice: () -> String, _ body: () throws -> Void) throws -> Bool {
        let timeout = max(patience.attemptTimeout.milliseconds, 1)
        _ = try run("SELECT set_config('lock_timeout', $1, true)", [.text("\(timeout)ms")])
        let attempts = max(patience.attempts, 1)
        for attempt in 1...attempts {
            try executeScript("SAVEPOINT patient_change")
            do {
                try body()
                try executeScript("RELEASE SAVEPOINT patient_change; SET LOCAL lock_timeout TO DEFAULT")
                return true
            } catch let error as PostgresError where error.kind == .lockNotAvailable {
                try executeScript("ROLLBACK TO SAVEPOINT patient_change")
                if attempt == 1 { patience.onWait?(notice()) }
            }
            // The server waits, holding none of the tables: their readers go on meanwhile.
            if patience.pause > .zero, attempt < attempts {
                _ = try run("SELECT pg_sleep($1::int8 / 1000.0)", [.integer(patience.pause.milliseconds)])
            }
        }
        try executeScript("SET LOCAL lock_timeout TO DEFAULT")
        return false
    }
}

extension PostgresTransaction {
    /// Runs `body`, a schema change of this transaction, as ``SchemaLockPatience`` says: each
    /// attempt in a savepoint under a short `lock_timeout`, rolled back and tried again after a
    /// pause when a table it needs stays held, so the table's other readers never queue behind it
    /// for long. Returns false when every attempt timed out, the transaction's earlier work
    /// intact; throws any other error of `body`'s. `noticeWhenWaiting` is told to `onWait` once,
    /// after the first attempt that timed out.
    ///
    /// ```swift
    /// let dropped = try tx.tryPatiently(.standard, noticeWhenWaiting: "Waiting for readers of items.") { tx in
    ///     try tx.execute("DROP INDEX items_by_name")
    /// }
    /// ```
    public func tryPatiently(
        _ patience: SchemaLockPatience, noticeWhenWaiting notice: @autoclosure () -> String,
        _ body: (borrowing PostgresTransaction) throws -> Void
    ) throws -> Bool {
        let connection = connection
        return try connection.tryPatiently(patience, notice: notice) {
            try body(PostgresTransaction(connection: connection))
        }
    }
}
