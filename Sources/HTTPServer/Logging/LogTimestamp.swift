import Foundation

/// The time at the start of each access-log line: RFC 3339 in UTC with milliseconds,
/// `2026-12-03T17:56:46.123Z`, read from a clock the log is given.
///
/// The wall time is the date the log started at plus the time its clock has run since, so a
/// test that gives a `ManualClock` and a fixed date gets exact lines, and a clock that never
/// jumps (`ContinuousClock`) keeps the lines in order even when the system's time is set back.
///
/// ```swift
/// let stamp = LogTimestamp(clock: ManualClock(), startingAt: Date(timeIntervalSince1970: 0))
/// stamp.now()   // "1970-01-01T00:00:00.000Z"
/// ```
struct LogTimestamp: Sendable {
    /// Milliseconds since 1970 on the wall clock.
    let milliseconds: @Sendable () -> Int64

    init<C: Clock>(clock: C, startingAt start: Date) where C.Duration == Duration {
        let origin = clock.now
        let startMilliseconds = Int64((start.timeIntervalSince1970 * 1000).rounded())
        milliseconds = {
            let elapsed = origin.duration(to: clock.now)
            return startMilliseconds + elapsed.components.seconds * 1000
                + elapsed.components.attoseconds / 1_000_000_000_000_000
        }
    }

    /// The current time as RFC 3339.
    func now() -> String { Self.format(millisecondsSince1970: milliseconds()) }

    /// RFC 3339 in UTC for a count of milliseconds since 1970. Written out by hand because it
    /// runs for every request, where a `DateFormatter` showed in profiles of other servers.
    static func format(millisecondsSince1970 value: Int64) -> String {
        let (days, dayMilliseconds) = value.quotientAndRemainder(dividingBy: 86_400_000)
        let (day, millisecond) =
            dayMilliseconds < 0 ? (days - 1, dayMilliseconds + 86_400_000) : (days, dayMilliseconds)
        let (year, month, dayOfMonth) = civilDate(daysSince1970: day)
        let seconds = millisecond / 1000
        var text = padded(year, 4) + "-" + padded(month, 2) + "-" + padded(dayOfMonth, 2)
        text += "T" + padded(seconds / 3600, 2) + ":" + padded(seconds / 60 % 60, 2) + ":" + padded(seconds % 60, 2)
        return text + "." + padded(millisecond % 1000, 3) + "Z"
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's
    /// `civil_from_days`): no calendar object, no allocation.
    static func civilDate(daysSince1970: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = daysSince1970 + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
