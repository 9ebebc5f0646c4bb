import Foundation
import ImageLoading
import ScoutTestSupport
import Testing

@Suite("ImageLoader prefetch", .timeLimit(.minutes(10)))
struct PrefetchTests {
    @Test("prefetches load in the background, one at a time, and are then memory hits")
    func prefetchesCache() async throws {
        try await withFakeImageHost { host in
            host.faults.latency = .milliseconds(50)  // answered in a task, so concurrency is recorded
            let loader = makeLoader(for: host)
            let urls = (0..<5).map { thumbnail("Ahead\($0)", on: host) }
            loader.prefetch(urls + urls)  // duplicates are skipped
            #expect(await eventually { loader.counters.downloads == 5 })
            for url in urls { _ = try await loader.image(for: url) }
            #expect(loader.counters.memoryHits == 5 && host.requests.count == 5)
            #expect(host.recorder.maxConcurrentRequests == 1)
            #expect(loader.counters.prefetches == 5)
        }
    }

    @Test("a foreground load does not queue behind prefetches; none start while it loads")
    func foregroundFirst() async throws {
        try await withFakeImageHost { host in
            host.faults.latency = .milliseconds(300)
            let loader = makeLoader(for: host)
            let ahead = (0..<10).map { thumbnail("Later\($0)", on: host) }
            loader.prefetch(ahead)
            await host.waitForRequests(count: 1)  // the first prefetch is downloading
            let wanted = thumbnail("Now", on: host)
            _ = try await loader.image(for: wanted)
            let order = host.requests.map(\.path)
            #expect(order.count >= 2 && order[1] == wanted.path, "\(order)")
            #expect(loader.pendingPrefetchCount >= 8)
            loader.cancelAllPrefetches()
        }
    }

    @Test("cancelling drops queued prefetches and stops the running one")
    func cancelling() async throws {
        try await withFakeImageHost { host in
            host.faults.latency = .seconds(2)
            let loader = makeLoader(for: host)
            let urls = (0..<10).map { thumbnail("Dropped\($0)", on: host) }
            loader.prefetch(urls)
            await host.waitForRequests(count: 1)
            loader.cancelPrefetch([urls[5]])
            #expect(loader.pendingPrefetchCount == 8)
            loader.cancelAllPrefetches()
            #expect(loader.pendingPrefetchCount == 0)
            #expect(await eventually { loader.counters.cancelledDownloads == 1 })
            #expect(loader.counters.prefetchesCancelled == 10)
            #expect(loader.counters.downloads == 0)
            // A dropped prefetch started anyway would reach the host before one asked for now.
            host.faults.latency = .zero
            _ = try await loader.image(for: thumbnail("After", on: host))
            #expect(host.requests.count == 2)
            #expect(host.requests.last?.path.contains("After") == true)
        }
    }

    @Test("a foreground request joins a running prefetch; cancelling the prefetch leaves it loading")
    func foregroundJoinsPrefetch() async throws {
        try await withFakeImageHost { host in
            host.faults.latency = .milliseconds(400)
            let loader = makeLoader(for: host)
            let url = thumbnail("Shared", on: host)
            loader.prefetch([url])
            await host.waitForRequests(count: 1)
            let foreground = Task { try await loader.image(for: url) }
            #expect(await eventually { loader.counters.coalesced == 1 })
            loader.cancelPrefetch([url])
            let image = try await foreground.value
            #expect(image.info.format == .png)
            #expect(host.requests.count == 1 && loader.counters.cancelledDownloads == 0)
        }
    }
}
