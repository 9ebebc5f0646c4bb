import Foundation
import ScoutTestSupport
import Testing

@testable import HTTPServer

@Suite("Access-log timestamps", .timeLimit(.minutes(10)))
struct LogTimestampTests {
    @Test(
        "RFC 3339 in UTC with milliseconds, leap days and dates before 1970 included",
        arguments: [
            (Int64(0), "1970-01-01T00:00:00.000Z"),
            (1_796_320_606_123, "2026-12-03T17:56:46.123Z"),
            (951_782_400_000, "2000-02-29T00:00:00.000Z"),
            (4_107_542_399_999, "2100-02-28T23:59:59.999Z"),
            (-1, "1969-12-31T23:59:59.999Z"),
        ])
    func format(milliseconds: Int64, expected: String) {
        #expect(LogTimestamp.format(millisecondsSince1970: milliseconds) == expected)
    }

    @Test("the time is the start plus what the injected clock ran")
    func readsTheClock() {
        let clock = ManualClock()
        let stamp = LogTimestamp(clock: clock, startingAt: Date(timeIntervalSince1970: 1_796_320_606.123))
        #expect(stamp.now() == "2026-12-03T17:56:46.123Z")
        clock.advance(by: .milliseconds(1_001))
        #expect(stamp.now() == "2026-12-03T17:56:47.124Z")
    }
}
