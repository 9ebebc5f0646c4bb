import BookCatalog
import Testing

@testable import BookStorage

/// When the PostgreSQL store vacuums and analyzes after its own writes, without a server.
@Suite("Maintenance schedule", .timeLimit(.minutes(10)))
struct MaintenanceScheduleTests {
    @Test func smallWritesCostNothingUntilTheyAddUp() {
        var schedule = MaintenanceSchedule()
        let first = schedule.record(400, in: "books")
        let second = schedule.record(500, in: "books")
        #expect(first == nil && second == nil)
        let work = schedule.record(100, in: "books")
        #expect(work == MaintenanceSchedule.Work(table: "books", analyzes: true))
    }

    @Test func vacuumFollowsATenthOfTheTableAndAnalyzeHalf() throws {
        var schedule = MaintenanceSchedule()
        let recorded = schedule.record(20_000, in: "books")
        let first = try #require(recorded)
        schedule.finish(first, tableRows: 20_000)
        let early = schedule.record(1_500, in: "books")
        #expect(early == nil)
        let due = schedule.record(500, in: "books")  // 2,000 rows: a tenth
        let vacuum = try #require(due)
        #expect(!vacuum.analyzes)
        schedule.finish(vacuum, tableRows: 22_000)
        var analyzed = false
        for _ in 0..<5 {  // 11,000 more rows: half of 22,000 since the last analyze
            if let work = schedule.record(2_200, in: "books") {
                analyzed = analyzed || work.analyzes
                schedule.finish(work, tableRows: 22_000)
            }
        }
        #expect(analyzed)
    }

    @Test func tablesAreCountedApartAndRunningWorkIsNotStartedTwice() throws {
        var schedule = MaintenanceSchedule()
        let recorded = schedule.record(5_000, in: "books")
        let books = try #require(recorded)
        let whileRunning = schedule.record(5_000, in: "books")
        #expect(whileRunning == nil)
        let relations = schedule.record(5_000, in: "relations")
        #expect(relations?.table == "relations")
        schedule.finish(books, tableRows: nil)  // failed: waits for the next threshold
        let again = schedule.record(5_000, in: "books")
        #expect(again != nil)
    }

    /// While an import defers the search indexes, only `ANALYZE` runs, at half the table as
    /// before; the rows stay counted, and the first write after vacuums for all of them.
    @Test func postponedVacuumsAnalyzeOnlyAndVacuumOnceAfter() throws {
        var schedule = MaintenanceSchedule()
        let recorded = schedule.record(10_000, in: "books", postponingVacuum: true)
        let first = try #require(recorded)
        #expect(first == MaintenanceSchedule.Work(table: "books", analyzes: true, vacuums: false))
        schedule.finish(first, tableRows: 10_000)
        let tenth = schedule.record(4_000, in: "books", postponingVacuum: true)  // a vacuum's share, not analyze's
        #expect(tenth == nil)
        let half = schedule.record(1_000, in: "books", postponingVacuum: true)
        let analyze = try #require(half)
        #expect(!analyze.vacuums && analyze.analyzes)
        schedule.finish(analyze, tableRows: 15_000)
        // 15,000 rows since the last vacuum (none yet), far past a tenth: the first write after.
        let after = schedule.record(1, in: "books")
        let vacuum = try #require(after)
        #expect(vacuum.vacuums && !vacuum.analyzes)
    }
}
