import Foundation
import ImageLoading
import Networking
import ScoutTestSupport
import Synchronization

/// Etiquette for the fake host that never gets in a test's way: no rate limit, no retries, no
/// breaker.
let unthrottled = HostPolicy(
    maxConcurrent: 32, requestsPerSecond: 100_000, burst: 100_000, maxAttempts: 1, breakerThreshold: 1_000)

/// How late a deadline may end in these tests. Generous: every suite of the package runs in
/// parallel on two cores; what matters is that a hang (30 s, or forever) ends at all.
let timingSlack = Duration.seconds(3)

/// A loader that may fetch only from `host` (http://127.0.0.1:PORT), on `clock`.
func makeLoader(
    for host: FakeImageHost, diskDirectory: URL? = nil, clock: any Clock<Duration> = ContinuousClock(),
    configure: (inout ImageLoader.Configuration) -> Void = { _ in }
) -> ImageLoader {
    var configuration = ImageLoader.Configuration(
        userAgent: "Scout/test (tests@example.org)", deadline: .seconds(3), diskDirectory: diskDirectory,
        hostPolicies: ["127.0.0.1": unthrottled])
    configure(&configuration)
    let port = Int(host.port)
    return ImageLoader(
        configuration: configuration, policy: ImageFetchPolicy { $0.host == "127.0.0.1" && $0.port == port },
        clock: clock)
}

/// The image files (not temporary files) in a disk cache directory.
func cacheFiles(in directory: URL) -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".img") }.sorted().map { directory.appendingPathComponent($0) }
}

/// The total size of the image files in `directory`.
func cacheSize(in directory: URL) -> Int {
    cacheFiles(in: directory).reduce(0) { total, file in
        total + ((try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)??.intValue ?? 0)
    }
}

/// The URL of a generated PNG thumbnail called `name` on `host`.
func thumbnail(_ name: String, on host: FakeImageHost, format: TestImage.Format = .png) -> URL {
    host.url(forPath: FakeImageHost.thumbnailPath(name: name, format: format))
}

/// Log lines a loader wrote, collected for assertions.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])

    /// Appends a line; pass it as ``ImageLoader/Configuration/log``.
    func append(_ line: String) { lines.withLock { $0.append(line) } }

    /// Every line so far.
    var all: [String] { lines.withLock { $0 } }
}
