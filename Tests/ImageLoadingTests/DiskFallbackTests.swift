import Foundation
import ScoutTestSupport
import Synchronization
import Testing

@testable import ImageLoading

@Suite("ImageLoader on a full or failing disk (T10b)", .timeLimit(.minutes(10)))
struct DiskFallbackTests {
    @Test("ENOSPC and EIO: memory only, every request answered, counted, logged once", arguments: [ENOSPC, EIO])
    func fallback(code: Int32) async throws {
        try await withFakeImageHost { host in
            try await withTemporaryDirectory { directory in
                let log = LogLines()
                let loader = makeLoader(for: host, diskDirectory: directory) {
                    $0.diskWriter = .failing(code)
                    $0.log = log.append
                }
                let urls = (0..<6).map { thumbnail("Full\($0)", on: host) }
                for url in urls {
                    let image = try await loader.image(for: url)
                    #expect(image.info.format == .png)
                }
                for url in urls { _ = try await loader.image(for: url) }
                let counters = loader.counters
                #expect(counters.diskWriteFailures == 1, "no write is tried while memory-only")
                #expect(counters.diskFallbacks == 1 && counters.isMemoryOnly)
                #expect(counters.memoryHits == 6 && host.requests.count == 6)
                #expect(cacheFiles(in: directory).isEmpty)
                #expect(log.all.count == 1)
                #expect(log.all.first?.contains(String(cString: strerror(code))) == true)
            }
        }
    }

    @Test("a disk that fills up while running, then frees space, is used again after the retry interval")
    func recovers() async throws {
        try await withFakeImageHost { host in
            try await withTemporaryDirectory { directory in
                let clock = ManualClock()
                let isFull = Mutex(false)
                let log = LogLines()
                let loader = makeLoader(for: host, diskDirectory: directory, clock: clock) {
                    $0.diskWriter = .failing(ENOSPC, when: { isFull.withLock { $0 } })
                    $0.diskRetryInterval = .seconds(60)
                    $0.log = log.append
                }
                _ = try await loader.image(for: thumbnail("Before", on: host))
                #expect(cacheFiles(in: directory).count == 1)

                isFull.withLock { $0 = true }
                _ = try await loader.image(for: thumbnail("During", on: host))
                #expect(loader.isMemoryOnly)
                #expect(await loader.cachedImage(for: thumbnail("Before", on: host)) != nil)  // memory still serves

                isFull.withLock { $0 = false }
                clock.advance(by: .seconds(59))
                _ = try await loader.image(for: thumbnail("StillWaiting", on: host))
                #expect(cacheFiles(in: directory).count == 1)
                clock.advance(by: .seconds(1))
                _ = try await loader.image(for: thumbnail("After", on: host))
                #expect(!loader.isMemoryOnly && cacheFiles(in: directory).count == 2)

                isFull.withLock { $0 = true }
                _ = try await loader.image(for: thumbnail("Again", on: host))
                #expect(loader.counters.diskFallbacks == 2 && log.all.count == 1)
            }
        }
    }

    @Test("other write errors (a directory replaced by a file) are counted but keep trying")
    func otherErrors() async throws {
        try await withFakeImageHost { host in
            try await withTemporaryDirectory { directory in
                let loader = makeLoader(for: host, diskDirectory: directory) { $0.diskWriter = .failing(EACCES) }
                for index in 0..<3 { _ = try await loader.image(for: thumbnail("Denied\(index)", on: host)) }
                #expect(loader.counters.diskWriteFailures == 3 && loader.counters.diskFallbacks == 0)
                #expect(!loader.isMemoryOnly)
            }
        }
    }
}
