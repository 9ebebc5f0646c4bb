import Foundation
import HTTPServer
import ScoutServer
import ScoutTestSupport
import Testing

@testable import ImageLoading

@Suite("ImageProxy caching under load and disk trouble (T10)", .timeLimit(.minutes(10)))
struct ImageProxyCacheTests {
    typealias Harness = ImageProxyHarness

    @Test("100 concurrent requests for one image through the server: 1 download, 100 identical images")
    func coalescing() async throws {
        try await withFakeImageHost { host in
            host.faults.latency = .milliseconds(300)
            let proxy = Harness.proxy(for: host)
            try await Harness.serve(proxy) { port in
                let path = FakeImageHost.thumbnailPath(name: "Crowd", format: .jpeg)
                var connections: [RawHTTPConnection] = []
                for _ in 0..<100 {
                    let connection = try RawHTTPConnection(port: port, timeout: .seconds(20))
                    try await connection.send("GET \(Harness.target(forPath: path)) HTTP/1.1\r\nHost: x\r\n\r\n")
                    connections.append(connection)
                }
                var bodies: Set<[UInt8]> = []
                for connection in connections {
                    let response = try await connection.readResponse()
                    #expect(response.status == 200)
                    bodies.insert(response.body)
                }
                #expect(bodies.count == 1)
                #expect(host.requests.count == 1)
                #expect(proxy.loader.counters.downloads == 1)
            }
        }
    }

    @Test(
        "memory hits, answered on the server thread (from the loader, then from the hot images), carry the first reply's bytes and headers"
    )
    func memoryHitHeaders() async throws {
        try await withFakeImageHost { host in
            let proxy = Harness.proxy(for: host)
            try await Harness.serve(proxy) { port in
                let target = Harness.target(forPath: FakeImageHost.thumbnailPath(name: "Hot", format: .webp))
                let first = try await Harness.get(target, port: port)
                for hit in 1...3 {
                    let again = try await Harness.get(target, port: port)
                    #expect(first.status == 200 && again.status == 200 && again.body == first.body, "hit \(hit)")
                    for name in ["Content-Type", "Cache-Control", "X-Content-Type-Options", "Content-Security-Policy"] {
                        #expect(
                            again.headers.values(for: name) == first.headers.values(for: name), "\(name), hit \(hit)")
                    }
                }
                // The loader answered the first hit; the proxy's hot images the others, counted as memory hits too.
                #expect(proxy.loader.counters.memoryHits == 1 && proxy.counters.memoryHits == 3)
                #expect(host.requests.count == 1)
            }
        }
    }

    @Test("T10a: a cached file with flipped bytes or cut short is never served; it is fetched again")
    func corruption() async throws {
        try await withFakeImageHost { host in
            try await withTemporaryDirectory { directory in
                let path = FakeImageHost.thumbnailPath(name: "Damaged", format: .png, width: 64)
                let original = try await Harness.serve(Harness.proxy(for: host, diskDirectory: directory)) { port in
                    try await Harness.get(Harness.target(forPath: path), port: port).body
                }
                for damage in 0..<2 {
                    let file = try #require(Self.cacheFiles(in: directory).first)
                    var bytes = try Data(contentsOf: file)
                    if damage == 0 { bytes[bytes.count / 2] ^= 0xFF } else { bytes = bytes.prefix(bytes.count - 100) }
                    try bytes.write(to: file)
                    // A restarted server: empty memory, the damaged file on disk.
                    let proxy = Harness.proxy(for: host, diskDirectory: directory)
                    try await Harness.serve(proxy) { port in
                        let response = try await Harness.get(Harness.target(forPath: path), port: port)
                        #expect(response.status == 200 && response.body == original)
                        #expect(proxy.loader.counters.corruptEntriesRemoved == 1)
                    }
                }
                #expect(host.requests.count == 3)
            }
        }
    }

    @Test("T10b: on a full disk every request is still answered, from memory, and /metrics says so")
    func fullDisk() async throws {
        try await withFakeImageHost { host in
            try await withTemporaryDirectory { directory in
                let proxy = Harness.proxy(for: host, diskDirectory: directory) {
                    $0.diskWriter = .failing(ENOSPC)
                    $0.log = { _ in }
                }
                try await Harness.serve(proxy) { port in
                    for round in 0..<2 {
                        for index in 0..<5 {
                            let path = FakeImageHost.thumbnailPath(name: "Full\(index)", format: .gif)
                            let response = try await Harness.get(Harness.target(forPath: path), port: port)
                            #expect(response.status == 200, "round \(round), image \(index)")
                        }
                    }
                }
                let counters = proxy.loader.counters
                #expect(counters.isMemoryOnly && counters.diskFallbacks == 1 && counters.memoryHits == 5)
                #expect(host.requests.count == 5 && Self.cacheFiles(in: directory).isEmpty)
            }
        }
    }

    static func cacheFiles(in directory: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".img") }.map { directory.appendingPathComponent($0) }
    }
}
