import Foundation
import ImageLoading
import ScoutTestSupport
import Testing

@Suite("ImageLoader disk cache (T10)", .timeLimit(.minutes(10)))
struct DiskCacheTests {
    @Test("a second loader on the same directory serves from disk without the network")
    func survivesRestart() async throws {
        try await withFakeImageHost { host in
            try await withTemporaryDirectory { directory in
                let url = host.url(forPath: FakeImageHost.thumbnailPath(name: "Disk", format: .png))
                let original = try await makeLoader(for: host, diskDirectory: directory).image(for: url)
                #expect(cacheFiles(in: directory).count == 1)
                let restarted = makeLoader(for: host, diskDirectory: directory)
                #expect(try await restarted.image(for: url) == original)
                #expect(restarted.counters.diskHits == 1 && restarted.counters.misses == 0)
                #expect(host.requests.count == 1)
            }
        }
    }

    @Test(
        "a corrupted entry (flipped byte, truncation, planted junk) is a miss, deleted, never served",
        arguments: ["flip", "truncate", "junk", "empty"])
    func corruption(damage: String) async throws {
        try await withFakeImageHost { host in
            try await withTemporaryDirectory { directory in
                let url = host.url(forPath: FakeImageHost.thumbnailPath(name: "Corrupt", format: .png, width: 40))
                let original = try await makeLoader(for: host, diskDirectory: directory).image(for: url)
                let file = try #require(cacheFiles(in: directory).first)
                var bytes = try Data(contentsOf: file)
                switch damage {
                case "flip": bytes[bytes.count - 10] ^= 0x01
                case "truncate": bytes = bytes.prefix(bytes.count - 7)
                case "junk": bytes = Data(TestImage.make(.gif, width: 2, height: 2))
                default: bytes = Data()
                }
                try bytes.write(to: file)

                let restarted = makeLoader(for: host, diskDirectory: directory)
                #expect(await restarted.cachedImage(for: url) == nil)
                #expect(!FileManager.default.fileExists(atPath: file.path))
                #expect(restarted.counters.corruptEntriesRemoved == 1)
                #expect(try await restarted.image(for: url) == original)  // fetched again
                #expect(host.requests.count == 2)
                #expect(cacheFiles(in: directory).count == 1)
            }
        }
    }

    @Test("a temporary file is abandoned an hour after it was written, by the loader's wall clock")
    func abandonedTemporaryFiles() async throws {
        try await withFakeImageHost { host in
            try await withTemporaryDirectory { directory in
                let written = Date(timeIntervalSince1970: 1_800_000_000)
                let temporary = directory.appendingPathComponent(".tmp-another-writer")
                try Data([1, 2, 3]).write(to: temporary)
                try FileManager.default.setAttributes([.modificationDate: written], ofItemAtPath: temporary.path)
                let url = host.url(forPath: FakeImageHost.thumbnailPath(name: "Abandoned", format: .png))
                for (elapsed, isKept) in [(TimeInterval(3599), true), (3601, false)] {
                    let loader = makeLoader(for: host, diskDirectory: directory) { configuration in
                        configuration.wallClock = { written.addingTimeInterval(elapsed) }
                    }
                    #expect(await loader.cachedImage(for: url) == nil)  // reads the directory
                    #expect(FileManager.default.fileExists(atPath: temporary.path) == isKept, "after \(elapsed) s")
                }
                #expect(host.requests.isEmpty)
            }
        }
    }

    @Test("the size cap holds: the least recently used files go")
    func sizeCap() async throws {
        try await withFakeImageHost { host in
            try await withTemporaryDirectory { directory in
                let capacity = 40 * 1024
                let loader = makeLoader(for: host, diskDirectory: directory) { $0.diskCapacity = capacity }
                for index in 0..<12 {
                    let url = host.url(
                        forPath: FakeImageHost.thumbnailPath(name: "Cap\(index)", format: .png, width: 80))
                    _ = try await loader.image(for: url)
                    #expect(cacheSize(in: directory) <= capacity)
                }
                #expect(loader.counters.diskEvictions > 0)
                #expect(loader.counters.diskBytes == cacheSize(in: directory))
                #expect(cacheFiles(in: directory).count < 12)
            }
        }
    }

    @Test("when the directory becomes unwritable, images stay in memory and are still served")
    func writeFailure() async throws {
        try await withFakeImageHost { host in
            try await withTemporaryDirectory { parent in
                let directory = parent.appendingPathComponent("images")
                let loader = makeLoader(for: host, diskDirectory: directory)
                // Replace the directory with a file: every write now fails (ENOTDIR), even as root.
                try FileManager.default.removeItem(at: directory)
                try Data("not a directory".utf8).write(to: directory)
                let url = host.url(forPath: FakeImageHost.thumbnailPath(name: "NoDisk", format: .jpeg))
                let image = try await loader.image(for: url)
                #expect(try await loader.image(for: url) == image)
                #expect(loader.counters.diskWriteFailures == 1 && loader.counters.memoryHits == 1)
                #expect(host.requests.count == 1)
            }
        }
    }

    @Test("memory is an LRU bounded in bytes")
    func memoryBound() async throws {
        try await withFakeImageHost { host in
            let single = TestImage.png(width: 64, height: 48).count
            let loader = makeLoader(for: host) { $0.memoryCapacity = single * 3 }
            let urls = (0..<4).map { host.url(forPath: FakeImageHost.thumbnailPath(name: "Lru\($0)", width: 64)) }
            for url in urls.prefix(3) { _ = try await loader.image(for: url) }
            _ = try await loader.image(for: urls[0])  // 0 becomes most recent; 1 is now the oldest
            _ = try await loader.image(for: urls[3])  // evicts 1
            #expect(loader.counters.memoryEvictions == 1)
            #expect(loader.counters.memoryBytes <= single * 3)
            #expect(await loader.cachedImage(for: urls[1]) == nil)
            #expect(await loader.cachedImage(for: urls[0]) != nil)
        }
    }
}
