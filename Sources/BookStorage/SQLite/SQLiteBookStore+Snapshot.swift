import BookCatalog
import SQLite

extension SQLiteBookStore: BackupPaging {
    /// ``BackupPaging/readingSnapshot(_:)``: a second connection to the file, in a read
    /// transaction that its first read starts. In WAL mode a reader's snapshot never blocks a
    /// writer, and no writer changes what it reads; the write-ahead log cannot be checkpointed
    /// past it meanwhile, so it grows with what is written until the snapshot ends. An in-memory
    /// catalog is its one connection, which another cannot open: it is read through it, a page
    /// at a time, as it stands at each page.
    public func readingSnapshot<T>(_ body: (any BackupPages) async throws -> T) async throws -> T {
        guard let file = database.file else {
            return try await body(CatalogSnapshot<SQLiteBookStore>(database: database))
        }
        let connection = try await storeWork { try await Database(path: file, creating: false) }
        let pages = CatalogSnapshot<SQLiteBookStore>(database: connection)
        try await storeWork { try await connection.execute("BEGIN") }
        // Any read starts the snapshot; this one reads a row.
        _ = try await pages.catalogGeneration()
        let result = try await body(pages)
        // Closing would end it as well; a failure of `body` leaves that to the connection's release.
        try await storeWork { try await connection.execute("COMMIT") }
        return result
    }
}
