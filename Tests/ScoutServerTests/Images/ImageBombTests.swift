import Foundation
import HTTPServer
import ImageLoading
import ScoutServer
import ScoutTestSupport
import Testing

@Suite("ImageProxy image bombs (T7)", .serialized, .timeLimit(.minutes(10)))
struct ImageBombTests {
    typealias Harness = ImageProxyHarness

    @Test("20000×20000 PNG/JPEG/GIF/WebP bombs: 502 before any cache insert; RSS grows < 20 MB")
    func bombs() async throws {
        try await withFakeImageHost { host in
            try await withTemporaryDirectory { directory in
                let proxy = Harness.proxy(for: host, diskDirectory: directory)
                try await Harness.serve(proxy) { port in
                    // Warm up: one real image, so the measurement sees only the bombs.
                    let warmUp = try await Harness.get(
                        Harness.target(forPath: FakeImageHost.thumbnailPath(name: "Warm", format: .png)), port: port)
                    #expect(warmUp.status == 200)
                    let cachedBytes = proxy.loader.counters.memoryBytes

                    var smallestGrowth = Int.max
                    for attempt in 0..<3 where smallestGrowth >= 20 * 1_048_576 {
                        let before = ResidentMemory.bytes()
                        for format in TestImage.Format.allCases {
                            for copy in 0..<5 {
                                let path = FakeImageHost.thumbnailPath(name: "Bomb\(attempt)-\(copy)", format: format)
                                host.setBehavior(.bomb(format), forPath: path)
                                let response = try await Harness.get(Harness.target(forPath: path), port: port)
                                #expect(response.status == 502)
                                #expect(Harness.errorCode(response) == "image_too_large")
                                #expect(response.text.contains("megapixels"))
                            }
                        }
                        // Other suites run in parallel in this process: the best of three
                        // attempts is the one least disturbed by them.
                        smallestGrowth = min(smallestGrowth, ResidentMemory.bytes() - before)
                    }
                    #expect(smallestGrowth < 20 * 1_048_576)
                    let counters = proxy.loader.counters
                    #expect(counters.memoryBytes == cachedBytes && counters.downloads == 1)
                    #expect(counters.rejected >= 20)
                    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                    #expect(files.filter { $0.hasSuffix(".img") }.count == 1)
                }
            }
        }
    }
}
