/// A Prometheus histogram's state: a count per bucket, the sum and the count of what it saw.
///
/// A value type kept inside its owner's `Mutex`, so that a scrape reads buckets, sum and count
/// of the same moment. Recording walks a dozen bounds and adds: no allocation, no formatting.
///
/// ```swift
/// var latency = Histogram(bounds: Histogram.latency)
/// latency.record(.milliseconds(3))   // lands in le="0.005" and every bucket above it
/// ```
struct Histogram: Sendable {
    /// Bucket bounds for requests and upstream calls: 1 ms to 10 s.
    static let latency: [Duration] = [
        .milliseconds(1), .microseconds(2_500), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
        .milliseconds(2_500), .seconds(5), .seconds(10),
    ]

    /// Bucket bounds for Redis round trips: 100 µs to 1 s (the command timeout is 250 ms).
    static let roundTrip: [Duration] = [
        .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .microseconds(2_500),
        .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
        .milliseconds(250), .milliseconds(500), .seconds(1),
    ]

    /// Upper bounds, ascending; a value equal to a bound is in its bucket (`le`).
    let bounds: [Duration]
    /// Per bucket, not cumulative; one more than `bounds` (the `+Inf` bucket's own).
    private(set) var counts: [Int]
    private(set) var sum = Duration.zero
    private(set) var count = 0

    init(bounds: [Duration]) {
        self.bounds = bounds
        counts = Array(repeating: 0, count: bounds.count + 1)
    }

    mutating func record(_ value: Duration) {
        var index = 0
        while index < bounds.count, value > bounds[index] { index += 1 }
        counts[index] += 1
        sum += value
        count += 1
    }

    /// `(le, cumulative count)` for each bucket, `+Inf` last (equal to ``count``).
    var cumulativeBuckets: [(bound: Duration?, count: Int)] {
        var running = 0
        return counts.indices.map { index in
            running += counts[index]
            return (index < bounds.count ? bounds[index] : nil, running)
        }
    }
}

extension Duration {
    /// Seconds as a `Double`, as Prometheus writes durations.
    var secondsValue: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
