import Foundation

/// An export on its way to its ``ExportDestination``: bytes go out with ``write(_:)`` as they
/// are made, so no export is ever held whole, and ``finish()`` ends it — for a regular file,
/// the temporary file beside it is flushed to disk and renamed over it. A writer dropped without
/// finishing (the store failed, the export was cancelled) removes its temporary file, so the
/// old file stays as it was.
///
/// ```swift
/// let writer = try ExportDestination(argument: "books.jsonl").open()
/// try writer.write(lines)
/// try writer.finish()
/// ```
public final class ExportWriter {
    private let descriptor: Int32
    /// What messages call the destination: its path, or `standard output`.
    private let name: String
    /// Whether the descriptor is this writer's to close (not standard output's).
    private let ownsDescriptor: Bool
    /// For a regular file, the temporary file written and the file it replaces.
    private let replacement: (temporary: String, target: String)?
    private var isClosed = false

    init(descriptor: Int32, name: String, ownsDescriptor: Bool, replacement: (temporary: String, target: String)?) {
        self.descriptor = descriptor
        self.name = name
        self.ownsDescriptor = ownsDescriptor
        self.replacement = replacement
    }

    deinit { abandon() }

    /// Writes every byte of `data`, retrying interrupted and short writes. Throws
    /// ``BookCatalogError/unwritableFile(path:reason:)`` — a full disk, a closed pipe.
    public func write(_ data: some ContiguousBytes) throws {
        precondition(!isClosed, "An export was written to after it ended.")
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw ExportDestination.unwritable(name)
                }
                offset += written
            }
        }
    }

    /// Ends the export: a regular file's temporary file is flushed with `fsync` and renamed
    /// over the file, which readers then see whole. Throws
    /// ``BookCatalogError/unwritableFile(path:reason:)``; the old file is then kept.
    public func finish() throws {
        precondition(!isClosed, "An export was ended twice.")
        guard let replacement else {
            isClosed = true
            if ownsDescriptor, close(descriptor) != 0 { throw ExportDestination.unwritable(name) }
            return
        }
        isClosed = true
        let isFlushed = fsync(descriptor) == 0
        // The reason is the failed call's, read before `close` or `unlink` can change it.
        let flushError = isFlushed ? nil : ExportDestination.unwritable(name)
        close(descriptor)
        guard isFlushed, rename(replacement.temporary, replacement.target) == 0 else {
            let error = flushError ?? ExportDestination.unwritable(name)
            unlink(replacement.temporary)
            throw error
        }
    }

    /// Closes an unfinished export and removes its temporary file.
    private func abandon() {
        guard !isClosed else { return }
        isClosed = true
        if ownsDescriptor { close(descriptor) }
        if let replacement { unlink(replacement.temporary) }
    }
}
