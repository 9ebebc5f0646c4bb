import Foundation
import ImageLoading
import ScoutTestSupport

/// Cached `/img/` of `scout serve` against nginx serving the same image file, in one run.
///
/// `scout serve` allowlists only public https image hosts, so it cannot fetch from the fake
/// host itself. Instead the benchmark fills the disk cache it will use (`SCOUT_CACHE_DIR`)
/// through an ``ImageLoader`` of its own, keyed by the very URL the proxy rebuilds from
/// `SCOUT_WIKIMEDIA_UPLOAD`; the server's first request is then a disk hit and every later
/// one a memory hit — the cached path this benchmark is about. With `fromFiles` the server
/// keeps no images in memory (`SCOUT_IMAGE_MEMORY=0`) and every request is a disk hit sent
/// from the file it holds open and mapped.
struct CachedImageThroughput {
    var fromFiles = false
    var comparison = NginxComparison()
    var serverThreads = 1

    /// Runs the comparison for the thumbnail at `path` on `host`; returns scout ÷ nginx.
    func run(host: FakeImageHost, path: String) async throws -> Double {
        let cacheDirectory = FileManager.default.temporaryDirectory.appending(path: "scout-bench-images-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cacheDirectory) }
        let warmer = ImageLoader(
            configuration: .init(
                userAgent: "Scout/bench (bench@example.org)",
                diskDirectory: cacheDirectory.appending(path: "images", directoryHint: .isDirectory)),
            policy: ImageFetchPolicy { $0.host == "127.0.0.1" })
        let image = try await warmer.image(for: host.url(forPath: path))
        var environment = [
            "SCOUT_CACHE_DIR": cacheDirectory.path, "SCOUT_WIKIMEDIA_UPLOAD": host.baseURL.absoluteString,
        ]
        if fromFiles {
            environment["SCOUT_IMAGE_MEMORY"] = "0"
            // A file changed in the last 2 s is sent but not held (CachedImageFile.isSettled).
            try await Task.sleep(for: .milliseconds(2_100))
        }

        let scout = try ScoutServe(threads: serverThreads, environment: environment)
        defer { scout.stop() }
        let target = "/img/wikipedia/" + FakeImageHost.key(forPath: path)
        let served = try Command.run("curl", ["-sf", "-o", "/dev/null", "-w", "%{size_download}", scout.url(target)])
        guard Int(served) == image.data.count else {
            throw BenchmarkError.unparsable("scout serve \(target)", served)
        }
        let nginx = try Nginx(
            files: ["thumbnail": (Array(image.data), image.info.format.mimeType)], workers: serverThreads)
        defer { nginx.stop() }

        let outcome = try comparison.run(
            scoutURL: scout.url(target), nginxURL: "http://127.0.0.1:\(nginx.port)/thumbnail")
        comparison.print(
            outcome,
            title: "Cached /img/ from \(fromFiles ? "disk (mapped file)" : "memory") (\(image.info), "
                + "\(image.data.count) bytes): scout serve vs nginx static file",
            serverThreads: serverThreads)
        return outcome.ratio
    }
}

extension ScoutServe {
    /// The absolute URL of `target` on this server.
    func url(_ target: String) -> String { "http://127.0.0.1:\(port)\(target)" }
}
