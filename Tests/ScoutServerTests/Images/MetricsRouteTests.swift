import Foundation
import HTTPServer
import ImageLoading
import ScoutServer
import ScoutTestSupport
import Testing

@Suite("GET /metrics", .timeLimit(.minutes(10)))
struct MetricsRouteTests {
    typealias Harness = ImageProxyHarness

    @Test("ScoutApp exposes the image counters in Prometheus text: hits, misses, bytes, evictions")
    func exposesImageCounters() async throws {
        try await withFakeImageHost { host in
            try await withScoutApp(
                pages: [],
                configure: { configuration in
                    configuration.wikimediaUploadBase = host.baseURL
                    configuration.extraImageHosts = [.init(scheme: "http", host: "127.0.0.1", port: Int(host.port))]
                }
            ) { _, _, port in
                let path = FakeImageHost.thumbnailPath(name: "Metered", format: .png)
                let target = Harness.target(forPath: path)
                let first = try await Harness.get(target, port: port)
                _ = try await Harness.get(target, port: port)
                let missing = FakeImageHost.thumbnailPath(name: "Missing", format: .png)
                host.setBehavior(.status(404), forPath: missing)
                for _ in 0..<2 { _ = try await Harness.get(Harness.target(forPath: missing), port: port) }

                let metrics = try await Harness.get("/metrics", port: port)
                #expect(metrics.status == 200)
                #expect(metrics.headers["Content-Type"] == "text/plain; version=0.0.4; charset=utf-8")
                let samples = Self.samples(metrics.text)
                #expect(samples["scout_image_hits_total{cache=\"memory\"}"] == 1)
                #expect(samples["scout_image_hits_total{cache=\"disk\"}"] == 0)
                #expect(samples["scout_image_misses_total"] == 2)
                #expect(samples["scout_image_downloaded_bytes_total"] == first.body.count)
                #expect(samples["scout_image_negative_hits_total"] == 1)
                #expect(samples["scout_image_evictions_total{cache=\"memory\"}"] == 0)
                #expect(samples["scout_image_disk_errors_total{kind=\"write\"}"] == 0)
                #expect(samples["scout_image_cache_bytes{cache=\"memory\"}"] == first.body.count)
                #expect(metrics.text.contains("# TYPE scout_image_hits_total counter\n"))
            }
        }
    }

    /// `name{labels} value` lines by `name{labels}`; comments skipped.
    static func samples(_ text: String) -> [String: Int] {
        var samples: [String: Int] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let value = Int(parts[1]) { samples[String(parts[0])] = value }
        }
        return samples
    }
}
