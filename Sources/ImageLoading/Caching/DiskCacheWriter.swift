import Foundation

/// How the disk cache puts a finished file in place. The real one writes a temporary file,
/// fsyncs it and renames it; tests swap in one that fails the way a full or dying disk does,
/// since a small filesystem cannot be mounted without privileges.
///
/// ```swift
/// var configuration = ImageLoader.Configuration(userAgent: agent)
/// configuration.diskWriter = .failing(ENOSPC)   // @testable: every write fails, disk full
/// ```
struct DiskCacheWriter: Sendable {
    /// Writes `data` as `name` in `directory`, or throws ``DiskCache/WriteError``.
    let write: @Sendable (_ data: Data, _ directory: URL, _ name: String) throws -> Void

    /// Temporary file, fsync, rename, fsync of the directory (SECURITY.md T10).
    static let atomic = DiskCacheWriter { data, directory, name in
        try DiskCache.writeAtomically(data, to: directory, name: name)
    }

    /// Fails every write with `code` (ENOSPC, EIO …) without touching the disk.
    static func failing(_ code: Int32) -> DiskCacheWriter {
        DiskCacheWriter { _, _, _ in throw DiskCache.WriteError(call: "write", code: code) }
    }

    /// Writes normally until `isFailing()` says otherwise, then fails with `code`: a disk that
    /// fills up, and is emptied again, while the loader runs.
    static func failing(_ code: Int32, when isFailing: @escaping @Sendable () -> Bool) -> DiskCacheWriter {
        DiskCacheWriter { data, directory, name in
            if isFailing() { throw DiskCache.WriteError(call: "write", code: code) }
            try DiskCache.writeAtomically(data, to: directory, name: name)
        }
    }
}
