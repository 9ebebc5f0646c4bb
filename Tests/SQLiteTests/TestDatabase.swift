import Foundation
import SQLite
import ScoutTestSupport

/// Opens a fresh database file in a temporary directory, runs `body`, and removes everything.
func withTemporaryDatabase<T>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: (Database, URL) async throws -> T
) async throws -> T {
    try await withTemporaryDirectory(prefix: "scout-sqlite") { directory in
        let db = try await Database(path: directory.appendingPathComponent("test.sqlite").path)
        return try await body(db, directory)
    }
}

/// The number of open file descriptors of this process.
func openFileDescriptorCount() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
}
