import Foundation

/// A disk-cache entry checked in full — length, key, checksum, sniffed as an image — and held
/// open, so that a server can send its image from the file (by `sendfile` or a mapping) again
/// and again without reading or checking it again. ``isIntact`` (one `fstat`) tells whether
/// the file is still the one that was checked: the same device, inode, size, modification and
/// change times, and still linked — the cache's eviction and a newer entry renamed over it
/// both unlink it, and any write in place changes its times (SECURITY.md T10).
///
/// ```swift
/// if let file = await loader.diskFile(for: url), loader.reuse(file) {
///     let (descriptor, offset, count) = (file.descriptor, file.imageOffset, file.imageCount)  // for sendfile(2)
/// }
/// ```
public final class CachedImageFile: Sendable {
    /// Open, read-only, for as long as this object lives.
    public let descriptor: Int32
    /// Where the image starts in the file (after the entry's header and key).
    public let imageOffset: Int
    /// The image's length in bytes.
    public let imageCount: Int
    /// The image's format and size, sniffed from its bytes when it was checked.
    public let info: ImageInfo
    /// Whether the file had last changed at least ``settleTime`` before it was checked. A write
    /// within the same tick of the file system's clock could leave the times as they were, so
    /// only a settled file should be held and sent again on the strength of ``isIntact``.
    public let isSettled: Bool
    /// The entry's name in the cache directory.
    let name: String
    private let identity: FileIdentity

    /// How long a file must have been left alone to count as settled.
    static let settleTime: TimeInterval = 2

    init(descriptor: Int32, image: Range<Int>, info: ImageInfo, identity: FileIdentity, name: String, now: Date) {
        self.descriptor = descriptor
        self.imageOffset = image.lowerBound
        self.imageCount = image.count
        self.info = info
        self.identity = identity
        self.name = name
        self.isSettled = identity.changed.addingTimeInterval(Self.settleTime) <= now
    }

    /// Whether the file is still linked into the cache and unchanged since it was checked.
    public var isIntact: Bool {
        guard let current = FileIdentity(descriptor: descriptor) else { return false }
        return current.isLinked && current == identity
    }

    deinit { close(descriptor) }
}

/// What tells one version of a file from another without reading it.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: timespec
    let changedAt: timespec
    /// Not compared: a file unlinked since is the same file, just no longer the cache's.
    let isLinked: Bool

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        #if os(Linux)
            modified = status.st_mtim
            changedAt = status.st_ctim
        #else
            modified = status.st_mtimespec
            changedAt = status.st_ctimespec
        #endif
        isLinked = status.st_nlink > 0
    }

    init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.init(status)
    }

    /// When the file's inode last changed, as a date.
    var changed: Date {
        Date(timeIntervalSince1970: TimeInterval(changedAt.tv_sec) + TimeInterval(changedAt.tv_nsec) / 1e9)
    }

    static func == (left: FileIdentity, right: FileIdentity) -> Bool {
        left.device == right.device && left.inode == right.inode && left.size == right.size
            && left.modified.tv_sec == right.modified.tv_sec && left.modified.tv_nsec == right.modified.tv_nsec
            && left.changedAt.tv_sec == right.changedAt.tv_sec && left.changedAt.tv_nsec == right.changedAt.tv_nsec
    }
}
