import Foundation

/// Bytes of an open file that a response sends straight from the page cache: no copy into the
/// process, none into libmicrohttpd. For bodies already on disk — a cached image — that are
/// too many or too large to hold in memory. A plain response sends it by `sendfile`; a
/// ``PreparedResponse`` maps it once and every request sends header and body in one
/// `sendmsg` from that mapping, which only the kernel reads.
///
/// The region borrows its descriptor from `owner`, which keeps it open for as long as the
/// region lives; each libmicrohttpd response sending it by `sendfile` holds a duplicate of its
/// own.
///
/// ```swift
/// let region = FileRegion(descriptor: file.descriptor, offset: 56, count: 4_096, owner: file)
/// return Response(headers: ["Content-Type": "image/png"], body: .file(region))
/// ```
public final class FileRegion: Sendable {
    /// Open for as long as ``owner`` lives.
    public let descriptor: Int32
    /// Where the bytes start in the file.
    public let offset: Int
    /// How many bytes are sent.
    public let count: Int
    private let owner: any Sendable & AnyObject

    public init(descriptor: Int32, offset: Int, count: Int, owner: any Sendable & AnyObject) {
        self.descriptor = descriptor
        self.offset = offset
        self.count = count
        self.owner = owner
    }

    /// A duplicate of the descriptor, for libmicrohttpd to close when its response is done;
    /// -1 when the process is out of descriptors.
    func duplicateDescriptor() -> Int32 { fcntl(descriptor, F_DUPFD_CLOEXEC, 0) }

    /// The bytes, read from the file (for tests and tools; responses never read them); nil
    /// when the file no longer holds them all.
    public var bytes: [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let read = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
            }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { return nil }
            done += read
        }
        return bytes
    }
}
