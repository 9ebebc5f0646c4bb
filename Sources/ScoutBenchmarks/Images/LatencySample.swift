import Foundation

/// Durations of many runs of one operation, timed one by one, with the percentiles the
/// benchmarks report.
struct LatencySample {
    private(set) var durations: [Duration] = []

    /// Times `iterations` calls of `operation`; each call gets its index.
    static func measure(
        iterations: Int, _ operation: (Int) async throws -> Void
    ) async rethrows -> LatencySample {
        var sample = LatencySample()
        sample.durations.reserveCapacity(iterations)
        let clock = ContinuousClock()
        for index in 0..<iterations {
            let started = clock.now
            try await operation(index)
            sample.durations.append(started.duration(to: clock.now))
        }
        return sample
    }

    /// Adds one run timed elsewhere.
    mutating func record(_ duration: Duration) { durations.append(duration) }

    /// Adds the runs of another sample.
    mutating func append(_ other: LatencySample) { durations.append(contentsOf: other.durations) }

    /// The duration below which `fraction` (0…1) of the runs fall.
    func percentile(_ fraction: Double) -> Duration {
        let sorted = durations.sorted()
        guard !sorted.isEmpty else { return .zero }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }

    var p50: Duration { percentile(0.5) }
    var p99: Duration { percentile(0.99) }
}

extension Duration {
    /// Microseconds with two decimals, for latencies well under a millisecond.
    var microseconds: String {
        let value = Double(components.seconds) * 1e6 + Double(components.attoseconds) / 1e12
        return String(format: "%.2f µs", value)
    }
}
