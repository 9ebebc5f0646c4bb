import Foundation

/// Where an export goes, and how it is written there so that nothing but the file's content
/// changes: standard output (`scout books export -`); a regular file, new or replaced
/// atomically (a temporary file in its folder renamed over it, so a reader sees the old file or
/// the new one); through a symbolic link to the file it names (the link stays a link); straight
/// into a device or a pipe (`/dev/stdout`, a FIFO), which cannot be renamed over. A write that
/// fails — `/dev/full`, a closed pipe, a full disk — is an error, never a short file and exit 0.
///
/// ```swift
/// try ExportDestination(argument: "-").write(data)            // to standard output
/// try ExportDestination(argument: "books.jsonl").write(data)  // atomically
/// ```
public enum ExportDestination: Sendable, Hashable {
    /// Standard output.
    case standardOutput
    /// A path: a regular file (or none yet), a symbolic link, a device or a pipe.
    case file(URL)

    /// `-` for standard output, else the path.
    public init(argument: String) {
        self = argument == "-" ? .standardOutput : .file(URL(fileURLWithPath: argument))
    }

    /// What messages call it: `standard output` or the path.
    public var name: String {
        switch self {
        case .standardOutput: "standard output"
        case .file(let url): url.path
        }
    }

    /// Writes `data` here. Throws ``BookCatalogError/unwritableFile(path:reason:)``.
    public func write(_ data: Data) throws {
        switch self {
        case .standardOutput:
            try Self.writeAll(data, to: 1, name: name)
        case .file(let url):
            let path = url.path
            var status = stat()
            if lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK {
                // The link stays: write to what it names, or create that through it.
                guard stat(path, &status) == 0 else { return try Self.writeInPlace(data, path: path) }
                let target = URL(fileURLWithPath: path).resolvingSymlinksInPath()
                guard (status.st_mode & S_IFMT) == S_IFREG else { return try Self.writeInPlace(data, path: path) }
                return try Self.replaceAtomically(data, at: target, shownAs: path)
            }
            let exists = lstat(path, &status) == 0
            guard !exists || (status.st_mode & S_IFMT) == S_IFREG else {
                return try Self.writeInPlace(data, path: path)
            }
            try Self.replaceAtomically(data, at: url, shownAs: path)
        }
    }

    /// A temporary file in `url`'s folder, written whole, flushed, then renamed over it; it
    /// takes the mode of the file it replaces, or a new file's (0666 less the umask, as `open`
    /// gives it). The temporary name is this process's own, as the search index file's
    /// (`IndexBytes.save`), so two exports never share one.
    ///
    /// Not Foundation's `Data.write(to:options: .atomic)`: on Linux (Swift 6.3) it wrote a buffer
    /// past 2 GiB as its first 0x7ffff000 bytes (one `write` call's most) followed by its
    /// beginning again, so a million-book backup held every book twice and lost its last
    /// relations, silently (issue #37).
    private static func replaceAtomically(_ data: Data, at url: URL, shownAs path: String) throws {
        var status = stat()
        let replacedMode = stat(url.path, &status) == 0 ? status.st_mode & 0o7777 : nil
        let temporary = url.path + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw Self.unwritable(path) }
        var isRenamed = false
        defer { if !isRenamed { unlink(temporary) } }
        do {
            defer { close(descriptor) }
            if let replacedMode, fchmod(descriptor, replacedMode) != 0 { throw Self.unwritable(path) }
            try writeAll(data, to: descriptor, name: path)
            guard fsync(descriptor) == 0 else { throw Self.unwritable(path) }
        }
        guard rename(temporary, url.path) == 0 else { throw Self.unwritable(path) }
        isRenamed = true
    }

    /// The error for `path` after a failed call, with the system's reason (`errno`).
    private static func unwritable(_ path: String) -> BookCatalogError {
        .unwritableFile(path: path, reason: String(cString: strerror(errno)))
    }

    /// Opens `path` for writing as it is (a device, a pipe, a link's missing target) and writes.
    private static func writeInPlace(_ data: Data, path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw Self.unwritable(path) }
        defer { close(descriptor) }
        try writeAll(data, to: descriptor, name: path)
    }

    /// Writes every byte of `data` to `descriptor`, retrying interrupted and short writes.
    private static func writeAll(_ data: Data, to descriptor: Int32, name: String) throws {
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw Self.unwritable(name)
                }
                offset += written
            }
        }
    }
}
