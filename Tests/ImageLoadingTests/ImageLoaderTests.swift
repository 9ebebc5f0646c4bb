import Foundation
import ImageLoading
import Networking
import ScoutTestSupport
import Testing

@Suite("ImageLoader", .timeLimit(.minutes(10)))
struct ImageLoaderTests {
    @Test("loads, sniffs and caches in memory; the second request is a hit with no upstream call")
    func loadsAndCaches() async throws {
        try await withFakeImageHost { host in
            let loader = makeLoader(for: host)
            let url = host.url(forPath: FakeImageHost.thumbnailPath(name: "Zurich", format: .jpeg, width: 120))
            let first = try await loader.image(for: url)
            let second = try await loader.image(for: url)
            #expect(first == second)
            #expect(first.info == ImageInfo(format: .jpeg, width: 120, height: 90))
            #expect(host.requests.count == 1)
            #expect(host.requests.first?.userAgent == "Scout/test (tests@example.org)")
            let counters = loader.counters
            #expect(counters.misses == 1 && counters.memoryHits == 1 && counters.hits == 1)
            #expect(counters.downloads == 1 && counters.bytesDownloaded == first.data.count)
            #expect(counters.memoryBytes == first.data.count)
        }
    }

    @Test("the upstream's Content-Type is ignored: bytes decide")
    func sniffedNotDeclared() async throws {
        try await withFakeImageHost { host in
            let path = FakeImageHost.thumbnailPath(name: "Label", format: .gif)
            host.setBehavior(.wrongContentType("text/html"), forPath: path)
            let image = try await makeLoader(for: host).image(for: host.url(forPath: path))
            #expect(image.info.format == .gif)

            let html = FakeImageHost.thumbnailPath(name: "Page", format: .png)
            host.setBehavior(
                .bytes(Array("<html><script>x</script></html>".utf8), contentType: "image/png"), forPath: html)
            let error = await #expect(throws: ImageLoaderError.self) {
                try await makeLoader(for: host).image(for: host.url(forPath: html))
            }
            #expect(error?.kind == .notAnImage)
        }
    }

    @Test("100 concurrent requests for one image share one download")
    func coalescing() async throws {
        try await withFakeImageHost { host in
            host.faults.latency = .milliseconds(150)
            let loader = makeLoader(for: host)
            let url = host.url(forPath: FakeImageHost.thumbnailPath(name: "Shared", format: .png))
            let images = try await withThrowingTaskGroup(of: LoadedImage.self) { group in
                for _ in 0..<100 { group.addTask { try await loader.image(for: url) } }
                return try await group.reduce(into: [LoadedImage]()) { $0.append($1) }
            }
            #expect(images.count == 100 && Set(images).count == 1)
            #expect(host.requests.count == 1)
            let counters = loader.counters
            #expect(counters.misses == 1)
            #expect(counters.coalesced + counters.memoryHits == 99)
        }
    }

    @Test("a cancelled waiter leaves at once; the others still get the shared download")
    func cancellingOneWaiter() async throws {
        try await withFakeImageHost { host in
            host.faults.latency = .milliseconds(300)
            let loader = makeLoader(for: host)
            let url = host.url(forPath: FakeImageHost.thumbnailPath(name: "Cancel", format: .png))
            let staying = Task { try await loader.image(for: url) }
            let leaving = Task { try await loader.image(for: url) }
            await host.waitForRequests(count: 1)
            leaving.cancel()
            await #expect(throws: CancellationError.self) { try await leaving.value }
            let image = try await staying.value
            #expect(image.info.format == .png)
            #expect(host.requests.count == 1)
        }
    }

    @Test("redirects on the allowed host are followed by hand, at most 3")
    func redirects() async throws {
        try await withFakeImageHost { host in
            let target = FakeImageHost.thumbnailPath(name: "Target", format: .webp)
            let hops = (1...4).map { FakeImageHost.thumbnailPath(name: "Hop\($0)", format: .png) }
            host.setBehavior(.redirect(to: target), forPath: hops[2])  // relative
            host.setBehavior(.redirect(to: host.url(forPath: hops[2]).absoluteString, status: 301), forPath: hops[1])
            host.setBehavior(.redirect(to: hops[1], status: 307), forPath: hops[0])
            host.setBehavior(.redirect(to: hops[0], status: 308), forPath: hops[3])
            let loader = makeLoader(for: host)

            let image = try await loader.image(for: host.url(forPath: hops[0]))  // 3 redirects
            #expect(image.info.format == .webp)

            let error = await #expect(throws: ImageLoaderError.self) {
                try await loader.image(for: host.url(forPath: hops[3]))  // 4 redirects
            }
            #expect(error?.kind == .tooManyRedirects(limit: 3))
            #expect(host.requests.filter { $0.path == target }.count == 1)
        }
    }

    @Test("a redirect the policy refuses is never requested")
    func refusedRedirect() async throws {
        try await withFakeImageHost { host in
            try await withCanaryListener { canary in
                let path = FakeImageHost.thumbnailPath(name: "Away", format: .png)
                host.setBehavior(.redirect(to: canary.url().absoluteString + "x.png"), forPath: path)
                let loader = makeLoader(for: host)
                let error = await #expect(throws: ImageLoaderError.self) {
                    try await loader.image(for: host.url(forPath: path))
                }
                #expect(error?.kind == .refused)
                #expect(canary.connectionCount == 0)
                #expect(loader.counters.rejected == 1)
            }
        }
    }

    #if os(Linux)
        @Test(
            "DNS rebinding: the policy's lookup says public, the connection's says 127.0.0.1: refused, 0 connections (T1)"
        )
        func rebinding() async throws {
            try await withCanaryListener { canary in
                let name = "thumbs.rebind.example"
                let publicAnswer = HostResolver { _ in [IPAddress("198.35.26.112")!] }
                let policy = ImageFetchPolicy(connectPolicy: .publicAddresses()) { url in
                    await ImageFetchPolicy.resolvesOnlyToPublicAddresses(url.host ?? "", resolver: publicAnswer)
                }
                // The second lookup, the one curl makes when it connects, answers 127.0.0.1.
                let transport = CurlTransport(
                    configuration: .init(
                        connectPolicy: policy.connectPolicy, resolve: ["\(name):\(canary.port):127.0.0.1"]))
                let loader = ImageLoader(
                    configuration: .init(userAgent: "Scout/test (tests@example.org)", deadline: .seconds(3)),
                    policy: policy, transport: transport)
                let error = await #expect(throws: ImageLoaderError.self) {
                    try await loader.image(for: URL(string: "http://\(name):\(canary.port)/x.png")!)
                }
                #expect(error?.kind == .refused)
                #expect(canary.connectionCount == 0)
            }
        }
    #endif

    @Test("bodies over the byte cap are refused, with or without Content-Length")
    func byteCap() async throws {
        try await withFakeImageHost { host in
            let declared = FakeImageHost.thumbnailPath(name: "Big1", format: .png)
            let chunked = FakeImageHost.thumbnailPath(name: "Big2", format: .png)
            host.setBehavior(.oversized(byteCount: 3 * 1_048_576, declaresLength: true), forPath: declared)
            host.setBehavior(.oversized(byteCount: 3 * 1_048_576, declaresLength: false), forPath: chunked)
            let loader = makeLoader(for: host) { $0.maxBytes = 1_048_576 }
            for path in [declared, chunked] {
                let error = await #expect(throws: ImageLoaderError.self) {
                    try await loader.image(for: host.url(forPath: path))
                }
                #expect(error?.kind == .tooLarge(limit: 1_048_576))
            }
            #expect(loader.counters.memoryBytes == 0)
        }
    }

    @Test("T7: bombs are refused by the pixel budget before any cache insert", arguments: TestImage.Format.allCases)
    func bombs(format: TestImage.Format) async throws {
        try await withFakeImageHost { host in
            try await withTemporaryDirectory { directory in
                let path = FakeImageHost.thumbnailPath(name: "Bomb", format: format)
                host.setBehavior(.bomb(format), forPath: path)
                let loader = makeLoader(for: host, diskDirectory: directory)
                let error = await #expect(throws: ImageLoaderError.self) {
                    try await loader.image(for: host.url(forPath: path))
                }
                guard case .tooManyPixels(let info, let limit) = error?.kind else {
                    Issue.record("expected tooManyPixels, got \(String(describing: error))")
                    return
                }
                #expect(info.pixelCount == 400_000_000 && limit == 40_000_000)
                #expect(loader.counters.memoryBytes == 0 && loader.counters.downloads == 0)
                #expect(cacheFiles(in: directory).isEmpty)
                #expect(await loader.cachedImage(for: host.url(forPath: path)) == nil)
            }
        }
    }

    @Test("a hanging host ends at the deadline as timedOut")
    func deadline() async throws {
        try await withFakeImageHost { host in
            host.inject(.hang)
            let loader = makeLoader(for: host) { $0.deadline = .milliseconds(300) }
            let started = ContinuousClock.now
            let error = await #expect(throws: ImageLoaderError.self) {
                try await loader.image(for: host.url(forPath: FakeImageHost.thumbnailPath(name: "Slow")))
            }
            #expect(error?.kind == .timedOut(.milliseconds(300)))
            #expect(ContinuousClock.now - started < .milliseconds(300) + timingSlack)
        }
    }

    @Test("a policy that hangs (a slow name lookup) ends at the deadline too")
    func slowPolicy() async throws {
        let policy = ImageFetchPolicy { _ in
            try? await untilCancelled()
            return true
        }
        let loader = ImageLoader(
            configuration: .init(userAgent: "Scout/test (tests@example.org)", deadline: .milliseconds(300)),
            policy: policy)
        let started = ContinuousClock.now
        let error = await #expect(throws: ImageLoaderError.self) {
            try await loader.image(for: URL(string: "https://images.example/x.png")!)
        }
        #expect(error?.kind == .timedOut(.milliseconds(300)))
        #expect(ContinuousClock.now - started < .milliseconds(300) + timingSlack)
    }

    @Test("error sentences never contain the URL or the key")
    func safeMessages() {
        let kinds: [ImageLoaderError.Kind] = [
            .refused, .tooManyRedirects(limit: 3), .timedOut(.seconds(5)), .tooLarge(limit: 5 * 1_048_576),
            .tooManyPixels(ImageInfo(format: .png, width: 20_000, height: 20_000), limit: 40_000_000), .notAnImage,
            .status(403), .rateLimited(retryAfter: nil), .unavailable, .transport,
        ]
        for kind in kinds {
            let error = ImageLoaderError(kind, details: "http://127.0.0.1/secret-key.png")
            #expect(!error.description.contains("secret-key") && !error.description.contains("http"))
            #expect(error.debugDescription.contains("secret-key"))
        }
    }

    @Test("the default policy refuses http, IP literals and odd ports without connecting")
    func defaultPolicy() async throws {
        let policy = ImageFetchPolicy.publicHTTPS(resolver: HostResolver { _ in [IPAddress("10.0.0.7")!] })
        for text in [
            "http://upload.wikimedia.org/x.png", "https://127.0.0.1/x.png", "https://2130706433/x.png",
            "https://upload.wikimedia.org:8443/x.png", "https://[::1]/x.png", "https://upload.wikimedia.org/x.png",
        ] {
            #expect(await policy.allows(URL(string: text)!) == false, "\(text)")
        }
        let publicPolicy = ImageFetchPolicy.publicHTTPS(resolver: HostResolver { _ in [IPAddress("198.35.26.112")!] })
        #expect(await publicPolicy.allows(URL(string: "https://upload.wikimedia.org/x.png")!))
    }
}
