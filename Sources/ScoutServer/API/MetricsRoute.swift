import HTTPServer
import ImageLoading

/// `GET /metrics`: the server's metrics (``ScoutMetrics``) in the Prometheus text exposition
/// format (version 0.0.4), so any scraper can graph requests, upstream calls, caches, Redis
/// and the image loader.
///
/// ```swift
/// let route = MetricsRoute(
///     metrics: metrics, images: proxy, upstreamSearches: { gateway.upstreamCalls }, fleetSize: { 1 })
/// router.add(.get, "/metrics", handler: route.handler)
/// // scout_image_hits_total{cache="memory"} 1234
/// ```
struct MetricsRoute: Sendable {
    let metrics: ScoutMetrics
    /// The image proxy whose loader's counters are exposed.
    let images: ImageProxy
    /// Searches this instance sent upstream.
    let upstreamSearches: @Sendable () -> Int
    /// The fleet's size as this instance last saw it.
    let fleetSize: @Sendable () -> Int

    /// Answers on the server thread: reading counters takes locks, never a wait.
    var handler: Handler {
        .immediate { _ in
            Response(
                status: 200, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
                bytes: Array(render().utf8))
        }
    }

    /// The exposition text of every metric.
    func render() -> String {
        var text = PrometheusText()
        metrics.requests.render(into: &text)
        metrics.search.render(into: &text)
        text.add(
            "scout_upstream_searches_total", .counter,
            "Searches this instance sent upstream for its own and the fleet's callers (coalesced ones once).",
            upstreamSearches())
        metrics.upstream.render(into: &text)
        metrics.redis.render(into: &text)
        text.add(
            "scout_fleet_size", .gauge, "Instances in the fleet as this one last saw it in Redis (1 without Redis).",
            fleetSize())
        Self.render(images.counters, into: &text)
        return text.output
    }

    /// The image loader's part of the exposition text: hit rates, bytes, evictions, disk trouble.
    static func render(_ counters: ImageLoader.Counters, into text: inout PrometheusText) {
        text.add(
            "scout_image_hits_total", .counter, "Image requests answered from a cache.",
            [("cache=\"memory\"", counters.memoryHits), ("cache=\"disk\"", counters.diskHits)])
        text.add("scout_image_misses_total", .counter, "Image requests no cache could answer.", counters.misses)
        text.add(
            "scout_image_coalesced_total", .counter, "Image requests that joined a download in flight.",
            counters.coalesced)
        text.add("scout_image_downloads_total", .counter, "Downloads that produced an image.", counters.downloads)
        text.add(
            "scout_image_downloaded_bytes_total", .counter, "Bytes of images downloaded.", counters.bytesDownloaded)
        text.add(
            "scout_image_download_failures_total", .counter, "Downloads that did not produce an image.",
            [
                ("reason=\"rejected\"", counters.rejected), ("reason=\"upstream\"", counters.failed),
                ("reason=\"cancelled\"", counters.cancelledDownloads),
            ])
        text.add(
            "scout_image_negative_hits_total", .counter, "Requests answered with a remembered 404.",
            counters.negativeHits)
        text.add(
            "scout_image_evictions_total", .counter, "Images dropped from a cache to make room.",
            [("cache=\"memory\"", counters.memoryEvictions), ("cache=\"disk\"", counters.diskEvictions)])
        text.add(
            "scout_image_disk_errors_total", .counter, "Disk cache failures.",
            [("kind=\"write\"", counters.diskWriteFailures), ("kind=\"corrupt\"", counters.corruptEntriesRemoved)])
        text.add(
            "scout_image_disk_fallbacks_total", .counter, "Times a full or failing disk made the cache memory-only.",
            counters.diskFallbacks)
        text.add(
            "scout_image_disk_memory_only", .gauge, "1 while the disk cache is bypassed after a failure.",
            counters.isMemoryOnly ? 1 : 0)
        text.add(
            "scout_image_cache_bytes", .gauge, "Bytes of images cached now.",
            [("cache=\"memory\"", counters.memoryBytes), ("cache=\"disk\"", counters.diskBytes)])
    }
}
