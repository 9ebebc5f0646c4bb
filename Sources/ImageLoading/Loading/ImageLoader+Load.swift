import Foundation
import Synchronization

extension ImageLoader {
    /// The image for `key` through the flight table: joins the load in flight for it, or
    /// starts one (disk, then network). Foreground requests and prefetches both come here.
    func load(_ url: URL, key: String) async throws -> LoadedImage {
        try await flights.value(
            for: key, joined: { [self] in tally.withLock { $0.coalesced += 1 } },
            work: { [self] in try await loadMissing(url, key: key) })
    }

    /// Disk, then network; whatever arrives is cached in memory and on disk. A 404 is
    /// remembered; nothing else that fails is.
    private func loadMissing(_ url: URL, key: String) async throws -> LoadedImage {
        if case .hit(let image) = await lookupOnDisk(key) {
            tally.withLock { $0.diskHits += 1 }
            insertInMemory(image, for: key)
            return image
        }
        tally.withLock { $0.misses += 1 }
        let image: LoadedImage
        do {
            image = try await download(url)
        } catch let error as ImageLoaderError {
            if error.kind == .status(404) { negatives.insert(key, now: elapsed()) }
            throw error
        } catch {
            // Only cancellation gets here: the last waiter left and the download stopped.
            tally.withLock { $0.cancelledDownloads += 1 }
            throw error
        }
        insertInMemory(image, for: key)
        tally.withLock { counters in
            counters.downloads += 1
            counters.bytesDownloaded += image.data.count
        }
        await storeOnDisk(image, for: key)
        return image
    }

    private func insertInMemory(_ image: LoadedImage, for key: String) {
        let evicted = memory.insert(image, for: key)
        if evicted > 0 { tally.withLock { $0.memoryEvictions += evicted } }
    }
}
