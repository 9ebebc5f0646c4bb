import BookCatalog
import BookStorage
import Foundation
import ScoutTestSupport

/// Runs `body` with a store in a fresh SQLite file that is removed afterwards.
@discardableResult
func withTemporaryStore<T>(_ body: (SQLiteBookStore) async throws -> T) async throws -> T {
    try await withTemporaryDirectory(prefix: "scout-books") { directory in
        try await body(try await SQLiteBookStore(path: directory.appendingPathComponent("books.sqlite").path))
    }
}
