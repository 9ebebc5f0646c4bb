import Foundation
import HTTPServer
import ImageLoading
import ScoutTestSupport
import Testing

@testable import ScoutServer

/// With no images in memory (`--image-memory 0`), disk-cache hits are sent from the files
/// themselves, each checked in full once and then held open (SECURITY.md T10): every hit gets
/// the image the first reply had, a file changed, cut short or removed after it was checked is
/// never sent again, and no descriptor outlives the proxy.
@Suite("Disk hits sent from files", .timeLimit(.minutes(10)))
struct DiskHitFileTests {
    typealias Harness = ImageProxyHarness

    /// A proxy keeping nothing in memory, whose wall clock runs 10 s ahead so that files just
    /// written count as settled (held).
    static func proxy(for host: FakeImageHost, directory: URL, settled: Bool = true) -> ImageProxy {
        Harness.proxy(for: host, diskDirectory: directory) {
            $0.memoryCapacity = 0
            if settled { $0.wallClock = { Date().addingTimeInterval(10) } }
        }
    }

    @Test("every disk hit carries the first reply's bytes and headers; the file is checked once and held")
    func heldAndSent() async throws {
        try await withFakeImageHost { host in
            try await withTemporaryDirectory { directory in
                do {
                    let proxy = Self.proxy(for: host, directory: directory)
                    try await Harness.serve(proxy) { port in
                        let target = Harness.target(forPath: FakeImageHost.thumbnailPath(name: "Held", format: .png))
                        let first = try await Harness.get(target, port: port)
                        #expect(first.status == 200 && !first.body.isEmpty)
                        for hit in 1...10 {
                            let again = try await Harness.get(target, port: port)
                            #expect(again.status == 200 && again.body == first.body, "hit \(hit)")
                            for name in ["Content-Type", "Cache-Control", "X-Content-Type-Options", "Content-Length"] {
                                #expect(again.headers.values(for: name) == first.headers.values(for: name), "\(name)")
                            }
                        }
                        let head = try RawHTTPConnection(port: port)
                        try await head.send("HEAD \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
                        let headReply = try await head.readResponse(forHead: true)
                        #expect(headReply.status == 200 && headReply.body.isEmpty)
                        #expect(headReply.headers["Content-Length"] == "\(first.body.count)")
                    }
                    let counters = proxy.counters
                    #expect(counters.downloads == 1 && counters.diskHits == 11 && counters.memoryHits == 0)
                    #expect(proxy.hotFiles.count == 1 && host.requests.count == 1)
                }
                #expect(openDescriptors(under: directory).isEmpty && mappedFiles(under: directory).isEmpty)
            }
        }
    }

    @Test("T10: a held file flipped in place, cut short or removed is never sent again; the image is fetched anew")
    func damagedAfterHeld() async throws {
        try await withFakeImageHost { host in
            try await withTemporaryDirectory { directory in
                let proxy = Self.proxy(for: host, directory: directory)
                try await Harness.serve(proxy) { port in
                    let target = Harness.target(forPath: FakeImageHost.thumbnailPath(name: "Harmed", width: 64))
                    let original = try await Harness.get(target, port: port).body
                    for damage in ["flip", "truncate", "remove"] {
                        #expect(try await Harness.get(target, port: port).body == original, "held before \(damage)")
                        let file = try #require(ImageProxyCacheTests.cacheFiles(in: directory).first)
                        let handle = try FileHandle(forUpdating: file)
                        switch damage {
                        case "flip":
                            let size = try handle.seekToEnd()
                            try handle.seek(toOffset: size - 10)
                            try handle.write(contentsOf: [0xFF])
                        case "truncate": try handle.truncate(atOffset: 200)
                        default: try FileManager.default.removeItem(at: file)
                        }
                        try handle.close()
                        let response = try await Harness.get(target, port: port)
                        #expect(response.status == 200 && response.body == original, "after \(damage)")
                    }
                }
                #expect(proxy.loader.counters.corruptEntriesRemoved == 2)
                #expect(host.requests.count == 4)
            }
        }
    }

    @Test("a file changed in the last 2 s is checked and sent, but not held")
    func unsettledNotHeld() async throws {
        try await withFakeImageHost { host in
            try await withTemporaryDirectory { directory in
                let proxy = Self.proxy(for: host, directory: directory, settled: false)
                try await Harness.serve(proxy) { port in
                    let target = Harness.target(forPath: FakeImageHost.thumbnailPath(name: "Fresh", format: .gif))
                    let first = try await Harness.get(target, port: port)
                    #expect(try await Harness.get(target, port: port).body == first.body)
                    #expect(try await Harness.get(target, port: port).body == first.body)
                }
                #expect(proxy.counters.diskHits == 2 && proxy.hotFiles.count == 0)
            }
        }
    }
}
