import Foundation

/// A read-only shared mapping of a ``FileRegion``, so that libmicrohttpd sends a prepared file
/// reply as it sends bytes in memory: header and body in one `sendmsg`, where `sendfile` took
/// a `send` for the header and a `sendfile` (a splice through a pipe) for the body — in the
/// images benchmark, 0.87× nginx by `sendfile` and 1.26× mapped (separate runs, each against
/// nginx in that run).
///
/// The mapping is never read in this process; only the kernel copies from it while sending.
/// That is what makes it safe against a file cut short under it (T10): a process touching a
/// mapped page past the end of its file dies of `SIGBUS`, but the kernel's copy fails with
/// `EFAULT`, which libmicrohttpd takes as a failed send and closes that connection — exactly what
/// a short `sendfile` does. libmicrohttpd 0.9.75 without TLS (Scout's server has none) passes a
/// buffer body only to `send`/`sendmsg`; it copies body bytes into its own buffer only for TLS.
final class FileMapping {
    /// Where the region's first byte is mapped.
    let start: UnsafeRawPointer
    private let base: UnsafeMutableRawPointer
    private let length: Int

    /// Maps `region`; nil when the system will not (an empty region, a file system without
    /// mappings, no address space), and the caller sends it by `sendfile` instead.
    init?(_ region: FileRegion) {
        // A mapping starts on a page boundary; the region's offset (past an entry's own header)
        // need not.
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let mappedOffset = region.offset / page * page
        let lead = region.offset - mappedOffset
        guard region.count > 0,
            let base = mmap(nil, lead + region.count, PROT_READ, MAP_SHARED, region.descriptor, off_t(mappedOffset)),
            base != MAP_FAILED
        else { return nil }
        self.base = base
        self.length = lead + region.count
        self.start = UnsafeRawPointer(base + lead)
    }

    deinit { munmap(base, length) }
}
