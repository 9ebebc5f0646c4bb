import HTTPServer
import ImageLoading

/// `GET /metrics`: the image loader's counters in the Prometheus text exposition format
/// (version 0.0.4), so any scraper can graph hit rates, bytes, evictions and disk trouble.
///
/// ```swift
/// router.add(.get, "/metrics", handler: MetricsRoute(images: proxy.loader).handler)
/// // scout_image_hits_total{cache="memory"} 1234
/// ```
struct MetricsRoute: Sendable {
    /// The loader whose counters are exposed (the image proxy's).
    let images: ImageLoader

    /// Answers on the server thread: reading counters takes a lock, never a wait.
    var handler: Handler {
        .immediate { _ in
            Response(
                status: 200, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
                bytes: Array(Self.render(images.counters).utf8))
        }
    }

    /// The exposition text for `counters`.
    static func render(_ counters: ImageLoader.Counters) -> String {
        var text = PrometheusText()
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
        return text.output
    }
}

/// Builds Prometheus exposition text: `# HELP`, `# TYPE`, then one sample per label set.
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
        output += "# HELP \(name) \(help)\n# TYPE \(name) \(kind.rawValue)\n"
        for sample in samples {
            output +=
                sample.labels.isEmpty ? "\(name) \(sample.value)\n" : "\(name){\(sample.labels)} \(sample.value)\n"
        }
    }
}
