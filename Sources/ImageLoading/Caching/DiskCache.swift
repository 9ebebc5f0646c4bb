import Foundation
import Synchronization

/// Cached images as files in one directory, named by the SHA-256 of their key: written to a
/// temporary file, fsynced and renamed into place (never half-visible), checked on every read
/// (length, key and checksum; a bad entry is deleted and reads as a miss), and kept under a
/// size cap by removing the least recently used files (SECURITY.md T10).
///
/// Blocking: call it off the cooperative pool (``ImageLoader`` uses its own queue). The time of
/// day comes from `now` (``ImageLoader/Configuration/wallClock``), since it is compared with the
/// files' modification dates.
final class DiskCache: Sendable {
    /// What a read found.
    enum Lookup {
        case hit(LoadedImage)
        case miss
        /// The file was there but did not check out; it has been deleted.
        case corrupt
    }

    private struct FileRecord {
        var size: Int
        var lastUse: Date
    }

    private struct Index {
        var files: [String: FileRecord] = [:]
        var totalBytes = 0
        var writesSinceScan = 0
        var isLoaded = false
    }

    let directory: URL
    let capacity: Int
    /// Larger files are never read (a cap on what a corrupt or planted file can cost).
    let maxEntryBytes: Int
    private let writer: DiskCacheWriter
    /// The time of day, for when an entry was last used and whether a temporary file is abandoned.
    private let now: @Sendable () -> Date
    private let index = Mutex(Index())
    private static let rescanInterval = 64
    private static let suffix = ".img"
    private static let temporaryPrefix = ".tmp-"

    /// Creates the directory (mode 0700) if needed; throws when it cannot.
    init(
        directory: URL, capacity: Int, maxEntryBytes: Int, writer: DiskCacheWriter = .atomic,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        self.directory = directory
        self.capacity = max(0, capacity)
        self.maxEntryBytes = maxEntryBytes
        self.writer = writer
        self.now = now
    }

    /// The file name for `key`.
    static func fileName(for key: String) -> String { SHA256.hex(key) + suffix }

    /// The path of `key`'s file (it may not exist).
    func path(for key: String) -> String { directory.appendingPathComponent(Self.fileName(for: key)).path }

    /// Reads and verifies `key`'s entry.
    func lookup(_ key: String) -> Lookup {
        switch check(key) {
        case .passed(let file, let contents):
            let image = contents.withUnsafeBytes { Data($0[file.imageOffset..<(file.imageOffset + file.imageCount)]) }
            return .hit(LoadedImage(data: image, info: file.info))
        case .miss: return .miss
        case .corrupt: return .corrupt
        }
    }

    /// What a read for sending from the file found.
    enum FileLookup {
        case hit(CachedImageFile)
        case miss
        /// The file was there but did not check out; it has been deleted.
        case corrupt
    }

    /// Reads and verifies `key`'s entry as ``lookup(_:)`` does, and keeps it open to be sent
    /// from the file.
    func file(for key: String) -> FileLookup {
        switch check(key) {
        case .passed(let file, _): .hit(file)
        case .miss: .miss
        case .corrupt: .corrupt
        }
    }

    /// What checking an entry found: the entry open, with the whole file as read.
    private enum Check {
        case passed(CachedImageFile, contents: Data)
        case miss
        case corrupt
    }

    /// Opens `key`'s entry and checks all of it; one that is there but does not check out is
    /// deleted.
    private func check(_ key: String) -> Check {
        loadIndexIfNeeded()
        let name = Self.fileName(for: key)
        let descriptor = open(directory.appendingPathComponent(name).path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT {
                forget(name)
                return .miss
            }
            remove(name)
            return .corrupt
        }
        guard let (contents, identity) = Self.contents(of: descriptor, limit: maxBytes(for: key)),
            let body = DiskCacheEntry.bodyRange(in: contents, key: key),
            let info = contents.withUnsafeBytes({ ImageSniffer.sniff(Data($0[body])) })
        else {
            close(descriptor)
            remove(name)
            return .corrupt
        }
        markUsed(name, size: contents.count)
        let file = CachedImageFile(
            descriptor: descriptor, image: body, info: info, identity: identity, name: name, now: now())
        return .passed(file, contents: contents)
    }

    /// Records that the entry `name` was just read, so eviction takes it last.
    func markUsed(_ name: String) {
        index.withLock { index in index.files[name]?.lastUse = now() }
    }

    private func markUsed(_ name: String, size: Int) {
        index.withLock { index in
            if index.files[name] == nil { index.totalBytes += size }
            index.files[name] = FileRecord(size: size, lastUse: now())
        }
    }

    /// The largest file `key`'s entry can be.
    private func maxBytes(for key: String) -> Int { DiskCacheEntry.headerSize + key.utf8.count + maxEntryBytes }

    /// Writes `image` under `key` atomically, then evicts down to the cap; returns how many
    /// files were evicted. Throws (leaving no partial file) when the write fails.
    @discardableResult
    func store(_ image: LoadedImage, for key: String) throws -> Int {
        let file = DiskCacheEntry.encode(key: key, body: image.data)
        guard file.count <= capacity else { return 0 }
        loadIndexIfNeeded()
        let name = Self.fileName(for: key)
        try writer.write(file, directory, name)
        let rescan = index.withLock { index in
            index.totalBytes += file.count - (index.files[name]?.size ?? 0)
            index.files[name] = FileRecord(size: file.count, lastUse: now())
            index.writesSinceScan += 1
            return index.writesSinceScan >= Self.rescanInterval
        }
        // Other processes may share the directory: now and then, count what is really there.
        if rescan { scan() }
        return evict(keeping: name)
    }

    /// Deletes every entry.
    func removeAll() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasSuffix(Self.suffix) { unlink(directory.appendingPathComponent(name).path) }
        index.withLock { $0 = Index(isLoaded: true) }
    }

    /// Bytes of all entries, as far as this process knows.
    var totalBytes: Int {
        loadIndexIfNeeded()
        return index.withLock { $0.totalBytes }
    }

    private func evict(keeping kept: String) -> Int {
        var evicted = 0
        while true {
            let victim: String? = index.withLock { index in
                guard index.totalBytes > capacity else { return nil }
                return index.files.filter { $0.key != kept }.min { $0.value.lastUse < $1.value.lastUse }?.key
            }
            guard let victim else { return evicted }
            remove(victim)
            evicted += 1
        }
    }

    private func remove(_ name: String) {
        unlink(directory.appendingPathComponent(name).path)
        forget(name)
    }

    private func forget(_ name: String) {
        index.withLock { index in
            if let record = index.files.removeValue(forKey: name) { index.totalBytes -= record.size }
        }
    }

    private func loadIndexIfNeeded() {
        if !index.withLock({ $0.isLoaded }) { scan() }
    }

    /// Rebuilds the index from the directory; removes temporary files abandoned over an hour ago.
    private func scan() {
        let manager = FileManager.default
        var fresh = Index(isLoaded: true)
        let names = (try? manager.contentsOfDirectory(atPath: directory.path)) ?? []
        let staleBefore = now().addingTimeInterval(-3600)
        for name in names {
            let path = directory.appendingPathComponent(name).path
            guard let attributes = try? manager.attributesOfItem(atPath: path),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { continue }
            let modified = attributes[.modificationDate] as? Date ?? .distantPast
            if name.hasPrefix(Self.temporaryPrefix) {
                if modified < staleBefore { unlink(path) }
                continue
            }
            guard name.hasSuffix(Self.suffix) else { continue }
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            fresh.files[name] = FileRecord(size: size, lastUse: modified)
            fresh.totalBytes += size
        }
        index.withLock { $0 = fresh }
    }
}
