/// A process's resident memory through a soak: read every 5 s, with the level at the baseline
/// time (after the first minute) kept apart from the last reading and the peak.
///
/// ```swift
/// let trace = await MemoryTrace.watch(pid: server.pid, baselineAt: start + .seconds(60), until: end)
/// trace.change(to: server.residentBytes ?? 0)   // 0.03: 3 % more than after minute 1
/// ```
struct MemoryTrace: Sendable {
    /// Bytes at the baseline time; nil when the process was gone by then.
    var baseline: Int?
    var peak = 0
    /// Whether a reading found the process gone.
    var lostProcess = false
    /// Every reading: time since the start, bytes.
    var samples: [(at: Duration, bytes: Int)] = []

    static func watch(
        pid: Int32, baselineAt: ContinuousClock.Instant, until end: ContinuousClock.Instant,
        every interval: Duration = .seconds(5)
    ) async -> MemoryTrace {
        let clock = ContinuousClock()
        let start = clock.now
        var trace = MemoryTrace()
        while clock.now < end {
            var next = min(clock.now + interval, end)
            if trace.baseline == nil { next = min(next, baselineAt) }
            try? await clock.sleep(until: next)
            guard let bytes = SoakServer.residentBytes(ofProcess: pid) else {
                trace.lostProcess = true
                break
            }
            trace.peak = max(trace.peak, bytes)
            trace.samples.append((start.duration(to: clock.now), bytes))
            if trace.baseline == nil, clock.now >= baselineAt { trace.baseline = bytes }
        }
        return trace
    }

    /// The relative change from the baseline to `bytes` (0.1 is 10 % more).
    func change(to bytes: Int) -> Double {
        guard let baseline, baseline > 0 else { return .infinity }
        return Double(bytes - baseline) / Double(baseline)
    }

    /// The readings nearest each whole minute (or each tenth of a shorter run), such as
    /// `1 min 46.3, 2 min 47.0, …` (MiB).
    var timeline: String {
        guard let last = samples.last?.at, last > .zero else { return "" }
        let step = last >= .seconds(120) ? Duration.seconds(60) : last / 10
        var marks: [String] = []
        var mark = step
        while mark <= last + .seconds(3) {
            if let sample = samples.min(by: { abs(($0.at - mark) / .seconds(1)) < abs(($1.at - mark) / .seconds(1)) }) {
                marks.append("\(SoakSettings.label(mark)) \((Double(sample.bytes) / 1_048_576).formatted(decimals: 1))")
            }
            mark += step
        }
        return marks.joined(separator: ", ") + " (MiB)"
    }

    /// Such as `41.2 MiB`.
    static func mebibytes(_ bytes: Int?) -> String {
        guard let bytes else { return "—" }
        return "\((Double(bytes) / 1_048_576).formatted(decimals: 1)) MiB"
    }
}
