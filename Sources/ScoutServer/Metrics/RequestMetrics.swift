import HTTPServer
import Synchronization

/// Requests this server answered, by route pattern and status, with a latency histogram by
/// route — the ``HTTPServer/Router``'s observer.
///
/// Routes are the router's patterns (`/img/:source/*key`), never raw paths, so the label set
/// stays as small as the route table; a request no route matched is filed under `unmatched`.
/// Recording takes one lock and a dictionary lookup of an existing key: no allocation after a
/// route's first request, no formatting.
///
/// ```swift
/// router.observer = metrics.requests
/// // scout_http_requests_total{route="/api/v1/search",status="200"} 1234
/// ```
final class RequestMetrics: RequestObserver {
    /// The label of requests no route matched (404s, and refusals before routing).
    static let unmatched = "unmatched"

    struct Route {
        var statuses: [Int: Int] = [:]
        var latency = Histogram(bounds: Histogram.latency)

        mutating func record(status: Int, duration: Duration) {
            statuses[status, default: 0] += 1
            latency.record(duration)
        }
    }

    private let routes = Mutex<[String: Route]>([:])

    func requestFinished(route: String?, status: Int, duration: Duration) {
        routes.withLock { routes in
            routes[route ?? Self.unmatched, default: Route()].record(status: status, duration: duration)
        }
    }

    /// Every route seen so far, sorted by pattern.
    var snapshot: [(route: String, counts: Route)] {
        routes.withLock { routes in routes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
    }

    func render(into text: inout PrometheusText) {
        let routes = snapshot
        text.add(
            "scout_http_requests_total", .counter, "Requests answered, by route pattern and status.",
            routes.flatMap { route, counts in
                counts.statuses.sorted { $0.key < $1.key }.map { status, count in
                    (PrometheusText.label("route", route) + ",status=\"\(status)\"", count)
                }
            })
        text.addHistogram(
            "scout_http_request_duration_seconds",
            "Time from a request's arrival to the end of its reply, by route pattern.",
            routes.map { (PrometheusText.label("route", $0.route), $0.counts.latency) })
    }
}
