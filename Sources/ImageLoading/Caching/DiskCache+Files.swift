import Foundation

extension DiskCache {
    /// Why a write failed: the system call and its `errno` (ENOSPC, EIO, EACCES …).
    struct WriteError: Error, CustomStringConvertible {
        let call: String
        let code: Int32

        var description: String { "\(call) failed: \(String(cString: strerror(code)))" }

        /// Whether the disk itself is the problem (full, failing, over quota, read-only), so
        /// the next write would fail too.
        var meansDiskUnusable: Bool { [ENOSPC, EIO, EDQUOT, EROFS].contains(code) }
    }

    /// The whole regular file open as `descriptor`, and what `fstat` said of it before and
    /// after the read, when it is at most `limit` bytes and did not change while it was read.
    static func contents(of descriptor: Int32, limit: Int) -> (data: Data, identity: FileIdentity)? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size <= limit else {
            return nil
        }
        let size = Int(status.st_size)
        var bytes = [UInt8](repeating: 0, count: size)
        var offset = 0
        while offset < size {
            let count = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + offset, size - offset, off_t(offset))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            offset += count
        }
        let identity = FileIdentity(status)
        guard FileIdentity(descriptor: descriptor) == identity else { return nil }
        return (Data(bytes), identity)
    }

    /// Writes `data` to a fresh temporary file in `directory`, fsyncs it, renames it to `name`
    /// and fsyncs the directory; on any failure the temporary file is removed.
    static func writeAtomically(_ data: Data, to directory: URL, name: String) throws {
        let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let temporary = directory.appendingPathComponent(".tmp-\(suffix)").path
        let final = directory.appendingPathComponent(name).path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw WriteError(call: "open", code: errno) }
        do {
            try writeAll(data, to: descriptor)
            guard fsync(descriptor) == 0 else { throw WriteError(call: "fsync", code: errno) }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        guard close(descriptor) == 0 else {
            let code = errno
            unlink(temporary)
            throw WriteError(call: "close", code: code)
        }
        guard rename(temporary, final) == 0 else {
            let code = errno
            unlink(temporary)
            throw WriteError(call: "rename", code: code)
        }
        let directoryDescriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    private static func writeAll(_ data: Data, to descriptor: Int32) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { throw WriteError(call: "write", code: written < 0 ? errno : EIO) }
                offset += written
            }
        }
    }
}
