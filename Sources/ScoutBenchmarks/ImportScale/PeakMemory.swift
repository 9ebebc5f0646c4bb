import Foundation

/// Peak resident memory as Linux keeps it: this process's high-water mark (`VmHWM`), which
/// ``resetPeak()`` lowers to the current level so each phase of a benchmark gets its own peak,
/// and its CPU time. (A child's peak cannot be read here: `getrusage` counts a spawned child from
/// the parent's size at the fork; tantivy's script reports its own.)
enum PeakMemory {
    /// Sets this process's high-water mark back to its current resident size (writing 5 to
    /// `/proc/self/clear_refs`); without that file the peak stays the process's whole life's.
    static func resetPeak() {
        try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
    }

    /// This process's peak resident bytes since the last ``resetPeak()``, or `nil` off Linux.
    static func ownPeakBytes() -> Int? { ProcStatus.bytes("VmHWM") }

    /// CPU time (user and system) this process has used so far: on a machine shared with other
    /// work, the measure that wall time is not.
    static func ownCPUTime() -> Duration { cpuTime(of: RUSAGE_SELF) }

    /// CPU time (user and system) of this process's children that have ended and been waited
    /// for: a bulk loader run as a child (``BulkLoaderReference``) is measured as the difference.
    static func childrenCPUTime() -> Duration { cpuTime(of: RUSAGE_CHILDREN) }

    private static func cpuTime(of who: __rusage_who) -> Duration {
        var usage = rusage()
        getrusage(who.rawValue, &usage)
        func duration(_ time: timeval) -> Duration { .seconds(time.tv_sec) + .microseconds(time.tv_usec) }
        return duration(usage.ru_utime) + duration(usage.ru_stime)
    }

    /// `bytes` as MB with no decimals, or "?" when unknown: `"549 MB"`.
    static func label(_ bytes: Int?) -> String {
        bytes.map { "\($0 / 1_000_000) MB" } ?? "?"
    }
}
