import Foundation

/// Runs `wrk` (Debian's package) against a URL and reads its summary.
struct Wrk {
    /// What one run measured.
    struct Result {
        let requestsPerSecond: Double
        let p50: Duration
        let p99: Duration
        let errors: Int
    }

    var threads = 1
    var connections = 50
    var duration: Duration = .seconds(5)

    func run(_ url: String) throws -> Result {
        let output = try Command.run(
            "wrk",
            [
                "-t\(threads)", "-c\(connections)", "-d\(duration.components.seconds)s", "--latency", url,
            ])
        return try Self.parse(output)
    }

    /// Parses `Requests/sec:`, the `50%`/`99%` latency lines and any error counts.
    static func parse(_ output: String) throws -> Result {
        var requests: Double?
        var p50: Duration?
        var p99: Duration?
        var errors = 0
        for line in output.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if line.hasPrefix("Requests/sec:"), let value = fields.last.flatMap({ Double($0) }) {
                requests = value
            } else if line.hasPrefix("50%"), fields.count > 1 {
                p50 = duration(String(fields[1]))
            } else if line.hasPrefix("99%"), fields.count > 1 {
                p99 = duration(String(fields[1]))
            } else if line.hasPrefix("Non-2xx or 3xx responses:"), let value = fields.last.flatMap({ Int($0) }) {
                errors += value
            } else if line.hasPrefix("Socket errors:") {
                errors += line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }.reduce(0, +)
            }
        }
        guard let requests, let p50, let p99 else { throw BenchmarkError.unparsable("wrk", output) }
        return Result(requestsPerSecond: requests, p50: p50, p99: p99, errors: errors)
    }

    /// wrk prints latencies as `812.00us`, `1.21ms` or `2.00s`.
    private static func duration(_ text: String) -> Duration? {
        let units: [(String, Double)] = [("us", 1e-6), ("ms", 1e-3), ("s", 1), ("m", 60)]
        for (suffix, scale) in units where text.hasSuffix(suffix) {
            guard let value = Double(text.dropLast(suffix.count)) else { return nil }
            return .nanoseconds(Int64(value * scale * 1e9))
        }
        return nil
    }
}
