import BookCatalog
import Postgres

// A reading server's candidate index through another process's bulk import (IndexHold.swift),
// and the search indexes of an import that died (PostgresBookStore+DeferredIndexes.swift).
//
// The import lock is a session-level advisory lock: a deferring batch takes it on the importer's
// connection (it outlives the batch's transaction) and the last batch's rebuild gives it back.
// PostgreSQL drops a session's locks when the session ends, so an importer killed with `kill -9`,
// its backend terminated, or its connection lost, holds nothing: a reader that then finds the
// mark set and the lock free knows that the import died.
//
// Its key is two integers: "scim" (0x7363696D) and the oid of this schema's `deferred_indexes`
// table, so catalogs in several schemas of one database never see each other's imports; anyone
// who may connect to the database may take it, which only makes readers of that catalog keep
// their last index a while longer (every hit still checked), never wrong (docs/SECURITY.md).
extension PostgresBookStore: BulkImportAware {
    /// Whether an import, alive now, defers this catalog's search indexes: the mark set and the
    /// import lock held by a session (another process's, or this store's own). False for a
    /// killed import's mark, which ``finishAbandonedImport()`` or the next write builds on.
    ///
    /// ```swift
    /// if try await store.isBulkImportLive() { print("an import is writing in bulk") }
    /// ```
    public func isBulkImportLive() async throws -> Bool {
        try await holds("\(Self.isMarkedSQL) AND \(Self.importLockHeldSQL(bySession: false))")
    }

    /// Builds the search indexes an import deferred and left behind when it died (the mark set,
    /// the import lock free), so searches need not scan `books` until the next write; returns
    /// whether it built them. `scout serve` calls it as it starts, in the background.
    ///
    /// The build runs on a connection of its own, so this store's searches go on meanwhile (by
    /// scans, slower, as during the import), under the writer lock, so two processes never both
    /// build, and an import waits for it; the mark and the lock are looked at again under it.
    ///
    /// ```swift
    /// if try await store.finishAbandonedImport() { print("search indexes built") }
    /// ```
    public func finishAbandonedImport() async throws -> Bool {
        let isAbandoned = try await holds("\(Self.isMarkedSQL) AND NOT \(Self.importLockHeldSQL(bySession: false))")
        guard isAbandoned else { return false }
        return try await storeWork {
            let builder = try await PostgresDatabase(url: database.url, settings: Self.sessionSettings)
            return try await builder.transaction { tx in
                try Self.lockCatalog(tx)
                guard try Self.areIndexesDeferred(in: tx), try !Self.isImportLockHeld(in: tx) else { return false }
                try Self.rebuildDeferredIndexes(in: tx)
                return true
            }
        }
    }

    /// Whether the search indexes are deferred now: an import into an empty catalog dropped them
    /// and has not built them yet, whether it is alive (``isBulkImportLive()``) or dead.
    ///
    /// ```swift
    /// if try await store.areSearchIndexesDeferred() { print("searches scan books until the build") }
    /// ```
    public func areSearchIndexesDeferred() async throws -> Bool {
        try await holds(Self.isMarkedSQL)
    }

    /// Whether the SQL condition `condition` holds now.
    private func holds(_ condition: String) async throws -> Bool {
        try await storeWork { try await database.query("SELECT \(condition)") { try $0.bool(0) }.first ?? false }
    }

    /// The first key of the import lock: "scim" as four ASCII bytes.
    static let importLockClass: Int32 = 0x7363_696D

    /// The lock's two keys, as SQL: the class and this schema's `deferred_indexes` oid.
    private static let importLockKeys = "\(importLockClass), 'deferred_indexes'::regclass::oid::int4"

    /// Whether a session (with `bySession`, the one running the statement) holds the lock now,
    /// as an SQL condition; `pg_locks` shows it as an advisory lock of the two-key form
    /// (`objsubid` 2) in this database.
    private static func importLockHeldSQL(bySession: Bool) -> String {
        """
        EXISTS (SELECT FROM pg_locks WHERE locktype = 'advisory' AND granted
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
            AND classid = \(importLockClass)::oid AND objid = 'deferred_indexes'::regclass::oid AND objsubid = 2
            \(bySession ? "AND pid = pg_backend_pid()" : ""))
        """
    }

    /// Whether any session holds the import lock now, as `tx` sees it.
    static func isImportLockHeld(in tx: borrowing PostgresTransaction) throws -> Bool {
        try tx.query("SELECT \(importLockHeldSQL(bySession: false))") { try $0.bool(0) }.first ?? false
    }

    /// Takes the import lock for `tx`'s session unless it holds it already, without waiting:
    /// another importer holding it already says an import is live. Taken once, so the one
    /// unlock of ``releaseImportLock(in:)`` gives it back.
    static func holdImportLock(in tx: borrowing PostgresTransaction) throws {
        _ = try tx.query(
            "SELECT pg_try_advisory_lock(\(importLockKeys)) WHERE NOT \(importLockHeldSQL(bySession: true))"
        ) { try $0.bool(0) }
    }

    /// Gives back the import lock if `tx`'s session holds it. Not transactional: given back
    /// even if `tx` rolls back, which leaves the mark with no live importer, as a killed import
    /// does, and is handled so.
    static func releaseImportLock(in tx: borrowing PostgresTransaction) throws {
        _ = try tx.query("SELECT pg_advisory_unlock(\(importLockKeys)) WHERE \(importLockHeldSQL(bySession: true))") {
            try $0.bool(0)
        }
    }
}
