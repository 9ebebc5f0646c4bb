import Foundation
import ImageLoading
import ScoutTestSupport
import Testing

@Suite("ImageLoader disk cache shared by two writers (T10)", .timeLimit(.minutes(10)))
struct DiskCacheSharingTests {
    @Test("two loaders writing the same keys at once leave only whole, verified entries")
    func twoWriters() async throws {
        try await withFakeImageHost { host in
            try await withTemporaryDirectory { directory in
                let urls = (0..<20).map { thumbnail("Both\($0)", on: host) }
                let writers = [
                    makeLoader(for: host, diskDirectory: directory), makeLoader(for: host, diskDirectory: directory),
                ]
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for writer in writers {
                        for url in urls { group.addTask { _ = try await writer.image(for: url) } }
                    }
                    try await group.waitForAll()
                }
                let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                #expect(!names.contains { $0.hasPrefix(".tmp-") }, "no temporary file is left behind")
                #expect(cacheFiles(in: directory).count == urls.count)

                let reader = makeLoader(for: host, diskDirectory: directory)
                for url in urls { _ = try await reader.image(for: url) }
                #expect(reader.counters.diskHits == urls.count && reader.counters.corruptEntriesRemoved == 0)
                #expect(host.requests.count == 2 * urls.count)
            }
        }
    }
}
