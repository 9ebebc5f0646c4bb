import BookCatalog
import SQLite

extension SQLiteBookStore {
    /// `PRAGMA integrity_check` and `PRAGMA foreign_key_check`, as sentences; empty when sound.
    public func integrityProblems() async throws -> [String] {
        try await storeWork {
            let integrity = try await database.query("PRAGMA integrity_check") { row in try row.string(0) }
            let foreignKeys = try await database.query("PRAGMA foreign_key_check") { row in
                "a row of \(try row.string(0)) refers to a missing row of \(try row.string(2))"
            }
            return integrity.filter { $0 != "ok" } + foreignKeys
        }
    }
}
