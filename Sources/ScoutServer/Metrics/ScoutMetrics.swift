/// The metrics an instance keeps, each part handed to what it measures: requests (the router's
/// observer), upstream calls (the API client's), Redis round trips (the Redis client's) and
/// the search gateway's cache and coalescing. ``MetricsRoute`` shows them with the image
/// loader's counters and the fleet's size.
///
/// ```swift
/// let metrics = ScoutMetrics()
/// router.observer = metrics.requests
/// let client = client.reporting(to: metrics.upstream)
/// ```
final class ScoutMetrics: Sendable {
    let requests = RequestMetrics()
    let upstream = UpstreamMetrics()
    let redis = RedisMetrics()
    let search = SearchMetrics()
}
