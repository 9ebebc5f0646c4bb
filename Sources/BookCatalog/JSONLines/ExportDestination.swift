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
        let writer = try open()
        try writer.write(data)
        try writer.finish()
    }

    /// Opens this destination for an export written as it is made: ``ExportWriter/write(_:)``
    /// as often as needed, then ``ExportWriter/finish()``. A regular file is written to a
    /// temporary file beside it that `finish` renames over it; an export dropped before then
    /// leaves the old file as it was. Throws ``BookCatalogError/unwritableFile(path:reason:)``.
    public func open() throws -> ExportWriter {
        switch self {
        case .standardOutput:
            return ExportWriter(descriptor: 1, name: name, ownsDescriptor: false, replacement: nil)
        case .file(let url):
            let path = url.path
            var status = stat()
            if lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK {
                // The link stays: write to what it names, or create that through it.
                guard stat(path, &status) == 0 else { return try Self.openInPlace(path) }
                let target = URL(fileURLWithPath: path).resolvingSymlinksInPath()
                guard (status.st_mode & S_IFMT) == S_IFREG else { return try Self.openInPlace(path) }
                return try Self.openReplacement(of: target, shownAs: path)
            }
            let exists = lstat(path, &status) == 0
            guard !exists || (status.st_mode & S_IFMT) == S_IFREG else { return try Self.openInPlace(path) }
            return try Self.openReplacement(of: url, shownAs: path)
        }
    }

    /// A temporary file in `url`'s folder, to be renamed over it once written whole; it takes
    /// the mode of the file it replaces, or a new file's (0666 less the umask, as `open` gives
    /// it). The temporary name is this process's own, as the search index file's
    /// (`IndexBytes.save`), so two exports never share one.
    ///
    /// Not Foundation's `Data.write(to:options: .atomic)`: on Linux (Swift 6.3) it wrote a buffer
    /// past 2 GiB as its first 0x7ffff000 bytes (one `write` call's most) followed by its
    /// beginning again, so a million-book backup held every book twice and lost its last
    /// relations, silently (issue #37).
    private static func openReplacement(of url: URL, shownAs path: String) throws -> ExportWriter {
        var status = stat()
        let replacedMode = stat(url.path, &status) == 0 ? status.st_mode & 0o7777 : nil
        let temporary = url.path + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = Foundation.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw unwritable(path) }
        // From here the writer owns the temporary file: it removes it unless it finishes.
        let writer = ExportWriter(
            descriptor: descriptor, name: path, ownsDescriptor: true, replacement: (temporary, url.path))
        if let replacedMode, fchmod(descriptor, replacedMode) != 0 { throw unwritable(path) }
        return writer
    }

    /// The error for `path` after a failed call, with the system's reason (`errno`).
    static func unwritable(_ path: String) -> BookCatalogError {
        .unwritableFile(path: path, reason: String(cString: strerror(errno)))
    }

    /// Opens `path` for writing as it is (a device, a pipe, a link's missing target).
    private static func openInPlace(_ path: String) throws -> ExportWriter {
        let descriptor = Foundation.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw unwritable(path) }
        return ExportWriter(descriptor: descriptor, name: path, ownsDescriptor: true, replacement: nil)
    }
}
