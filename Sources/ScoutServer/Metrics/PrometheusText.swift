import Foundation

/// Builds Prometheus exposition text (version 0.0.4): `# HELP`, `# TYPE`, then one sample per
/// label set; histograms as cumulative `_bucket{le=…}` samples, `_sum` and `_count`.
///
/// ```swift
/// var text = PrometheusText()
/// text.add("scout_fleet_size", .gauge, "Instances in the fleet, as this one sees it.", 3)
/// text.addHistogram("scout_redis_round_trip_seconds", "Redis round trips.", [("", histogram)])
/// ```
struct PrometheusText {
    enum Kind: String {
        case counter
        case gauge
    }

    private(set) var output = ""

    /// A metric without labels.
    mutating func add(_ name: String, _ kind: Kind, _ help: String, _ value: Int) {
        add(name, kind, help, [("", value)])
    }

    /// A metric with one sample per label set (`cache="memory"`, written as given).
    mutating func add(_ name: String, _ kind: Kind, _ help: String, _ samples: [(labels: String, value: Int)]) {
        header(name, kind.rawValue, help)
        for sample in samples { line(name, sample.labels, String(sample.value)) }
    }

    /// A histogram with one series per label set; its durations are written in seconds.
    mutating func addHistogram(_ name: String, _ help: String, _ series: [(labels: String, histogram: Histogram)]) {
        header(name, "histogram", help)
        for (labels, histogram) in series {
            let prefix = labels.isEmpty ? "" : labels + ","
            for bucket in histogram.cumulativeBuckets {
                let bound = bucket.bound.map { Self.number($0.secondsValue) } ?? "+Inf"
                line(name + "_bucket", prefix + "le=\"\(bound)\"", String(bucket.count))
            }
            line(name + "_sum", labels, Self.number(histogram.sum.secondsValue))
            line(name + "_count", labels, String(histogram.count))
        }
    }

    /// `name="value"` with the value escaped as the format asks (backslash, quote, newline).
    static func label(_ name: String, _ value: String) -> String {
        let escaped = value.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
        return "\(name)=\"\(escaped)\""
    }

    /// A float as Prometheus reads it, whole numbers without a fraction (`1`, `0.0025`).
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    private mutating func header(_ name: String, _ type: String, _ help: String) {
        output += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }

    private mutating func line(_ name: String, _ labels: String, _ value: String) {
        output += labels.isEmpty ? "\(name) \(value)\n" : "\(name){\(labels)} \(value)\n"
    }
}
