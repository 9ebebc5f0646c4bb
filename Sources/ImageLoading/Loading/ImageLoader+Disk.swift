import Foundation
import Synchronization

extension ImageLoader {
    /// Whether the disk cache is in use, and whether its failure has been logged.
    struct DiskHealth {
        /// Set when the disk failed: until then (on the loader's clock) memory only.
        var memoryOnlyUntil: Duration?
        /// The fallback is logged once per loader, not once per failed write.
        var hasLogged = false
    }

    /// The disk cache, unless there is none or it failed recently (SECURITY.md T10b: a full or
    /// failing disk degrades the loader to memory only; it never stops serving).
    var usableDisk: DiskCache? {
        guard let disk else { return nil }
        let now = elapsed()
        return diskHealth.withLock { health in
            guard let until = health.memoryOnlyUntil else { return disk }
            guard now >= until else { return nil }
            health.memoryOnlyUntil = nil  // time to try the disk again
            return disk
        }
    }

    /// Whether the loader is caching in memory only because the disk failed.
    public var isMemoryOnly: Bool {
        disk != nil && diskHealth.withLock { $0.memoryOnlyUntil.map { elapsed() < $0 } ?? false }
    }

    /// Reads and verifies `key`'s disk entry; a corrupt one has been deleted and is counted.
    func lookupOnDisk(_ key: String) async -> DiskCache.Lookup {
        guard let disk = usableDisk else { return .miss }
        let lookup = await onDiskQueue { disk.lookup(key) }
        if case .corrupt = lookup { tally.withLock { $0.corruptEntriesRemoved += 1 } }
        return lookup
    }

    /// Writes `image` to disk; on a full or failing disk, falls back to memory only for
    /// ``Configuration/diskRetryInterval`` and says so once in the log.
    func storeOnDisk(_ image: LoadedImage, for key: String) async {
        guard let disk = usableDisk else { return }
        let outcome = await onDiskQueue { () -> Result<Int, DiskCache.WriteError> in
            do {
                return .success(try disk.store(image, for: key))
            } catch let error as DiskCache.WriteError {
                return .failure(error)
            } catch {
                return .failure(DiskCache.WriteError(call: "store", code: EIO))
            }
        }
        switch outcome {
        case .success(let evicted):
            if evicted > 0 { tally.withLock { $0.diskEvictions += evicted } }
        case .failure(let error):
            tally.withLock { $0.diskWriteFailures += 1 }
            if error.meansDiskUnusable { fallBackToMemory(after: error, directory: disk.directory) }
        }
    }

    private func fallBackToMemory(after error: DiskCache.WriteError, directory: URL) {
        let interval = configuration.diskRetryInterval
        let now = elapsed()
        let shouldLog = diskHealth.withLock { health -> Bool in
            health.memoryOnlyUntil = now + interval
            defer { health.hasLogged = true }
            return !health.hasLogged
        }
        tally.withLock { $0.diskFallbacks += 1 }
        guard shouldLog else { return }
        configuration.log(
            "image cache: the disk cache in \(directory.path) failed (\(error)); caching images in memory "
                + "only, and trying the disk again every \(interval.components.seconds) s.")
    }

    /// Runs blocking file work on the loader's own queue, off the cooperative pool.
    func onDiskQueue<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            diskQueue.async { continuation.resume(returning: work()) }
        }
    }

    /// One line on standard error, `scout: ` first, like the server's own messages.
    static func writeToStandardError(_ message: String) {
        FileHandle.standardError.write(Data("scout: \(message)\n".utf8))
    }
}

extension ImageLoader {
    /// Whether the loader keeps images in memory at all; when it does not
    /// (``Configuration/memoryCapacity`` 0), a server sends disk hits from the file instead.
    public var keepsImagesInMemory: Bool { configuration.memoryCapacity > 0 }

    /// The disk entry for `url`, checked in full and held open to be sent from the file (see
    /// ``CachedImageFile``); nil when it is not on disk or did not check out (it is then
    /// deleted and counted). Counts a disk hit; never touches the network or memory.
    public func diskFile(for url: URL) async -> CachedImageFile? {
        guard let key = HopURL.canonical(url)?.absoluteString, let disk = usableDisk else { return nil }
        switch await onDiskQueue({ disk.file(for: key) }) {
        case .hit(let file):
            tally.withLock { $0.diskHits += 1 }
            return file
        case .corrupt:
            tally.withLock { $0.corruptEntriesRemoved += 1 }
            return nil
        case .miss:
            return nil
        }
    }

    /// Whether `file`, from ``diskFile(for:)``, may be sent again: true, counting a disk hit
    /// and marking its entry used (so eviction keeps files served this way), while it is
    /// still the entry that was checked (``CachedImageFile/isIntact``).
    public func reuse(_ file: CachedImageFile) -> Bool {
        guard file.isIntact else { return false }
        disk?.markUsed(file.name)
        tally.withLock { $0.diskHits += 1 }
        return true
    }
}
