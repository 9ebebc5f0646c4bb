import Testing

@testable import ScoutServer

/// The exposition format itself: cumulative buckets whose bounds include their value, `_sum`
/// and `_count`, and label values escaped.
@Suite("Prometheus text", .timeLimit(.minutes(1)))
struct PrometheusTextTests {
    @Test("a histogram's buckets are cumulative, a value on a bound is in its bucket, +Inf equals the count")
    func histogram() {
        var histogram = Histogram(bounds: [.milliseconds(1), .milliseconds(5), .seconds(1)])
        for value: Duration in [.milliseconds(1), .milliseconds(3), .milliseconds(5), .seconds(20)] {
            histogram.record(value)
        }
        var text = PrometheusText()
        text.addHistogram("scout_test_seconds", "A test.", [("route=\"/a\"", histogram)])
        #expect(
            text.output == """
                # HELP scout_test_seconds A test.
                # TYPE scout_test_seconds histogram
                scout_test_seconds_bucket{route="/a",le="0.001"} 1
                scout_test_seconds_bucket{route="/a",le="0.005"} 3
                scout_test_seconds_bucket{route="/a",le="1"} 3
                scout_test_seconds_bucket{route="/a",le="+Inf"} 4
                scout_test_seconds_sum{route="/a"} 20.009
                scout_test_seconds_count{route="/a"} 4

                """)
    }

    @Test("label values escape backslashes, quotes and newlines")
    func escaping() {
        #expect(PrometheusText.label("route", "/a\\b\"c\nd") == #"route="/a\\b\"c\nd""#)
    }
}
