import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Postgres

/// `COPY … FROM STDIN` with rows made a part at a time, through
/// ``PostgresTransaction/copy(_:rowCount:partSize:columns:)``, against the server
/// `scripts/with-postgres.sh` starts: the parts cover the rows in order, each reaches the server
/// before the next is made (so the server stores it meanwhile), and a part of the wrong length
/// stores nothing.
@Suite(
    "PostgreSQL COPY in parts",
    .enabled(if: TestServer.url != nil, TestServer.missing),
    .timeLimit(.minutes(10)))
struct CopyPartsTests {
    let db: PostgresDatabase

    init() async throws {
        db = try await TestServer.connect()
        try await db.execute("CREATE TEMPORARY TABLE items (id bigint PRIMARY KEY, name text)")
    }

    private static let copyItems = "COPY items (id, name) FROM STDIN"

    /// The columns of rows `rows`: their numbers, and names with text COPY must escape.
    private static func columns(_ rows: Range<Int>) -> [PostgresValue] {
        [.integerArray(rows.map(Int64.init)), .textArray(rows.map { "item\t\($0)\n\\" })]
    }

    /// Every stored name, by id.
    private func names() async throws -> [String] {
        try await db.query("SELECT name FROM items ORDER BY id") { try $0.string(0) }
    }

    @Test func thePartsCoverTheRowsInOrder() async throws {
        let parts = Mutex<[Range<Int>]>([])
        let stored = try await db.transaction { tx in
            try tx.copy(Self.copyItems, rowCount: 1000, partSize: 7) { rows in
                parts.withLock { $0.append(rows) }
                return Self.columns(rows)
            }
        }
        let given = parts.withLock { $0 }
        #expect(stored == 1000)
        #expect(given.count == 143 && given.first == 0..<7 && given.last == 994..<1000)
        #expect(zip(given, given.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        #expect(try await names() == (0..<1000).map { "item\t\($0)\n\\" })
        // No rows, no part.
        let none = try await db.transaction { tx in
            try tx.copy(Self.copyItems, rowCount: 0, partSize: 7) { _ in
                Issue.record("a part of no rows was made")
                return []
            }
        }
        #expect(none == 0)
    }

    @Test func eachPartReachesTheServerBeforeTheNextIsMade() async throws {
        let watcher = try await TestServer.connect()
        let pid = try #require(try await db.query("SELECT pg_backend_pid()") { try $0.int64(0) }.first)
        let seen = Mutex<[Int64]>([])
        let stored = try await db.transaction { tx in
            try tx.copy(Self.copyItems, rowCount: 400, partSize: 100) { rows in
                // The rows the server has read so far: every earlier part's, however busy the
                // machine, once it gets to them (a bounded number of looks, no clock).
                if rows.lowerBound > 0 {
                    let read = Self.rowsRead(byCopyIn: pid, on: watcher, atLeast: Int64(rows.lowerBound))
                    seen.withLock { $0.append(read) }
                }
                return Self.columns(rows)
            }
        }
        #expect(stored == 400)
        #expect(seen.withLock { $0 } == [100, 200, 300])
    }

    @Test func aPartOfTheWrongLengthStoresNothing() async throws {
        await #expect(throws: PostgresError.self) {
            try await db.transaction { tx in
                try tx.copy(Self.copyItems, rowCount: 10, partSize: 4) { rows in
                    Self.columns(rows.lowerBound == 4 ? 4..<7 : rows)
                }
            }
        }
        #expect(try await names().isEmpty)
        // The connection is ready again.
        #expect(try await db.query("SELECT 1") { try $0.int(0) } == [1])
    }

    /// The rows the COPY of session `pid` has processed, read on `watcher` until they reach
    /// `atLeast` or 20,000 looks have been taken. Blocks: it runs inside a COPY's part, on the
    /// copying database's own queue, never on the concurrency pool that runs the looks.
    private static func rowsRead(byCopyIn pid: Int64, on watcher: PostgresDatabase, atLeast: Int64) -> Int64 {
        let done = DispatchSemaphore(value: 0)
        let read = Mutex<Int64>(-1)
        Task {
            defer { done.signal() }
            for _ in 0..<20_000 {
                let rows = try? await watcher.query(
                    "SELECT tuples_processed FROM pg_stat_progress_copy WHERE pid = $1", [.integer(pid)],
                    planning: .perCall
                ) { try $0.int64(0) }
                let now = rows?.first ?? -1
                read.withLock { $0 = now }
                if now >= atLeast { return }
            }
        }
        done.wait()
        return read.withLock { $0 }
    }
}
