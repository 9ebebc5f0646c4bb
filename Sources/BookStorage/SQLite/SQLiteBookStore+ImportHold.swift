import BookCatalog
import SQLite

// A reading server's candidate index through another process's bulk import (IndexHold.swift):
// the import is live when the deferred mark is set and its importer holds the import lock, the
// state in which ``withFreshSearchIndex(_:)`` answers from the frozen full-text index.
extension SQLiteBookStore: BulkImportAware {
    /// Whether an import, alive now, defers this catalog's full-text index: the stale mark set
    /// and the catalog's ``ImportLock`` held (by any process on the host, this one included).
    /// False for a killed import's mark, which the next search rebuilds on.
    ///
    /// ```swift
    /// if try await store.isBulkImportLive() { print("an import is writing in bulk") }
    /// ```
    public func isBulkImportLive() async throws -> Bool {
        try await storeWork {
            try await database.read { tx in
                try Self.isSearchIndexStale(in: tx) && Self.importLock(in: tx)?.isHeld() == true
            }
        }
    }
}
