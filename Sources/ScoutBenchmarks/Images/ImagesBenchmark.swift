import Foundation
import ImageLoading
import Networking
import ScoutTestSupport

/// Issue 6's benchmark: `ImageLoader` memory and disk hits in process (p50/p99), how many
/// downloads 100 concurrent requests for one image cost, and cached `/img/` of `scout serve`
/// against nginx serving the same file.
struct ImagesBenchmark {
    var iterations = 20_000
    var diskIterations = 5_000
    /// Distinct images on disk for the disk-hit loop, so the page cache, not one hot file, is read.
    var diskImages = 200

    func run() async throws {
        try await withFakeImageHost { host in
            let path = { (name: String) in FakeImageHost.thumbnailPath(name: name, format: .png, width: 120) }
            let memory = try await memoryHits(host: host, url: host.url(forPath: path("Memory")))
            let disk = try await diskHits(
                host: host, urls: (0..<diskImages).map { host.url(forPath: path("Disk\($0)")) })
            let title = "ImageLoader cache hits in process (120×90 PNG thumbnails)"
            var report = Report(title: title, columns: ["hit", "runs", "p50", "p99"])
            report.add(["memory", "\(iterations)", memory.p50.microseconds, memory.p99.microseconds])
            report.add(["disk (verified)", "\(diskIterations)", disk.p50.microseconds, disk.p99.microseconds])
            report.print()
            print(
                """
                memory hit p50 \(memory.p50.microseconds), p99 \(memory.p99.microseconds) \
                (goal ≤ 10 µs: \(memory.p99 <= .microseconds(10) ? "met" : "NOT met"))
                disk hit p99 \(disk.p99.microseconds) (goal ≤ 1 ms: \(disk.p99 <= .milliseconds(1) ? "met" : "NOT met"))
                """)
            let downloads = try await coalescing(host: host, url: host.url(forPath: path("Coalesced")))
            print("coalescing: 100 concurrent requests for one image → \(downloads) download(s) (goal 1)")

            for fromFiles in [false, true] {
                let ratio = try await CachedImageThroughput(fromFiles: fromFiles).run(
                    host: host, path: path(fromFiles ? "Sent" : "Served"))
                print(
                    "ratio scout/nginx: \(ratio.formatted(decimals: 2)) (goal ≥ 1.00, issue 15: \(ratio >= 1 ? "met" : "NOT met"))"
                )
            }
        }
    }

    private func loader(for host: FakeImageHost, memoryCapacity: Int = 64 * 1_048_576, disk: URL? = nil)
        -> ImageLoader
    {
        let unthrottled = HostPolicy(
            maxConcurrent: 32, requestsPerSecond: 100_000, burst: 100_000, maxAttempts: 1, breakerThreshold: 1_000)
        return ImageLoader(
            configuration: .init(
                userAgent: "Scout/bench (bench@example.org)", memoryCapacity: memoryCapacity, diskDirectory: disk,
                hostPolicies: ["127.0.0.1": unthrottled]),
            policy: ImageFetchPolicy { $0.host == "127.0.0.1" })
    }

    /// The same URL, again and again, from memory.
    private func memoryHits(host: FakeImageHost, url: URL) async throws -> LatencySample {
        let loader = loader(for: host)
        _ = try await loader.image(for: url)
        return try await LatencySample.measure(iterations: iterations) { _ in _ = try await loader.image(for: url) }
    }

    /// Images written to disk by one loader, read back by another that keeps nothing in
    /// memory: every request reads a file and checks its length and checksum.
    private func diskHits(host: FakeImageHost, urls: [URL]) async throws -> LatencySample {
        let directory = FileManager.default.temporaryDirectory.appending(path: "scout-bench-disk-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let writer = loader(for: host, disk: directory)
        for url in urls { _ = try await writer.image(for: url) }
        let reader = loader(for: host, memoryCapacity: 0, disk: directory)
        let sample = try await LatencySample.measure(iterations: diskIterations) { index in
            _ = try await reader.image(for: urls[index % urls.count])
        }
        guard reader.counters.diskHits == diskIterations, reader.counters.misses == 0 else {
            throw BenchmarkError.unparsable("disk hits", "\(reader.counters)")
        }
        return sample
    }

    /// 100 requests for one image at once while the host takes 200 ms; the downloads it cost.
    private func coalescing(host: FakeImageHost, url: URL) async throws -> Int {
        host.faults.latency = .milliseconds(200)
        defer { host.faults.latency = .zero }
        let loader = loader(for: host)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<100 { group.addTask { _ = try await loader.image(for: url) } }
            try await group.waitForAll()
        }
        return loader.counters.downloads
    }
}
