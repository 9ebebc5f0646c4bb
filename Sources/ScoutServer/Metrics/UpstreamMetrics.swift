import Networking
import Synchronization

/// Upstream calls by source — attempts by result (429s among them), their latency, refusals by
/// the host's budget, time waited for a budget — and each host's breaker — the
/// ``Networking/APIClient``'s observer.
///
/// Sources arrive as their display names (``Networking/Endpoint/source``, "Wikimedia Commons")
/// and are labelled by the ids ``name(_:)`` was given (`commons`); a name it was not given is
/// labelled as it is.
///
/// ```swift
/// let client = APIClient(configuration: configuration).reporting(to: metrics.upstream)
/// // scout_upstream_requests_total{source="wikipedia",result="rate_limited"} 3
/// ```
final class UpstreamMetrics: UpstreamObserver {
    struct Source {
        var results = Array(repeating: 0, count: UpstreamResult.allCases.count)
        var refusals = Array(repeating: 0, count: UpstreamRefusal.allCases.count)
        var latency = Histogram(bounds: Histogram.latency)
        var budgetWait = Histogram(bounds: Histogram.latency)
    }

    private struct State {
        var labels: [String: String] = [:]
        var sources: [String: Source] = [:]
        var breakers: [String: BreakerPosition] = [:]
    }

    private let state = Mutex(State())

    /// Labels each source display name with its id, and shows it (at zero) before its first call.
    func name(_ sources: [(displayName: String, id: String)]) {
        state.withLock { state in
            for source in sources {
                state.labels[source.displayName] = source.id
                if state.sources[source.displayName] == nil { state.sources[source.displayName] = Source() }
            }
        }
    }

    func attemptFinished(source: String, host: String, result: UpstreamResult, duration: Duration) {
        state.withLock { state in
            state.sources[source, default: Source()].recordAttempt(result, duration)
            if state.breakers[host] == nil { state.breakers[host] = .closed }
        }
    }

    func callRefused(source: String, host: String, reason: UpstreamRefusal) {
        state.withLock { state in state.sources[source, default: Source()].refusals[reason.rawValue] += 1 }
    }

    func budgetWaited(source: String, host: String, duration: Duration) {
        state.withLock { state in state.sources[source, default: Source()].budgetWait.record(duration) }
    }

    func breakerChanged(host: String, state position: BreakerPosition) {
        state.withLock { state in state.breakers[host] = position }
    }

    func render(into text: inout PrometheusText) {
        let state = state.withLock { $0 }
        let sources = state.sources.map { (label: state.labels[$0.key] ?? $0.key, counts: $0.value) }
            .sorted { $0.label < $1.label }
        text.add(
            "scout_upstream_requests_total", .counter,
            "Upstream attempts sent, by source and result (rate_limited is a 429).",
            Self.samples(sources, "result", UpstreamResult.allCases.map { ($0.label, \.results[$0.rawValue]) }))
        text.add(
            "scout_upstream_refused_total", .counter,
            "Upstream calls the host's budget kept from going out, by reason.",
            Self.samples(sources, "reason", UpstreamRefusal.allCases.map { ($0.label, \.refusals[$0.rawValue]) }))
        text.addHistogram(
            "scout_upstream_request_duration_seconds", "Time from an upstream attempt's sending to its end.",
            sources.map { (PrometheusText.label("source", $0.label), $0.counts.latency) })
        text.addHistogram(
            "scout_upstream_budget_wait_seconds",
            "Time an upstream attempt waited for its host's budget (this instance's, then the fleet's).",
            sources.map { (PrometheusText.label("source", $0.label), $0.counts.budgetWait) })
        text.add(
            "scout_upstream_breaker_state", .gauge,
            "Each upstream host's circuit breaker: 0 closed, 1 half-open, 2 open.",
            state.breakers.sorted { $0.key < $1.key }.map { (PrometheusText.label("host", $0.key), $0.value.rawValue) })
    }
}

extension UpstreamMetrics {
    /// One sample per source and value of `name`, read from each source's counts by its key path.
    static func samples(
        _ sources: [(label: String, counts: Source)], _ name: String,
        _ values: [(label: String, count: KeyPath<Source, Int>)]
    ) -> [(labels: String, value: Int)] {
        sources.flatMap { source in
            values.map { value in
                (
                    PrometheusText.label("source", source.label) + ",\(name)=\"\(value.label)\"",
                    source.counts[keyPath: value.count]
                )
            }
        }
    }
}

extension UpstreamMetrics.Source {
    mutating func recordAttempt(_ result: UpstreamResult, _ duration: Duration) {
        results[result.rawValue] += 1
        latency.record(duration)
    }
}

extension UpstreamResult {
    var label: String {
        switch self {
        case .ok: "ok"
        case .rateLimited: "rate_limited"
        case .serverError: "server_error"
        case .clientError: "client_error"
        case .timedOut: "timed_out"
        case .transportFailed: "transport_failed"
        case .cancelled: "cancelled"
        }
    }
}

extension UpstreamRefusal {
    var label: String {
        switch self {
        case .retryAfter: "retry_after"
        case .breakerOpen: "breaker_open"
        case .overBudget: "over_budget"
        }
    }
}
