import BookCatalog
import Postgres

extension PostgresBookStore {
    /// Every book, by id, handed to `body` in chunks of ``integrityChunkSize``: how the passes
    /// over a whole catalog (re-indexing, refreshing keys, checking integrity) read it without
    /// holding a million books at once. Each chunk is its own read, so writers wait seconds, not
    /// the pass.
    ///
    /// ```swift
    /// try await forEachChunkOfBooks { chunk in print(chunk.count) }
    /// ```
    func forEachChunkOfBooks(_ body: ([Book]) async throws -> Void) async throws {
        var lastID: Int64 = 0
        while true {
            let chunk = try await database.query(
                "SELECT \(Self.selectColumns) FROM books WHERE id > $1 ORDER BY id LIMIT $2",
                [.integer(lastID), .integer(Int64(Self.integrityChunkSize))], Self.book(from:))
            guard let last = chunk.last else { return }
            lastID = last.id
            try await body(chunk)
        }
    }
}
