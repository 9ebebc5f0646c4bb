import Foundation
import ImageLoading
import ScoutTestSupport
import Testing

@Suite("ImageLoader negative cache", .timeLimit(.minutes(10)))
struct NegativeCacheTests {
    @Test("a 404 is remembered for the time to live, then asked again")
    func notFoundTimeToLive() async throws {
        try await withFakeImageHost { host in
            let clock = ManualClock()
            let loader = makeLoader(for: host, clock: clock) { $0.negativeTimeToLive = .seconds(30) }
            let path = FakeImageHost.thumbnailPath(name: "Gone")
            host.setBehavior(.status(404), forPath: path)
            let url = host.url(forPath: path)
            for _ in 0..<3 {
                let error = await #expect(throws: ImageLoaderError.self) { try await loader.image(for: url) }
                #expect(error?.kind == .status(404))
            }
            loader.prefetch([url])  // prefetching does not ask again either
            #expect(loader.pendingPrefetchCount == 0 && loader.counters.prefetches == 0)
            #expect(host.requests.count == 1)
            #expect(loader.counters.negativeHits == 2)

            clock.advance(by: .seconds(29))
            await #expect(throws: ImageLoaderError.self) { try await loader.image(for: url) }
            #expect(host.requests.count == 1)

            clock.advance(by: .seconds(1))
            host.setBehavior(.image, forPath: path)  // the file was uploaded meanwhile
            let image = try await loader.image(for: url)
            #expect(image.info.format == .png)
            #expect(host.requests.count == 2)
        }
    }

    @Test("5xx, 403, timeouts and refused connections are never remembered", arguments: [500, 503, 403, 0])
    func othersNotRemembered(status: Int) async throws {
        try await withFakeImageHost { host in
            let path = FakeImageHost.thumbnailPath(name: "Flaky\(status)")
            let loader: ImageLoader
            let url: URL
            if status == 0 {
                // A port nothing listens on: a transport error.
                loader = ImageLoader(
                    configuration: .init(userAgent: "Scout/test (tests@example.org)", deadline: .seconds(3)),
                    policy: ImageFetchPolicy { _ in true })
                url = URL(string: "http://127.0.0.1:1/x.png")!
            } else {
                host.setBehavior(.status(status), forPath: path)
                loader = makeLoader(for: host)
                url = host.url(forPath: path)
            }
            for _ in 0..<2 { await #expect(throws: ImageLoaderError.self) { try await loader.image(for: url) } }
            #expect(loader.counters.negativeHits == 0)
            if status != 0 { #expect(host.requests.count == 2) }
        }
    }

    @Test("removeAll forgets remembered 404s")
    func removeAllForgets() async throws {
        try await withFakeImageHost { host in
            let path = FakeImageHost.thumbnailPath(name: "Missing")
            host.setBehavior(.status(404), forPath: path)
            let loader = makeLoader(for: host)
            await #expect(throws: ImageLoaderError.self) { try await loader.image(for: host.url(forPath: path)) }
            await loader.removeAll()
            host.setBehavior(.image, forPath: path)
            _ = try await loader.image(for: host.url(forPath: path))
            #expect(host.requests.count == 2)
        }
    }
}
