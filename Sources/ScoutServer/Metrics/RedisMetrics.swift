import Redis
import Synchronization

/// Round trips to the fleet's Redis: a latency histogram and failures by kind — the
/// ``Redis/RedisClient``'s observer.
///
/// ```swift
/// var configuration = RedisConfiguration()
/// configuration.observer = metrics.redis
/// // scout_redis_errors_total{kind="timed_out"} 2
/// ```
final class RedisMetrics: RedisObserver {
    private struct State {
        var roundTrips = Histogram(bounds: Histogram.roundTrip)
        var failures: [RedisError.Kind: Int] = [:]
    }

    private let state = Mutex(State())

    func callFinished(duration: Duration, failure: RedisError.Kind?) {
        state.withLock { state in
            state.roundTrips.record(duration)
            if let failure { state.failures[failure, default: 0] += 1 }
        }
    }

    func render(into text: inout PrometheusText) {
        let (roundTrips, failures) = state.withLock { ($0.roundTrips, $0.failures) }
        text.addHistogram(
            "scout_redis_round_trip_seconds", "Redis calls (commands, pipelines, scripts), failed ones included.",
            [("", roundTrips)])
        text.add(
            "scout_redis_errors_total", .counter, "Redis calls that failed, by kind.",
            RedisError.Kind.allCases.map { ("kind=\"\($0.label)\"", failures[$0] ?? 0) })
    }
}

extension RedisError.Kind {
    /// The kind as a metric label.
    var label: String {
        switch self {
        case .invalidURL: "invalid_url"
        case .connectionRefused: "connection_refused"
        case .connectionFailed: "connection_failed"
        case .connectTimedOut: "connect_timed_out"
        case .timedOut: "timed_out"
        case .connectionClosed: "connection_closed"
        case .authenticationFailed: "authentication_failed"
        case .server: "server"
        case .wrongType: "wrong_type"
        case .protocolError: "protocol_error"
        case .unexpectedReply: "unexpected_reply"
        case .misuse: "misuse"
        }
    }
}
